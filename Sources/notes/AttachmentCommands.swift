import ArgumentParser
import Foundation
import NotesBase
import NotesExchange
import NotesModel
import NotesStore

/// `notes attach ID FILE...`
struct Attach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Attach files to a note.",
        discussion: """
        Copies each file into the store's folder (attachments/ID/), in one commit: all of them or none. \
        A symbolic link is not followed; a name the note already has takes a number (photo-2.png). \
        Prints each attachment's path.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    @Argument(help: ArgumentHelp("The files to attach.", valueName: "file"), completion: .file())
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give at least one file to attach") }
    }

    func run() throws {
        let store = try storeOptions.open(touching: [id])
        let note = try store.contents.requireNote(id)
        let added = try NoteAttaching.attach(files, to: note.id, in: store, storeFolder: store.url.deletingLastPathComponent(),
                                             now: ISODate.rounded(Date()))
        Console.out(lines: added.map(\.relativePath))
    }
}

/// `notes detach ID NAME`
struct Detach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detach",
        abstract: "Remove an attachment from a note.",
        discussion: "NAME is the attachment's file name, or its whole path as 'notes show' prints it. Its file is removed."
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    @Argument(help: ArgumentHelp("The attachment's name.", valueName: "name"))
    var name: String

    func run() throws {
        let store = try storeOptions.open(touching: [id])
        let note = try store.contents.requireNote(id)
        let path = try NoteAttaching.detach(name, from: note.id, in: store, storeFolder: store.url.deletingLastPathComponent(),
                                            now: ISODate.rounded(Date()))
        Console.out("detached \(path.relativePath)")
    }
}

/// `notes open ID [NAME]`
struct OpenAttachment: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a note's attachment with your opener.",
        discussion: """
        The opener is $NOTES_OPENER (a command line; the file's path is added as its last argument), \
        else xdg-open, else open. It starts in the background; its output is discarded. An opener \
        that fails within 2 seconds (not found, or xdg-open with no program for the file) is \
        reported, exit status 1; one still running then is left to run. \
        Without NAME, a note with one attachment opens it; with several, they are listed.
        """
    )

    /// How long the command waits to learn that its opener failed.
    static let failureWait = 2.0

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    @Argument(help: ArgumentHelp("The attachment's file name or path (needed when the note has several).", valueName: "name"))
    var name: String?

    func run() throws {
        let store = try storeOptions.open(touching: [id])
        let note = try store.contents.requireNote(id)
        let path: AttachmentPath
        if let name {
            path = try NoteAttaching.attachment(named: name, of: note)
        } else if note.attachments.count == 1 {
            path = note.attachments[0]
        } else if note.attachments.isEmpty {
            throw CLIError.noAttachments(note.title)
        } else {
            Console.out(lines: note.attachments.compactMap(NoteAttaching.fileName))
            throw CLIError.chooseAttachment(note.title, count: note.attachments.count)
        }
        let storeFolder = store.url.deletingLastPathComponent()
        let file = path.url(in: storeFolder).path
        guard AttachmentFiles.exists(path, in: storeFolder) else { throw CLIError.missingAttachment(file) }
        let environment = ProcessInfo.processInfo.environment
        let configured = CLISettings.load(environment: environment).settings.opener
        let outcome = try Opener(configured: configured, environment: environment).open(file)
        guard case .started(_, let watch) = outcome else { throw CLIError.noOpener(outcome.message) }
        // An opener that fails (not found, xdg-open with no program for the file) ends at once;
        // a viewer that stays open is not waited for past this.
        _ = watch.waitForEnd(atMost: Self.failureWait)
        if let failure = watch.failure { throw CLIError.openerFailed(failure) }
        Console.out(outcome.message + ": " + file)
    }
}
