import ArgumentParser
import Foundation
import NotesCore

/// `notes`: with no subcommand, opens the full-screen UI; subcommands are the scripting contract.
@main
struct Notes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "A keyboard-driven terminal notes manager with colored categories."
    )

    @Option(name: .long, help: "The store file (default: $NOTES_STORE, else $XDG_DATA_HOME/notes/notes.json).")
    var store: String?

    func run() throws {
        try OpenUI.run(storePath: store)
    }
}
