import ArgumentParser
import Foundation
import NotesBase
import NotesExchange
import NotesConfig
import NotesModel

/// `notes add [TITLE [BODY|-]] [--body TEXT|-] [--template NAME] [--category NAME] [--tag TAG]... [--kind KIND] [--edit]`
struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a note and print its id.",
        discussion: """
        The category must exist (see 'notes category add'); without --category, the config's \
        default_category (if none has that name, a warning, and no category). '-' as the body \
        (or '--body -') reads it from standard input; text piped in beside a title alone is refused, not dropped. Without a title, \
        the note is read from standard input: its first line is the title, the rest the body \
        (echo "Call Ana" | notes add). --template NAME starts the body from NAME.md in the templates \
        folder ({{date}}, {{time}}, {{title}} filled in; {{cursor}} removed, and --edit opens the editor at its line). \
        A title, body or value may start with '-' ('- call Ana', --body "- ship it"). --edit then opens the new note in the editor, as 'notes edit' does.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's title; without it, the first line of standard input.")
    var title: String?

    @Argument(help: ArgumentHelp("The note's body (Markdown); '-' reads it from standard input.", valueName: "body"))
    var bodyArgument: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The note's body (Markdown); '-' reads it from standard input.", valueName: "text"))
    var body: String?

    @Option(help: ArgumentHelp("Start the body from this template (NAME.md in the templates folder).",
                               valueName: "name"))
    var template: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Put the note in this category (it must exist).", valueName: "name"),
            completion: StoreCompletion.categories)
    var category: String?

    @Option(name: .long, parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Tag the note (repeatable); '#' and case are ignored.", valueName: "tag"),
            completion: StoreCompletion.tags)
    var tag: [String] = []

    @Option(help: ArgumentHelp("The kind of note: \(NoteKind.allCases.map(\.name).joined(separator: ", ")).", valueName: "kind"),
            completion: StoreCompletion.kinds)
    var kind: String = NoteKind.note.name

    @Flag(help: "Then edit the whole note in $VISUAL / $EDITOR (see 'notes edit').")
    var edit = false

    func validate() throws {
        if let title, title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("a note needs a title")
        }
        if title == nil, body != nil {
            throw ValidationError("give a title with --body (without a title, standard input is the whole note)")
        }
        if bodyArgument != nil, body != nil { throw ValidationError("give the body once: as an argument or with --body") }
        guard NoteKind(name: kind) != nil else {
            throw ValidationError("unknown kind '\(kind)' (expected one of \(NoteKind.allCases.map(\.name).joined(separator: ", ")))")
        }
        for raw in tag { try NewTagName.check(raw) }
        if template != nil && (body != nil || bodyArgument != nil) { throw ValidationError("give a body or --template, not both") }
        if template != nil && title == nil { throw ValidationError("--template needs a title") }
        // At a terminal nothing is piped in: say so now, with this command's usage, once
        // the arguments themselves are right (`--body X` alone says what is wrong with it).
        if title == nil, isatty(STDIN_FILENO) != 0 {
            throw ValidationError("a note needs a title: give one, or pipe the note in (its first line is the title)")
        }
    }

    func run() throws {
        // A title and no body: text piped in would be left unread, and lost with its pipe.
        if title != nil, body == nil, bodyArgument == nil, StandardInput.holdsWaitingText() {
            throw CLIError.unreadStandardInput
        }
        let environment = ProcessInfo.processInfo.environment
        let settings = CLISettings.load(environment: environment).settings
        let now = ISODate.rounded(Date())
        let chosen = try template.map { try TemplateFiles.require($0, in: TemplateFiles.folder(environment: environment)) }
        let filled = chosen?.fill(title: title ?? "", date: now, timeZone: .current)
        let (noteTitle, text) = try filled.map { (title ?? "", $0.body) } ?? titleAndBody()
        let store = try edit ? storeOptions.open() : storeOptions.open(touching: [])
        let categoryID = try category.map { try store.contents.requireCategory($0).id }
            ?? Self.defaultCategory(settings, in: store.contents)
        var note = Note(title: noteTitle, body: text, created: now, categoryID: categoryID,
                        tags: Set(tag.compactMap(Tag.normalize)), kind: NoteKind(name: kind) ?? .note)
        if let chosen, let filled { note = Self.applying(chosen, filled, to: note, explicit: category != nil, in: store.contents) }
        try store.commit(.putNote(note))
        Console.out(note.id.uuidString)
        if edit {
            fflush(nil)
            try EditInEditor.run(note.id, in: store, settings: settings, cursor: filled?.cursor)
        }
    }

    /// `note` with the fields `template`'s front matter sets (`--category` and a `--kind`
    /// other than `note` win; `--tag`s are added to its tags); a problem is a warning.
    static func applying(_ template: NoteTemplate, _ filled: NoteTemplate.Filled, to note: Note, explicit category: Bool,
                         in database: NotesDatabase) -> Note {
        var header = filled.header
        if category { header.categoryName = nil }
        if note.kind != .note { header.kind = nil }
        let applied = NoteTemplate.apply(header, to: note, template: template.name + ".md") { database.category(named: $0)?.id }
        if let problem = template.problem ?? applied.problem { Console.warning(problem) }
        return applied.note
    }

    /// The config's `default_category`; when no category has that name, a warning naming the
    /// setting's line, and no category (as in the UI): the note, maybe piped in, is not lost.
    static func defaultCategory(_ settings: NotesConfig.Settings, in database: NotesDatabase) -> UUID? {
        guard let name = settings.defaultCategory else { return nil }
        if let category = database.category(named: name) { return category.id }
        Console.warning("no category named '\(name)', which the config's default_category names "
                        + "(\(settings.source(of: "default_category"))): the note is added without a category")
        return nil
    }

    /// The title and body given, or read from standard input (the first line the title).
    private func titleAndBody() throws -> (String, String) {
        if let title {
            let given = bodyArgument ?? body
            return (title, try given == "-" ? StandardInput.readAll() : (given ?? ""))
        }
        guard let (title, body) = MarkdownNoteReader.firstLineTitle(try StandardInput.readAll()) else {
            throw CLIError.emptyStandardInput
        }
        return (title, body)
    }
}

/// `notes rm ID...`: to the trash (see TrashCommands.swift).
struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Move notes to the trash.",
        discussion: """
        ID is a full id or a unique prefix of at least 4 characters, as shown by 'notes list'. \
        'notes restore ID' brings a note back; 'notes trash empty' deletes for good. \
        If any ID is unknown, nothing is moved.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The notes' ids or unique prefixes of them.")
    var ids: [String]

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("give the id of at least one note") }
    }

    func run() throws {
        let store = try storeOptions.open(touching: ids)
        let notes = try NoteIDs.distinct(ids, store.contents.requireNote)
        let now = ISODate.rounded(Date())
        try store.commit(notes.map { .trashNote($0.id, at: now) })
        for note in notes {
            Console.out("moved to the trash: \(note.id.uuidString.prefix(PlainOutput.shortIDLength))  \(note.title)")
        }
        Console.out("'notes restore ID' brings \(notes.count == 1 ? "it" : "them") back")
    }
}

/// Reading a body from standard input.
enum StandardInput {
    static func readAll() throws -> String {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError.unreadableStandardInput }
        return text
    }

    /// Whether standard input is a pipe, socket or file with text already waiting in it
    /// (`echo x | notes add TITLE`). Never reads or waits: a pipe nothing was written to yet,
    /// a terminal and `/dev/null` hold none.
    static func holdsWaitingText() -> Bool {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFIFO, S_IFSOCK:
            var waiting: Int32 = 0
            return ioctl(STDIN_FILENO, UInt(FIONREAD), &waiting) == 0 && waiting > 0
        case S_IFREG:
            let offset = lseek(STDIN_FILENO, 0, SEEK_CUR)
            return offset >= 0 && Int64(info.st_size) > Int64(offset)
        default:
            return false
        }
    }
}
