import ArgumentParser
import Foundation

/// `notes`: with no subcommand, opens the full-screen UI; subcommands are the scripting contract.
@main
struct Notes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "A keyboard-driven terminal notes manager with colored categories.",
        discussion: """
        With no command, opens the full-screen notes manager. The commands below are the \
        scripting interface; every one takes --store PATH.
        """,
        subcommands: [
            Add.self, List.self, Show.self, Links.self, Edit.self, SetFields.self, Append.self, Pin.self, Unpin.self,
            Remove.self, TrashCommand.self, Restore.self, Attach.self, Detach.self, OpenAttachment.self,
            CategoryCommand.self, TagCommand.self, Today.self, ConfigCommand.self,
            Export.self, Import.self, SyncCommand.self, Doctor.self, Compact.self,
        ]
    )

    /// `--store PATH`: the same option group as every subcommand's, so that it parses
    /// before or after the subcommand's name.
    @OptionGroup var storeOptions: StoreOptions

    /// `--version`, `-V`: print the version instead of opening the UI.
    @Flag(name: [.customLong("version"), .customShort("V")], help: "Print the version and the commit it was built from.")
    var version = false

    /// The `--store` path, if given.
    var store: String? { storeOptions.store }

    func run() throws {
        if version {
            Console.out(NotesVersion.text)
            return
        }
        try OpenUI.run(storePath: store)
    }
}
