import ArgumentParser
import Foundation
import NotesJSON
import NotesModel
import NotesStore
import NotesExchange

/// `notes import PATH... [--from FORMAT] [--strict] [--dry-run] [--json]`
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import notes from files and folders: notes' own exports, Markdown, text, jrnl, Bear, Simplenote, Evernote, a Core Data store.",
        discussion: """
        Reads files and folders (recursively; names starting with '.' are left out, symbolic links \
        inside a folder are not followed): .md/.markdown with YAML or TOML front matter as Obsidian, Logseq, zk, \
        Dendron, Jekyll, Hugo, nb and Joplin write it (the tool is found by its folder's marker), .org \
        (Logseq's and Emacs' Org files), .txt (the first line is the title), notes' JSON export, \
        jrnl's JSON export and its journal and text exports, Bear backups (.bear2bk), TextBundles and \
        TextPacks, Simplenote's notes.zip, Evernote's .enex (other tools' exports are found by their \
        contents), and a Core Data SQLite store of a notes app given by name (read-only, on a private copy; \
        --map says which entity and attribute is which when notes cannot tell). Everything readable is imported in one commit; each file that cannot be read \
        is listed with the reason, and the exit status is then 1. Each note remembers the file it came \
        from (its path in the folder imported and a hash of its bytes), so importing the folder again \
        adds new files, updates the notes of changed files (a note changed in notes too keeps its own \
        version as a conflict copy) and leaves the rest: it reports 'N new, N updated, N unchanged, \
        N conflicts', then 'N renamed' (a file renamed in the folder, with the same bytes: its note \
        follows it) and 'N gone from the source' (files deleted from the folder: their notes are left as \
        they are, or moved to the trash with --trash-missing). Notes of a notes JSON export or of another \
        tool's export are matched by id and never replaced; categories are matched by name.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, jrnl, markdown, text, org, bear, textbundle, simplenote, enex, obsidian, logseq, zk, dendron
        /// The format every file is read as; nil for a tool's folder, whose files are still told apart by name.
        var importFormat: ImportFormat? {
            switch self {
            case .json: .json
            case .jrnl: .jrnl
            case .markdown: .markdown
            case .text: .text
            case .org: .org
            case .bear: .bear
            case .textbundle: .textbundle
            case .simplenote: .simplenote
            case .enex: .enex
            case .obsidian, .logseq, .zk, .dendron: nil
            }
        }

        /// The tool whose folder this is, when its marker (`.obsidian`, `logseq/config.edn`, `.zk`,
        /// `dendron.yml`) was not kept.
        var tool: ImportSourceTool? {
            switch self {
            case .obsidian: .obsidian
            case .logseq: .logseq
            case .zk: .zk
            case .dendron: .dendron
            default: nil
            }
        }
    }

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: ArgumentHelp("Files and folders to import.", valueName: "path"), completion: .file())
    var paths: [String]

    @Option(help: ArgumentHelp("Read every file as this format instead of guessing from its name and contents; "
                                   + "obsidian, logseq, zk or dendron: read the folders as that tool's, without its .obsidian, "
                                   + "logseq/config.edn, .zk or dendron.yml.",
                               valueName: "format"))
    var from: Format?

    @Option(name: .customLong("map"), help: ArgumentHelp(
        "For a Core Data store: which entity or attribute is which, as note=ENTITY, category=ENTITY, "
            + "note.title|note.body|note.created|note.updated|note.category=ATTRIBUTE, category.name|category.color=ATTRIBUTE.",
        valueName: "key=name"))
    var map: [String] = []

    @Flag(help: "Import nothing unless every file can be read.")
    var strict = false

    @Flag(help: "Show what would be imported, and write nothing.")
    var dryRun = false

    @Flag(help: "Print the counts and the notes added or changed as JSON (a stable format) instead of text.")
    var json = false

    @Flag(name: .customLong("trash-missing"), help: ArgumentHelp(
        "Move to the trash the notes whose file is gone from a folder imported again (undo with 'notes restore ID'); "
            + "a note changed in notes since it was imported is kept."))
    var trashMissing = false

    @Flag(name: [.short, .long], help: "List the files renamed and the files gone from the folders imported.")
    var verbose = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one file or folder to import") }
    }

    func run() throws {
        do { try runImport() } catch is Interrupt.Cancelled {
            throw Interrupt.cancelled(.importing)
        }
    }

    private func runImport() throws {
        var reader = ImportReader(format: from?.importFormat)
        reader.tool = from?.tool
        reader.coreDataMapping = try CoreDataMapping(parsing: map)
        let progress = json ? nil : ProgressLine.forTerminal(label: "importing", unit: .items("notes"))
        Interrupt.install(.importing, erasesProgress: progress != nil)
        defer { Interrupt.remove() }
        reader.progress = progress.map { line in { @Sendable (update: ImportProgress) in line.show(update) } }
        var batch = reader.read(paths: paths)
        progress?.finish()
        for skip in batch.skipped { Console.error("error: \(skip.file): \(skip.reason)") }
        for warning in batch.warnings { Console.error("warning: \(warning.file): \(warning.reason)") }
        for line in ImportToolRule.lines(paths: paths, from: from, batch: batch) { Console.error(line) }
        if json { return try runPrintingJSON(&batch) }
        if batch.bundle.notes.isEmpty, !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("nothing imported: \(Self.files(batch.skipped.count)) could not be read" + Self.named(batch.skipped))
        }
        if strict, !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("nothing imported: \(Self.files(batch.skipped.count)) could not be read (--strict)" + Self.named(batch.skipped))
        }
        // A dry run into a store that does not exist yet does not create it.
        let kept = KeptLinks()
        let store = dryRun && !FileManager.default.fileExists(atPath: storeOptions.url.path) ? nil
            : try storeOptions.open(compactingAfterCommit: Self.isBulk(batch), keepingLinks: dryRun ? nil : kept)
        let plan: Importer.Plan
        if dryRun {
            plan = try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, folders: batch.folders,
                                     into: store?.contents ?? NotesDatabase(), trashMissing: trashMissing,
                                     attachments: batch.attachments, storeFolder: store?.url.deletingLastPathComponent())
            Console.out(lines: plan.items.map(Self.dryRunLine) + plan.gone.map(Self.dryRunLine))
            if let after = Self.planned(plan, on: store?.contents ?? NotesDatabase()),
               let line = Self.missingLinksLine(Self.missingLinks(plan, in: after), dryRun: true) { Console.out(line) }
            Console.out("dry run, nothing written: would be " + plan.description + Self.attachments(batch, plan)
                + Self.ignored(batch.ignored))
        } else if let store {
            plan = try commitImport(&batch, into: store, progress: progress, kept: kept)
            store.close()
            KeptUntilExit.keep(store, plan, batch)
        } else {
            return
        }
        if !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("skipped \(Self.files(batch.skipped.count)) that could not be read (listed above)" + Self.named(batch.skipped))
        }
    }

    /// Plans the import under the store's lock against what it holds then (another process
    /// may have edited an imported note meanwhile), and commits it with the records of where
    /// each note came from: all of it, or nothing. Prints what was done.
    /// `kept`: the store's rename index keeps the links it scans of a bulk import's notes.
    private func commitImport(_ batch: inout ImportBatch, into store: NotesStore, progress: ProgressLine?,
                              kept: KeptLinks) throws -> Importer.Plan {
        let writing = Self.writing(batch)
        let bulk = Self.isBulk(batch)  // its notes' links are scanned while they are written
        var pending: ExchangeBundle? = batch.bundle
        batch.bundle = ExchangeBundle()  // one copy of the notes, not two
        var planned = Importer.Plan()
        let (origins, sources, folders, attachments) = (batch.origins, batch.sources, batch.folders, batch.attachments)
        let trashMissing = self.trashMissing
        let storeFolder = store.url.deletingLastPathComponent()
        var saved = 0
        progress?.show("importing: preparing \(ProgressLine.grouped(batch.sources.count)) notes")
        defer { progress?.finish() }
        // Checking, applying and writing count on the same line (`ImportSteps`).
        store.applyProgress = Self.applying(on: progress, filesSaved: { saved > 0 })
        store.snapshotProgress = Self.writing(on: progress)
        defer { (store.applyProgress, store.snapshotProgress) = (nil, nil) }
        Interrupt.beginWriting()
        try store.commit(writing: writing, derivedFrom: { database in
            guard let bundle = pending else { throw CLIError.importIncomplete("the import was planned twice; nothing written") }
            pending = nil
            planned = try Importer.plan(bundle, origins: origins, sources: sources, folders: folders, into: database,
                                        listingAdded: false, trashMissing: trashMissing,
                                        attachments: attachments, storeFolder: storeFolder, progress: Self.checking(on: progress))
            if bulk { kept.want(planned.changes) }
            try Interrupt.checkBeforeWriting()
            // The attachments first: a crash between the two leaves files no note names, never a note naming no file.
            // Without files (a JSON export) no set of a million added ids is made for none.
            saved = attachments.isEmpty ? 0
                : try attachments.following(planned.attachmentMoves).write(for: Self.addedIDs(planned), storeFolder: storeFolder)
            return planned.changes
        })
        let plan = planned
        progress?.show("importing: counting links to missing notes")
        let missingLinks = Self.missingLinksLine(Self.missingLinks(plan, in: store.contents, scanned: kept.scanned), dryRun: false)
        progress?.finish()
        if Interrupt.wasRequested { Console.warning(Interrupt.Work.importing.afterWriting) }
        Self.removeDropped(plan.attachmentsDropped, storeFolder: storeFolder)
        Console.out(lines: plan.items.compactMap { Self.reportLine($0, verbose: verbose) }
            + plan.gone.compactMap { Self.reportLine($0, verbose: verbose) })
        if let missingLinks { Console.out(missingLinks) }
        Console.out(plan.description + (saved > 0 ? ", saved \(ProgressLine.grouped(saved)) \(saved == 1 ? "attachment" : "attachments")" : "")
            + Self.ignored(batch.ignored))
        return planned
    }

    /// `--json`: the same import (or dry run), its outcome as one JSON document. Skipped
    /// files and warnings are on standard error as without it, and in the document.
    private func runPrintingJSON(_ batch: inout ImportBatch) throws {
        if strict, !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("nothing imported: \(Self.files(batch.skipped.count)) could not be read (--strict)" + Self.named(batch.skipped))
        }
        let store = dryRun && !FileManager.default.fileExists(atPath: storeOptions.url.path) ? nil
            : try storeOptions.open(compactingAfterCommit: Self.isBulk(batch))
        var plan = Importer.Plan()
        var after: NotesDatabase?
        if dryRun || (batch.bundle.notes.isEmpty && !trashMissing) {
            plan = try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, folders: batch.folders,
                                     into: store?.contents ?? NotesDatabase(), trashMissing: trashMissing)
            after = Self.planned(plan, on: store?.contents ?? NotesDatabase())
        } else if let store {
            let (bundle, origins, sources, attachments) = (batch.bundle, batch.origins, batch.sources, batch.attachments)
            let (folders, trashMissing) = (batch.folders, self.trashMissing)
            let storeFolder = store.url.deletingLastPathComponent()
            let writing = Self.writing(batch)
            batch.bundle = ExchangeBundle()
            Interrupt.beginWriting()
            try store.commit(writing: writing, derivedFrom: { database in
                plan = try Importer.plan(bundle, origins: origins, sources: sources, folders: folders, into: database,
                                         trashMissing: trashMissing, attachments: attachments, storeFolder: storeFolder)
                try Interrupt.checkBeforeWriting()
                // The attachments first: a crash between the two leaves files no note names, never a note naming no file.
                _ = try attachments.following(plan.attachmentMoves).write(for: Self.addedIDs(plan), storeFolder: storeFolder)
                return plan.changes
            })
            Self.removeDropped(plan.attachmentsDropped, storeFolder: storeFolder)
            after = store.contents
        }
        let issues = { (list: [ImportBatch.Skip]) in
            JSONValue.array(list.map { .object([("file", .string($0.file)), ("reason", .string($0.reason))]) })
        }
        guard case .object(var members) = plan.json else { return }
        members.insert(("dryRun", .bool(dryRun)), at: 0)
        let missing = after.map { Self.missingLinks(plan, in: $0) } ?? (links: 0, targets: 0)
        members += [("missingLinks", .integer(missing.links)), ("missingLinkTargets", .integer(missing.targets)),
                    ("ignored", .integer(batch.ignored)), ("skipped", issues(batch.skipped)), ("warnings", issues(batch.warnings))]
        Console.out(JSONValue.object(members).serialized())
        if !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("skipped \(Self.files(batch.skipped.count)) that could not be read (listed above)" + Self.named(batch.skipped))
        }
    }
}
