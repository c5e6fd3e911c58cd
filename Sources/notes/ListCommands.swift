import ArgumentParser
import Foundation
import NotesConfig
import NotesModel
import NotesTerminal
import NotesUI

/// `notes list [--category NAME|--uncategorized] [--tag TAG]... [--kind KIND] [--search TEXT] [--pinned]
/// [--links-to ID] [--linked-from ID] [--json|--jsonl|--format TEMPLATE]`
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List notes, pinned ones first, then by the config's list.sort (most recently updated first).",
        discussion: """
        One note a line: short id, last update, category, title (after '* ' when pinned), tags. \
        Filters combine: a note must match all of them. --json prints an array of notes \
        (see json-output.md), --jsonl the same objects one a line, and --format one line a note \
        from a template of {id}, {title}, {category}, {tags}, {created}, {updated}, {kind}, {pinned} and \
        \\t, \\n (as in notes list --format '{id}\\t{title}' | fzf). Lines are written as they are made.
        """,
        aliases: ["ls"]
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Only notes in this category.", valueName: "name"),
            completion: StoreCompletion.categories)
    var category: String?

    @Flag(help: "Only notes in no category.")
    var uncategorized = false

    @Option(name: .long, help: ArgumentHelp("Only notes with this tag (repeatable: all must match).", valueName: "tag"),
            completion: StoreCompletion.tags)
    var tag: [String] = []

    @Option(help: ArgumentHelp("Only notes of this kind: \(NoteKind.allCases.map(\.name).joined(separator: ", ")).",
                               valueName: "kind"),
            completion: StoreCompletion.kinds)
    var kind: String?

    @Option(help: ArgumentHelp(
        "Only notes matching this search, as the UI's / filter: every word (in title, body, tags or category), "
            + "\"a phrase\", #tag, @category or @\"Two words\" (# or @ alone: any tag or category); "
            + "-term leaves out what matches term (-draft, -#done, -@ for no category); kind:journal a kind; "
            + "case, accents and Unicode forms are ignored.",
        valueName: "text"))
    var search: String?

    @Option(help: ArgumentHelp("Only notes with a link that leads to this note (id or unique prefix).", valueName: "id"))
    var linksTo: String?

    @Option(help: ArgumentHelp("Only notes this note links to (id or unique prefix).", valueName: "id"))
    var linkedFrom: String?

    @Flag(help: "Only pinned notes (pinned notes are always listed first).")
    var pinned = false

    @Flag(help: "Print JSON (a stable format) instead of text.")
    var json = false

    @Flag(help: "Print one JSON object a line (the objects of --json), for jq and fzf.")
    var jsonl = false

    @Option(help: ArgumentHelp("Print one line a note from this template: {id} {title} {category} {tags} {created} "
                                   + "{updated} {kind} {pinned}, \\t and \\n.", valueName: "template"))
    var format: String?

    func validate() throws {
        if [json, jsonl, format != nil].filter({ $0 }).count > 1 { throw ValidationError("give one of --json, --jsonl and --format") }
        if let format {
            do { _ = try ListFormat(format) } catch { throw ValidationError(error.description) }
        }
        if category != nil && uncategorized { throw ValidationError("give --category or --uncategorized, not both") }
        for raw in tag where Tag.normalize(raw) == nil {
            throw ValidationError("'\(raw)' is not a tag name")
        }
        if let kind, NoteKind(name: kind) == nil {
            throw ValidationError("unknown kind '\(kind)' (expected one of \(NoteKind.allCases.map(\.name).joined(separator: ", ")))")
        }
    }

    func run() throws {
        let sort = CLISettings.load().settings.listSort
        let store = headCanAnswer(sort) ? try storeOptions.open(listHead: ()) : try storeOptions.open()
        if let head = store.listHead(), try list(from: head, in: store.contents) { return }
        let whole = store.isPartial ? try storeOptions.open(reporting: false) : store
        ListOutput.keepUntilExit(whole)
        let database = whole.contents
        let positions = try positions(in: database, sort: sort)
        let plain = { PlainListLine(PlainOutput(columns: DisplayWidth.of), listing: positions, in: database) }
        var output = ListOutput(try form() ?? .plain(plain()))
        output.write(positions, in: database)
        output.finish()
    }

    /// Where the listed notes are in `database.notes`, in list order.
    func positions(in database: NotesDatabase, sort: ListSort) throws -> [NotePosition] {
        var positions = try listing(in: database).positions(in: database, order: ListOrder.order(sort))
        let notes = database.notes.values
        if uncategorized { positions.removeAll { notes[$0].categoryID != nil } }
        if let kind = kind.flatMap(NoteKind.init(name:)) { positions.removeAll { notes[$0].kind != kind } }
        if linksTo != nil || linkedFrom != nil {
            let linked = try LinkFilter(linksTo: linksTo, linkedFrom: linkedFrom, in: database)
            positions.removeAll { !linked.contains(database.notes.keys[$0]) }
        }
        return positions
    }

    func listing(in database: NotesDatabase) throws -> NoteListing {
        NoteListing(categoryID: try category.map { try database.requireCategory($0).id }, tags: Set(tag.compactMap(Tag.normalize)),
                    search: search, pinnedOnly: pinned)
    }

    /// The output form the flags ask for; nil for plain lines.
    func form() throws -> ListOutput.Form? {
        if json { return .json }
        if jsonl { return .jsonl }
        if let format { return .template(try ListFormat(format)) }
        return nil
    }
}

/// `notes show ID [--json]`
struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a note: a header with its fields, then its body."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    @Flag(help: "Print JSON (a stable format) instead of text.")
    var json = false

    func run() throws {
        let store = try storeOptions.open(touching: [id])
        let note = try store.contents.requireNote(id)
        if json {
            Console.out(JSONOutput.note(note, in: store.contents).serialized())
        } else {
            Console.out(PlainOutput().show(note, in: store.contents, progress: ChecklistProgress.text(of: note)), terminator: "")
        }
    }
}
