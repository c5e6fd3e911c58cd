import ArgumentParser
import Foundation
import NotesBase
import NotesLinks
import NotesModel
import NotesStore

/// `notes set ID [--title T [--no-update-links]] [--body TEXT|-] [--category NAME|--no-category] [--tag T]... [--untag T]... [--kind K]
/// [--alias A]... [--no-alias A]...`
struct SetFields: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a note's title, body, category, tags, kind or aliases, and print what changed.",
        discussion: """
        Nothing is written when any value is wrong. A value may start with '-' (--title "-x"). \
        '--body -' reads the new body from standard input. \
        A new title also rewrites the links to the note in other notes ([[Old]] → [[New]], \
        [x](Old.md) → [x](New.md)), in the same commit, unless --no-update-links is given. \
        An alias is another name a [[link]] to the note may use; it is never the title.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    @Option(parsing: .unconditional, help: ArgumentHelp("The new title.", valueName: "title"))
    var title: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The new body (Markdown); '-' reads it from standard input.", valueName: "text"))
    var body: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Move the note to this category (it must exist).", valueName: "name"),
            completion: StoreCompletion.categories)
    var category: String?

    @Flag(help: "Take the note out of its category.")
    var noCategory = false

    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Add a tag (repeatable); '#' and case are ignored.", valueName: "tag"),
            completion: StoreCompletion.tags)
    var tag: [String] = []

    @Option(name: .long, parsing: .unconditionalSingleValue, help: ArgumentHelp("Remove a tag (repeatable).", valueName: "tag"),
            completion: StoreCompletion.tags)
    var untag: [String] = []

    @Flag(help: "With --title: leave the links to the note in other notes as they are.")
    var noUpdateLinks = false

    @Option(help: ArgumentHelp("The kind: \(NoteKind.allCases.map(\.name).joined(separator: ", ")).", valueName: "kind"),
            completion: StoreCompletion.kinds)
    var kind: String?

    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Add an alias, another name [[links]] may use (repeatable).", valueName: "alias"))
    var alias: [String] = []

    @Option(name: .customLong("no-alias"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Remove an alias (repeatable).", valueName: "alias"))
    var noAlias: [String] = []

    func validate() throws {
        if title == nil, body == nil, category == nil, !noCategory, tag.isEmpty, untag.isEmpty, kind == nil,
           alias.isEmpty, noAlias.isEmpty {
            throw ValidationError("nothing to change: give --title, --body, --category, --no-category, --tag, --untag, --kind, "
                + "--alias or --no-alias")
        }
        for raw in alias where Note.cleanAliases([raw]).isEmpty { throw ValidationError("an alias cannot be blank") }
        if category != nil && noCategory { throw ValidationError("give --category or --no-category, not both") }
        if let title, title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("a note needs a title")
        }
        if let kind, NoteKind(name: kind) == nil {
            throw ValidationError("unknown kind '\(kind)' (expected one of \(NoteKind.allCases.map(\.name).joined(separator: ", ")))")
        }
        for raw in untag where Tag.normalize(raw) == nil {
            throw ValidationError("'\(raw)' is not a tag name")
        }
        for raw in tag { try NewTagName.check(raw) }
    }

    /// The options as a field edit of the note as it was read, resolved against the store
    /// under its lock (`StoreEdit.resolve`): fields not named keep whatever another process
    /// set meanwhile, tags are added and removed on the current set, and a title, category
    /// or kind changed elsewhere meanwhile is replaced (a warning names the value).
    func run() throws {
        let newBody = try body == "-" ? StandardInput.readAll() : body
        // The config's `update_links = false` turns link rewriting off as --no-update-links does.
        let updatesLinks = title != nil && !noUpdateLinks && CLISettings.load().settings.updateLinks
        var store = try storeOptions.open(touching: [id])
        let base = try store.contents.requireNote(id)
        let edit = try fieldEdit(of: base, in: store.contents, body: newBody)
        let outcome: (before: Note, resolution: EditResolution)
        if updatesLinks, edit.title != nil {
            outcome = try TitleRename.committing(renaming: base, in: &store, openWhole: storeOptions.open) { store, rename in
                try commit(edit, of: base, in: store, rename: rename)
            }
        } else {
            outcome = try commit(edit, of: base, in: store, rename: nil)
        }
        report(outcome.resolution, from: outcome.before, in: store)
    }

    /// The options as a field edit of `base` (the note as read).
    private func fieldEdit(of base: Note, in database: NotesDatabase, body newBody: String?) throws -> NoteEdit {
        var edit = NoteEdit(noteID: base.id)
        if let title, title != base.title { edit.title = FieldChange(from: base.title, to: title) }
        if let newBody, !base.hasBody(newBody) { edit.setBody(from: base.body, to: newBody) }
        if category != nil || noCategory {
            let target = try category.map { try database.requireCategory($0).id }
            if target != base.categoryID { edit.category = FieldChange(from: base.categoryID, to: target) }
        }
        edit.addedTags = Set(tag.compactMap(Tag.normalize))
        edit.removedTags = Set(untag.compactMap(Tag.normalize))
        edit.addedTags.subtract(edit.removedTags)  // --tag x --untag x: removed, as the options are read in that order
        if let kind, let parsed = NoteKind(name: kind), parsed != base.kind { edit.kind = FieldChange(from: base.kind, to: parsed) }
        let aliases = AliasOptions.applied(adding: alias, removing: noAlias, to: base.aliases)
        if aliases != base.aliases { edit.aliases = FieldChange(from: base.aliases, to: aliases) }
        return edit
    }

    /// Commits `edit` and, with `rename`, the link rewrites derived under the lock from the
    /// note's title then. Returns the note as it was then and what the edits came to.
    private func commit(_ edit: NoteEdit, of base: Note, in store: NotesStore,
                        rename: TitleRename?) throws -> (before: Note, resolution: EditResolution) {
        var before = base
        var resolution = EditResolution()
        try store.commit(derivedFrom: { database in
            before = database.notes[base.id] ?? base
            let edits = try rename?.storeEdits(for: edit, in: database, store: store) ?? [.note(edit)]
            resolution = try StoreEdit.resolve(edits, in: database, now: ISODate.rounded(Date()))
            return resolution.changes
        })
        return (before, resolution)
    }

    /// Prints what changed, how many notes had their links updated, and any value replaced.
    private func report(_ resolution: EditResolution, from before: Note, in store: NotesStore) {
        guard let after = store.contents.notes[before.id], !resolution.changes.isEmpty else {
            Console.out("no changes")
            return
        }
        Console.out(lines: NoteChangeSummary.lines(from: before, to: after, in: store.contents))
        let relinked = Set(resolution.outcomes.dropFirst().compactMap { outcome -> UUID? in
            if case .note(let id) = outcome.subject { return id }
            return nil
        })
        if !relinked.isEmpty { Console.out("updated links in \(relinked.count) \(relinked.count == 1 ? "note" : "notes")") }
        if !resolution.replaced.isEmpty {
            Console.warning("the note changed meanwhile elsewhere: \(ReplacedValue.note(resolution.replaced))")
        }
    }
}

/// "title: old → new" lines for `notes set`.
enum NoteChangeSummary {
    static func lines(from old: Note, to new: Note, in database: NotesDatabase) -> [String] {
        var lines: [String] = []
        let categoryName = { (id: UUID?) in id.flatMap { database.categories[$0]?.name } ?? "(none)" }
        if old.title != new.title { lines.append("title: \(old.title) → \(new.title)") }
        if old.categoryID != new.categoryID {
            lines.append("category: \(categoryName(old.categoryID)) → \(categoryName(new.categoryID))")
        }
        let added = new.tags.subtracting(old.tags).sorted().map { "+\($0)" }
        let removed = old.tags.subtracting(new.tags).sorted().map { "-\($0)" }
        if !(added + removed).isEmpty { lines.append("tags: " + (added + removed).joined(separator: " ")) }
        if !old.hasSameBody(as: new) { lines.append("body: \(old.body.count) → \(new.body.count) characters") }
        if old.kind != new.kind { lines.append("kind: \(old.kind.name) → \(new.kind.name)") }
        if old.pinned != new.pinned { lines.append("pinned: \(old.pinned ? "yes" : "no") → \(new.pinned ? "yes" : "no")") }
        if old.aliases != new.aliases { lines.append("aliases: \(AliasOptions.shown(old.aliases)) → \(AliasOptions.shown(new.aliases))") }
        return lines
    }
}
