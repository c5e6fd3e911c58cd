import ArgumentParser
import Foundation
import NotesModel
import NotesTerminal

/// `notes trash [--json]` and `notes trash empty [--older-than DAYS]`.
struct TrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trash",
        abstract: "List the trash, or empty it.",
        discussion: "'notes rm' moves notes to the trash; 'notes restore' brings them back.",
        subcommands: [ListTrash.self, EmptyTrash.self],
        defaultSubcommand: ListTrash.self
    )
}

/// `notes trash [list] [--json]`
struct ListTrash: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the notes in the trash, most recently deleted first.",
        discussion: "One note a line: short id, when it was deleted, category, title. --json: see json-output.md."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print JSON (a stable format) instead of text.")
    var json = false

    func run() throws {
        let store = try storeOptions.open()
        if json {
            Console.out(TrashOutput.json(in: store.contents).serialized())
        } else if store.contents.trash.isEmpty {
            Console.error("the trash is empty")
        } else {
            Console.out(lines: TrashOutput.lines(in: store.contents, output: PlainOutput(columns: DisplayWidth.of)))
        }
    }
}

/// `notes trash empty [--older-than DAYS]`
struct EmptyTrash: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "empty",
        abstract: "Delete the notes in the trash for good.",
        discussion: "With --older-than DAYS, only those deleted more than DAYS days ago."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .customLong("older-than"), help: ArgumentHelp("Only notes deleted more than this many days ago.", valueName: "days"))
    var olderThan: Int?

    func validate() throws {
        if let olderThan, olderThan < 0 || olderThan > 1_000_000 {
            throw ValidationError("--older-than takes a number of days from 0 to 1000000")
        }
    }

    func run() throws {
        let store = try storeOptions.open()
        let cutoff = olderThan.map { Date().addingTimeInterval(-Double($0) * 86_400) }
        let changes = store.contents.emptyTrashChanges(deletedBefore: cutoff)
        let count = changes.filter { if case .deleteNote = $0 { true } else { false } }.count
        if !changes.isEmpty { try store.commit(changes) }
        let kept = store.contents.trash.count
        var message = "deleted \(count) \(count == 1 ? "note" : "notes") for good"
        if kept > 0 { message += "; \(kept) newer \(kept == 1 ? "note stays" : "notes stay") in the trash" }
        Console.out(message)
    }
}

/// `notes restore ID...`
struct Restore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring notes back from the trash.",
        discussion: """
        ID is a full id or a unique prefix of at least 4 characters, as shown by 'notes trash'. \
        A note goes back into its category, or is uncategorized if that category was deleted. \
        If any ID is not in the trash, nothing is restored.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The notes' ids or unique prefixes of them.")
    var ids: [String]

    func validate() throws {
        guard !ids.isEmpty else { throw ValidationError("give the id of at least one note in the trash") }
    }

    func run() throws {
        let store = try storeOptions.open()
        let notes = try NoteIDs.distinct(ids, store.contents.requireTrashedNote)
        try store.commit(notes.map { .restoreNote($0.id) })
        for note in notes {
            var line = "restored \(note.id.uuidString.prefix(PlainOutput.shortIDLength))  \(note.title)"
            if let categoryID = note.categoryID, store.contents.notes[note.id]?.categoryID == nil {
                let name = store.contents.anyCategory(categoryID)?.name
                line += name.map { " (its category '\($0)' was deleted: now uncategorized)" } ?? " (its category was deleted: now uncategorized)"
            }
            Console.out(line)
        }
    }
}

extension NotesDatabase {
    /// The trashed note whose id is `text` or uniquely starts with it; else a clear error.
    func requireTrashedNote(_ text: String) throws -> Note {
        if let note = trashedNote(idOrPrefix: text) { return note }
        let prefix = text.uppercased()
        let matches = prefix.count >= 4 ? trash.keys.filter { $0.uuidString.hasPrefix(prefix) }.count : 0
        if matches > 1 { throw CLIError.ambiguousNoteID(text, matches: matches) }
        if note(idOrPrefix: text) != nil { throw CLIError.notInTrash(text) }
        throw CLIError.noSuchNote(text)
    }
}
