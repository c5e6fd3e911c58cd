import ArgumentParser
import Foundation
import NotesSync

/// `notes sync encrypt [--identity FILE]`: encrypt an existing sync from now on.
struct SyncEncryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: "Encrypt every file this sync sends from now on (age format).",
        discussion: """
        Without --identity a new key is made in your config folder. With --identity FILE the key of \\
        another machine is used (to join its encrypted remote), or a missing key file is restored. \\
        Commits pushed before stay readable in the remote's history: to leave them behind, sync to a \\
        new, empty remote.
        """)

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: ArgumentHelp("The age identity file to encrypt with (from 'notes sync key --export').", valueName: "file"))
    var identity: String?

    func run() throws {
        let store = try storeOptions.open()
        Self.describe(try SyncEngine(store: store).encrypt(identityFile: identity))
    }

    static func describe(_ setup: SyncEngine.EncryptionSetup) {
        Console.out("encryption on: every file the remote receives is encrypted for \(setup.recipient)")
        Console.out("key: \(setup.identityPath)" + (setup.madeKey ? " (new; keep a copy: without it the remote cannot be read)" : ""))
        Console.out("on another machine: copy the key there ('notes sync key --export > key.txt' prints it), then run "
            + "'notes sync init REMOTE --identity key.txt'; 'age -d -i key.txt FILE' reads any file of the remote")
        if let commit = setup.plainHistory {
            Console.out("note: the remote's history up to \(commit.prefix(10)) still holds the notes in plain text; "
                + "to leave it behind, sync to a new, empty remote (move STORE.sync away, then "
                + "'notes sync init NEW-REMOTE --identity \(setup.identityPath)')")
        }
    }
}

/// `notes sync key [--export]`: the recipient, or the whole identity for another machine.
struct SyncKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key", abstract: "Print this sync's age recipient, or with --export its identity (secret).")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print the identity (the secret key) to copy to another machine.")
    var export = false

    func run() throws {
        let store = try storeOptions.open()
        let key = try SyncEngine(store: store).key()
        if export {
            if isatty(STDOUT_FILENO) == 1 {
                Console.error("this is the secret key of the sync: copy it only to your own machines")
            }
            Console.out(key.identityText, terminator: "")
        } else {
            Console.out(key.recipient)
            if isatty(STDOUT_FILENO) == 1 { Console.error("key file: \(key.identityPath)") }
        }
    }
}
