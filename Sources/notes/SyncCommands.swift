import ArgumentParser
import Foundation
import NotesJSON
import NotesModel
import NotesSync

/// `notes sync`, `notes sync init REMOTE`, `notes sync status [--json]`: sync across machines on git.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the notes with other machines through a git remote.",
        discussion: """
        'notes sync init REMOTE' sets up a git repository beside the store (STORE.sync) with REMOTE \
        (any URL or path git understands) as its origin. 'notes sync' then commits the changes made here, \
        fetches, merges note by note, pushes, and updates the store. A note changed on both sides in \
        different fields keeps both changes; one field changed on both sides keeps the later version, \
        and the other becomes '<title> (conflict copy)', tagged 'conflict'. Git uses your own credentials and \
        SSH keys; it never prompts. With '--encrypt' (or 'notes sync encrypt' later) every file the remote \
        receives is encrypted in the age format; 'notes sync key' shows the key.
        """,
        subcommands: [SyncRun.self, SyncInit.self, SyncStatusCommand.self, SyncEncryptCommand.self, SyncKeyCommand.self],
        defaultSubcommand: SyncRun.self
    )
}

/// `notes sync [run] [--json]`
struct SyncRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Commit, fetch, merge, push and update the store (the default).")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print JSON (a stable format) instead of text.")
    var json = false

    func run() throws {
        // The notes the journal touched only: the sync reads the rest when it needs them (it has something to merge).
        let store = try storeOptions.open(touching: [])
        var engine = SyncEngine(store: store)
        engine.updatesLinks = CLISettings.load().settings.updateLinks
        let line = json ? nil : ProgressLine.forTerminal(label: "sync: writing", unit: .items("files"))
        // Every step is safe to kill (see `SyncEngine`): Ctrl-C stops it at once, and the next sync finishes the work.
        Interrupt.install(.syncing, erasesProgress: line != nil)
        defer { Interrupt.remove() }
        if let line {
            engine.progress = { step in
                line.finish()
                Console.error(step)
            }
            engine.fileProgress = { done, total in line.update(done: done, total: total) }
        }
        let report: SyncEngine.Report
        do { report = try engine.sync() } catch {
            line?.finish()
            throw error
        }
        line?.finish()
        if json {
            Console.out(JSONValue.object([
                ("commit", .string(report.commit)),
                ("received", .integer(report.received)),
                ("pushed", .bool(report.pushed)),
                ("conflictCopies", .array(report.conflictCopies.map { .string($0.uuidString) })),
                ("linksUpdated", .integer(report.linksUpdated)),
                ("warnings", .array(report.warnings.map(JSONValue.string))),
            ]).serialized())
            return
        }
        for warning in report.warnings { Console.error("warning: " + warning) }
        Console.out(report.summary)
        for id in report.conflictCopies {
            if let note = store.contents.anyNote(id) { Console.out("  \(id.uuidString.prefix(8))  \(note.title)") }
        }
    }
}

/// `notes sync init REMOTE`
struct SyncInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Set up syncing through a git remote (a URL or a path).")

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: ArgumentHelp("The git remote: any URL or path git understands (e.g. a bare repository).", valueName: "remote"))
    var remote: String

    @Flag(help: "Encrypt every file the remote receives (age format), with a new key kept in your config folder.")
    var encrypt = false

    @Option(help: ArgumentHelp("Encrypt with this age identity file (the key exported on a machine that already syncs).",
                               valueName: "file"))
    var identity: String?

    func run() throws {
        let store = try storeOptions.open()
        let engine = SyncEngine(store: store)
        // The key file and the remote are checked before anything is set up: a setup that cannot work changes nothing.
        let encryption: SyncEngine.InitEncryption = identity.map { .identity($0) } ?? (encrypt ? .newKey : .none)
        let setup = try engine.initialize(remote: remote, encryption: encryption)
        Console.out("sync set up: repository \(engine.repository.folder.path), remote \(engine.repository.remoteURL() ?? remote); run 'notes sync'")
        if let setup { SyncEncryptCommand.describe(setup) }
    }
}

/// `notes sync status [--json]`
struct SyncStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show what a sync would send, receive, and find in conflict.")

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print JSON (a stable format) instead of text.")
    var json = false

    func run() throws {
        let store = try storeOptions.open()
        let status = try SyncEngine(store: store).status()
        if json {
            Console.out(status.json.serialized())
            return
        }
        Console.out("remote: \(status.remote)" + (status.reachable ? "" : " (unreachable: \(status.fetchError ?? "unknown error"))"))
        Console.out("ahead: \(status.ahead.count) to send; behind: \(status.behind.count) to receive"
            + (status.reachable ? "" : " (as of the last fetch)") + "; conflicts: \(status.conflicts.count)")
        for id in status.conflicts {
            let title = UUID(uuidString: id).flatMap { store.contents.anyNote($0)?.title } ?? ""
            Console.out("  conflict  \(id.prefix(8))  \(title)")
        }
        if !(status.attachmentsAhead.isEmpty && status.attachmentsBehind.isEmpty) {
            Console.out("attachments: \(status.attachmentsAhead.count) to send; \(status.attachmentsBehind.count) to receive"
                + "; conflicts: \(status.attachmentConflicts.count)")
        }
        for path in status.attachmentConflicts {
            Console.out("  conflict  \(path)  (edited on both homes: a sync keeps this one)")
        }
    }
}
