import ArgumentParser
import Foundation
import NotesModel

/// `notes append ID TEXT|-`: adds to the end of a note's body, as a field edit.
struct Append: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "append",
        abstract: "Add text to the end of a note's body, and print what changed.",
        discussion: """
        A line break goes between the body and the text when the body does not end in one. \
        '-' reads the text from standard input (date | notes append ID -). The text may start with '-' \
        (notes append ID '- [ ] buy milk'); text shaped like an option goes after '--' (notes append ID -- --wip). \
        The text is added to the body \
        as the store holds it when it is written, so a change made meanwhile elsewhere is kept.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    @Argument(help: ArgumentHelp("The text to add; '-' reads it from standard input.", valueName: "text"))
    var text: String

    func run() throws {
        let added = try text == "-" ? StandardInput.readAll() : text
        let store = try storeOptions.open(touching: [id])
        let base = try store.contents.requireNote(id)
        try FieldEditCommit.run(of: base, in: store) { current in
            var edit = NoteEdit(noteID: current.id)
            let body = current.body
            if !added.isEmpty { edit.setBody(from: body, to: Self.appending(added, to: body)) }
            return edit
        }
    }

    /// `body`, then `text`, with a line break between when `body` is not empty and does not end in one.
    static func appending(_ text: String, to body: String) -> String {
        body.isEmpty || body.hasSuffix("\n") ? body + text : body + "\n" + text
    }
}
