import ArgumentParser
import Foundation
import NotesModel

/// `notes pin ID` and `notes unpin ID`: a pinned note is listed before the others.
struct Pin: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Pin a note: it is listed above the others, in the UI and in 'notes list'.",
        discussion: "'notes unpin ID' takes the pin off; 'notes list --pinned' lists the pinned notes."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    func run() throws {
        try PinChange.run(id, pinned: true, storeOptions: storeOptions)
    }
}

/// `notes unpin ID`: the note goes back to its place by date.
struct Unpin: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unpin",
        abstract: "Take the pin off a note (see 'notes pin')."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    func run() throws {
        try PinChange.run(id, pinned: false, storeOptions: storeOptions)
    }
}

/// Sets a note's pin as a field edit, printing "pinned: no → yes" (or "no changes").
enum PinChange {
    static func run(_ id: String, pinned: Bool, storeOptions: StoreOptions) throws {
        let store = try storeOptions.open(touching: [id])
        let base = try store.contents.requireNote(id)
        var edit = NoteEdit(noteID: base.id)
        edit.pinned = FieldChange(from: base.pinned, to: pinned)
        try FieldEditCommit.run(edit, of: base, in: store)
    }
}
