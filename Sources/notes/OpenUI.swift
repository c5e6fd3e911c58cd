import Foundation
import NotesBase
import NotesModel
import NotesStore
import NotesConfig
import NotesEditing
import NotesSync
import NotesTerminal
import NotesUI

/// `notes` with no subcommand: the full-screen UI on the store from `--store`,
/// `$NOTES_STORE` or the default location.
enum OpenUI {
    static func run(storePath: String?) throws {
        let url = StoreLocation.resolve(explicit: storePath)
        let environment = ProcessInfo.processInfo.environment
        let config = CLISettings.read(environment: environment)
        let listOrder = ListOrder.order(config.settings.listSort)
        // In the default order, the first screen comes from the list head and the whole store is read behind it.
        let (store, loading) = try EarlyStart.open(at: url, options: storeOptions, order: listOrder)
        var whole = store
        defer { whole.close() }
        StoreReport.print(for: store)
        let configProblems = config.problems
        let templatesFolder = TemplateFiles.folder(environment: environment)
        let settings = CLISettings.app(config, templates: TemplateFiles.all(in: templatesFolder))
        let terminal = try NCursesTerminal(environment: environment,
                                           directColorEntry: DirectColorTerminfo.provider(environment: environment),
                                           mouse: config.settings.mouse)
        defer { terminal.close() }
        let editor = ExternalEditor(environment: config.settings.editorEnvironment(environment))
        let runner = AppRunner(terminal: terminal, repository: store,
                               editor: UserEditor(runEditor: { path in try editor.run(file: path) },
                                                  unsavedFolder: EditFile.unsavedFolder(environment: environment),
                                                  runEditorAt: { path, cursor in
                                                      var placed = editor
                                                      placed.place(at: cursor)
                                                      try placed.run(file: path)
                                                  }),
                               sync: { progress in try sync(url, updatesLinks: config.settings.updateLinks, progress: progress) }, settings: settings,
                               templates: { TemplateFiles.all(in: templatesFolder) },
                               attachments: attachmentAccess(storeFolder: url.deletingLastPathComponent(), opener: config.settings.opener,
                                                             environment: environment),
                               asciiMarkers: !EmojiSupport.likely(environment: environment),
                               updatesLinksOnRename: config.settings.updateLinks, listOrder: listOrder, loading: loading)
        watch(store, runner)
        runner.storeLoaded = { [unowned runner] repository in
            guard let loaded = repository as? NotesStore else { return }
            watch(loaded, runner)
            // Its warnings, when reading the first notes showed none (they came from the same files).
            if store.warnings.isEmpty, let first = loaded.warnings.first { runner.show(message: "warning: \(first)", isError: true) }
            store.close()
            whole = loaded
        }
        showStartMessage(runner, configProblems: configProblems, storeWarnings: store.warnings, environment: environment)
        runner.run()
        if let failure = runner.loadFailure { throw failure }
    }

    /// The app's store options (the early start's loading thread asks for them too).
    @Sendable static func storeOptions() -> NotesStoreOptions {
        var options = NotesStoreOptions()
        options.refreshWaitsForLock = false  // no key waits for another process's lock:
        options.commitWaitsForLock = false  // a busy commit is queued by the runner and retried
        // No key waits for a compaction: `notes compact` does it in a process of its own, and
        // the UI takes the new snapshot in from its record without reading the store again.
        options.compaction = .handOff { url in DetachedCompaction.start(url) }
        // `D` and undo: a note deleted for good keeps its files aside until no undo can reach it.
        options.holdsDeletedAttachments = true
        options.snapshotCompanions = [LinkIndexFile.companion]
        return options
    }

    /// The store's waits for the lock and its warnings go to the status line.
    private static func watch(_ store: NotesStore, _ runner: AppRunner) {
        // Only sets the message: this runs inside the runner's own refresh, which draws after it.
        store.lockWaitHandler = { [unowned runner] holder in runner.show(message: "waiting for \(holder)", isError: false) }
        store.warningHandler = { [unowned runner] warning in runner.show(message: "warning: \(warning)", isError: true) }
    }

    /// `S`: a store of its own, as another process would: the UI's store then picks the merge up.
    private static func sync(_ url: URL, updatesLinks: Bool, progress: SyncProgress) throws -> String {
        // Its commits hand compaction to `notes compact` too: one done in the merge's commit
        // would hold the lock (7 s at 1,000,000 notes) while the UI and commands wait.
        var syncOptions = NotesStoreOptions()
        syncOptions.compaction = .handOff { url in DetachedCompaction.start(url) }
        syncOptions.snapshotCompanions = [LinkIndexFile.companion]
        // For the notes its journal touched only: the sync reads the rest when something comes in.
        let syncStore = try NotesStore.open(at: url, options: syncOptions, touching: [])
        defer { syncStore.close() }
        var engine = SyncEngine(store: syncStore)
        engine.progress = { progress($0) }
        engine.fileProgress = { done, total in progress.filesWritten(done, of: total) }
        engine.updatesLinks = updatesLinks
        return try engine.sync().summaryWithWarnings
    }

    /// The first message of the UI: a config problem, else a store warning, else the texts
    /// an earlier editor session kept while nobody could be told (a hangup).
    private static func showStartMessage(_ runner: AppRunner, configProblems: [ConfigProblem], storeWarnings: [StoreWarning],
                                         environment: [String: String]) {
        if let first = configProblems.first {
            // The app starts with the defaults for those keys; `notes config` lists them all.
            let more = configProblems.count > 1 ? " (and \(configProblems.count - 1) more; see notes config)" : ""
            runner.show(message: "config: \(first)\(more)", isError: true)
        } else if let first = storeWarnings.first {
            let more = storeWarnings.count > 1 ? " (and \(storeWarnings.count - 1) more; see notes doctor)" : ""
            runner.show(message: "warning: \(first)\(more)", isError: true)
        } else {
            let unsavedFolder = EditFile.unsavedFolder(environment: environment)
            let untold = UnsavedTexts.untold(in: unsavedFolder)
            if let announcement = UnsavedTexts.announcement(untold) {
                runner.show(message: announcement, isError: true)
                UnsavedTexts.markTold(untold, in: unsavedFolder)
            }
        }
    }

    /// The read view's access to attachment files: their sizes, and the one `Opener`.
    static func attachmentAccess(storeFolder: URL, opener configured: String?,
                                 environment: [String: String]) -> AttachmentAccess {
        let opener = Opener(configured: configured, environment: environment)
        let running = RunningOpeners()
        /// Starts the opener on `target`, watched for a failure; the status line's message,
        /// `noOpener` when there is no opener.
        @Sendable func start(_ target: String, noOpener: String) -> (message: String, isError: Bool) {
            do {
                let outcome = try opener.open(target)
                guard case .started(_, let watch) = outcome else { return (noOpener, true) }
                running.add(watch)
                return (outcome.message + ": " + target, false)
            } catch {
                return ("cannot start the opener: \(error)", true)
            }
        }
        return AttachmentAccess(size: { path in AttachmentFiles.size(path, in: storeFolder) }, open: { path in
            let file = path.url(in: storeFolder).path
            guard AttachmentFiles.exists(path, in: storeFolder) else { return ("\(file): the file is missing (see notes doctor)", true) }
            return start(file, noOpener: Opener.Outcome.noOpener(path: file).message)
        }, openAddress: { address in
            start(address, noOpener: "No opener found (set NOTES_OPENER, or install xdg-open); the link is \(address)")
        }, openerFailures: { running.takeFailures() })
    }
}
