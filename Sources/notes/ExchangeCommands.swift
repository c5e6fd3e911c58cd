import ArgumentParser
import Foundation
import NotesJSON
import NotesModel
import NotesStore
import NotesExchange

/// `notes export --format json|markdown [--output PATH]`
struct Export: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, markdown
    }

    static let configuration = CommandConfiguration(
        abstract: "Export every note and category.",
        discussion: """
        json: one self-contained document, to standard output or --output FILE. \
        markdown: one .md file a note, with a front matter header, into the new or empty folder --output PATH, \
        and each note's attachments beside them at attachments/<id>/<name> (where the notes' links point). \
        json names the attachments but does not hold their files. 'notes import' reads both back.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "What to write: one JSON document, or a folder of Markdown files.")
    var format: Format

    @Option(name: [.short, .long], help: ArgumentHelp("The file (json) or folder (markdown) to write.", valueName: "path"),
            completion: .file())
    var output: String?

    @Flag(name: .customLong("include-trash"), help: "Export the notes in the trash too (each with its 'deleted' date).")
    var includeTrash = false

    func validate() throws {
        if format == .markdown, output == nil { throw ValidationError(CLIError.missingOutputFolder.description) }
    }

    func run() throws {
        let store = try storeOptions.open()
        let progress = ProgressLine.forTerminal(label: "exporting", unit: .items("notes"))
        defer { progress?.finish() }
        let shown = progress.map { line in { (done: Int, total: Int) in line.update(done: done, total: total) } }
        switch format {
        case .json:
            let withFiles = store.contents.notes.values.count { !$0.attachments.isEmpty }
                + (includeTrash ? store.contents.trash.values.count { !$0.attachments.isEmpty } : 0)
            if withFiles > 0 {
                Console.error("warning: \(Self.count(withFiles)) \(withFiles == 1 ? "has" : "have") attachments; a JSON export names "
                              + "them but does not hold their files: 'notes export --format markdown' writes them beside the notes")
            }
            var text = try JSONExchange.text(of: store.contents, includeTrash: includeTrash, progress: shown)
            text.append(UInt8(ascii: "\n"))
            progress?.finish()
            if let output {
                let target = URL(fileURLWithPath: output)
                if store.ownsFile(target) { throw CLIError.outputIsStoreFile(output) }
                try PrivateFile.replace(target, with: Data(text))
                let count = store.contents.notes.count + (includeTrash ? store.contents.trash.count : 0)
                Console.out("exported \(Self.count(count)) to \(output)")
            } else {
                Console.write(text)
            }
        case .markdown:
            guard let output else { throw CLIError.missingOutputFolder }
            let attachments = AttachmentExport(storeFolder: store.url.deletingLastPathComponent())
            let count = try MarkdownExchange.export(store.contents, to: URL(fileURLWithPath: output), includeTrash: includeTrash,
                                                    attachments: attachments, progress: shown)
            progress?.finish()
            for missing in attachments.missing { Console.error("warning: attachment of \(missing)") }
            let files = attachments.copied == 0 ? "" : " and \(attachments.copied) \(attachments.copied == 1 ? "attachment" : "attachments")"
            Console.out("exported \(Self.count(count))\(files) to \(output)")
        }
    }

    private static func count(_ notes: Int) -> String { "\(notes) \(notes == 1 ? "note" : "notes")" }
}

/// `notes import PATH... [--from FORMAT] [--strict] [--dry-run] [--json]`
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
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
        do { try runImport() } catch is ImportInterrupt.Cancelled {
            Console.error(ImportInterrupt.Cancelled().description)
            throw ExitCode(130)
        }
    }

    private func runImport() throws {
        var reader = ImportReader(format: from?.importFormat)
        reader.tool = from?.tool
        reader.coreDataMapping = try CoreDataMapping(parsing: map)
        let progress = json ? nil : ProgressLine.forTerminal(label: "importing", unit: .items("notes"))
        ImportInterrupt.install(erasesProgress: progress != nil)
        defer { ImportInterrupt.remove() }
        reader.progress = progress.map { line in { @Sendable (update: ImportProgress) in line.show(update) } }
        var batch = reader.read(paths: paths)
        progress?.finish()
        for skip in batch.skipped { Console.error("error: \(skip.file): \(skip.reason)") }
        for warning in batch.warnings { Console.error("warning: \(warning.file): \(warning.reason)") }
        if json { return try runPrintingJSON(&batch) }
        if batch.bundle.notes.isEmpty, !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("nothing imported: \(Self.files(batch.skipped.count)) could not be read" + Self.named(batch.skipped))
        }
        if strict, !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("nothing imported: \(Self.files(batch.skipped.count)) could not be read (--strict)" + Self.named(batch.skipped))
        }
        // A dry run into a store that does not exist yet does not create it.
        let store = dryRun && !FileManager.default.fileExists(atPath: storeOptions.url.path) ? nil
            : try storeOptions.open(compactingAfterCommit: Self.isBulk(batch))
        let plan: Importer.Plan
        if dryRun {
            plan = try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, folders: batch.folders,
                                     into: store?.contents ?? NotesDatabase(), trashMissing: trashMissing,
                                     attachments: batch.attachments, storeFolder: store?.url.deletingLastPathComponent())
            Console.out(lines: plan.items.map(Self.dryRunLine) + plan.gone.map(Self.dryRunLine))
            Console.out("dry run, nothing written: would be " + plan.description + Self.attachments(batch, plan)
                + Self.ignored(batch.ignored))
        } else if let store {
            // Planned under the store's lock against what it holds then (another process may
            // have edited an imported note meanwhile), and committed with the records of
            // where each note came from: all of it, or nothing.
            var pending: ExchangeBundle? = batch.bundle
            batch.bundle = ExchangeBundle()  // one copy of the notes, not two
            var planned = Importer.Plan()
            let (origins, sources, folders, attachments) = (batch.origins, batch.sources, batch.folders, batch.attachments)
            let trashMissing = self.trashMissing
            let storeFolder = store.url.deletingLastPathComponent()
            var saved = 0
            progress?.show("importing: writing \(ProgressLine.grouped(batch.sources.count)) notes")
            defer { progress?.finish() }
            ImportInterrupt.beginCommit()
            try store.commit(derivedFrom: { database in
                guard let bundle = pending else { throw CLIError.importIncomplete("the import was planned twice; nothing written") }
                pending = nil
                planned = try Importer.plan(bundle, origins: origins, sources: sources, folders: folders, into: database,
                                            listingAdded: false, trashMissing: trashMissing,
                                            attachments: attachments, storeFolder: storeFolder)
                try ImportInterrupt.checkBeforeWriting()
                // The attachments first: a crash between the two leaves files no note names, never a note naming no file.
                saved = try attachments.following(planned.attachmentMoves).write(for: Self.addedIDs(planned), storeFolder: storeFolder)
                return planned.changes
            })
            plan = planned
            progress?.finish()
            if ImportInterrupt.cameAfterWriting { Console.warning("interrupted after the import was written: it is in the store whole") }
            Self.removeDropped(plan.attachmentsDropped, storeFolder: storeFolder)
            Console.out(lines: plan.items.compactMap { Self.reportLine($0, verbose: verbose) }
                + plan.gone.compactMap { Self.reportLine($0, verbose: verbose) })
            Console.out(plan.description + (saved > 0 ? ", saved \(saved) \(saved == 1 ? "attachment" : "attachments")" : "")
                + Self.ignored(batch.ignored))
        } else {
            return
        }
        if !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("skipped \(Self.files(batch.skipped.count)) that could not be read (listed above)" + Self.named(batch.skipped))
        }
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
        if dryRun || (batch.bundle.notes.isEmpty && !trashMissing) {
            plan = try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, folders: batch.folders,
                                     into: store?.contents ?? NotesDatabase(), trashMissing: trashMissing)
        } else if let store {
            let (bundle, origins, sources, attachments) = (batch.bundle, batch.origins, batch.sources, batch.attachments)
            let (folders, trashMissing) = (batch.folders, self.trashMissing)
            let storeFolder = store.url.deletingLastPathComponent()
            batch.bundle = ExchangeBundle()
            ImportInterrupt.beginCommit()
            try store.commit(derivedFrom: { database in
                plan = try Importer.plan(bundle, origins: origins, sources: sources, folders: folders, into: database,
                                         trashMissing: trashMissing, attachments: attachments, storeFolder: storeFolder)
                try ImportInterrupt.checkBeforeWriting()
                // The attachments first: a crash between the two leaves files no note names, never a note naming no file.
                _ = try attachments.following(plan.attachmentMoves).write(for: Self.addedIDs(plan), storeFolder: storeFolder)
                return plan.changes
            })
            Self.removeDropped(plan.attachmentsDropped, storeFolder: storeFolder)
        }
        let issues = { (list: [ImportBatch.Skip]) in
            JSONValue.array(list.map { .object([("file", .string($0.file)), ("reason", .string($0.reason))]) })
        }
        guard case .object(var members) = plan.json else { return }
        members.insert(("dryRun", .bool(dryRun)), at: 0)
        members += [("ignored", .integer(batch.ignored)), ("skipped", issues(batch.skipped)), ("warnings", issues(batch.warnings))]
        Console.out(JSONValue.object(members).serialized())
        if !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("skipped \(Self.files(batch.skipped.count)) that could not be read (listed above)" + Self.named(batch.skipped))
        }
    }

    /// What a dry run would do with one note.
    private static func dryRunLine(_ item: Importer.Item) -> String {
        switch item.kind {
        case .new: "would import \(item.file): \(item.title)"
        case .updated: "would update \(item.file): \(item.title)"
        case .conflict:
            "would update \(item.file): \(item.title) (changed in notes too: its version would be kept as \"\(item.copyTitle ?? item.title)\")"
        case .renamed: "would follow the rename of \(item.previousFile ?? "?") to \(item.file): \(item.title)"
        }
    }

    /// What a dry run would do with a note whose file is gone.
    private static func dryRunLine(_ gone: Importer.Gone) -> String {
        switch gone.action {
        case .left: "gone from the source \(gone.file): \(gone.title) (would be left as it is)"
        case .trashed: "gone from the source \(gone.file): \(gone.title) (would move to the trash)"
        case .kept: "gone from the source \(gone.file): \(gone.title) (would be kept: changed in notes since imported)"
        }
    }

    /// What an import says of a note whose file is gone: what it did always, the rest when `verbose`.
    private static func reportLine(_ gone: Importer.Gone, verbose: Bool) -> String? {
        switch gone.action {
        case .left: verbose ? "gone from the source \(gone.file): \(gone.title) (left as it is)" : nil
        case .trashed: "gone from the source \(gone.file): \(gone.title) moved to the trash (notes restore \(gone.noteID.uuidString))"
        case .kept: "gone from the source \(gone.file): \(gone.title) kept: changed in notes since it was imported"
        }
    }

    /// What an import says of one note it changed (nothing for a new or plainly updated one).
    private static func reportLine(_ item: Importer.Item, verbose: Bool) -> String? {
        let replaced = item.replaced.isEmpty ? "" : "; the file's values replaced " + item.replaced.map(\.description).joined(separator: ", ")
            + " set in notes"
        switch item.kind {
        case .new: return nil
        case .updated: return replaced.isEmpty ? nil : "updated \(item.file): \(item.title)" + replaced
        case .renamed:
            return verbose || !replaced.isEmpty ? "renamed \(item.previousFile ?? "?") to \(item.file): \(item.title)" + replaced : nil
        case .conflict:
            return "conflict \(item.file): \(item.title) was changed in notes and in the file; the note now holds the file's "
                + "version, and the version from notes is kept as \"\(item.copyTitle ?? item.title)\" (tagged conflict)" + replaced
        }
    }

    /// The notes the plan adds (their attachments are written; those of notes already in the store are not).
    private static func addedIDs(_ plan: Importer.Plan) -> Set<UUID> {
        Set(plan.changes.compactMap { if case .putNote(let note) = $0 { note.id } else { nil } })
    }

    /// Removes, after the commit, the files of updated notes their files no longer name; one
    /// that cannot be removed is a warning (the commit stands; `notes doctor` does not list it).
    private static func removeDropped(_ paths: [AttachmentPath], storeFolder: URL) {
        for path in paths {
            do { try AttachmentFiles.remove(path, in: storeFolder) } catch {
                Console.warning("an attachment the imported file no longer has could not be removed: \(error)")
            }
        }
    }

    private static func attachments(_ batch: ImportBatch, _ plan: Importer.Plan) -> String {
        let ids = addedIDs(plan)
        let count = batch.attachments.following(plan.attachmentMoves).files.keys.count { path in
            path.relativePath.split(separator: "/").dropFirst().first.flatMap { UUID(uuidString: String($0)) }.map(ids.contains) ?? false
        }
        return count > 0 ? ", saved \(count) \(count == 1 ? "attachment" : "attachments")" : ""
    }

    /// An import this large folds the journal into a fresh snapshot before it returns, so
    /// the next start does not read a journal of megabytes (its one line is past the bound anyway).
    private static func isBulk(_ batch: ImportBatch) -> Bool { batch.bundle.notes.count >= 1_000 }

    private static func files(_ count: Int) -> String { "\(count) \(count == 1 ? "file" : "files")" }

    /// `: a.md, b.enex` — the files an import could not read, so that its last error names them
    /// too (the first five, then how many more).
    private static func named(_ skipped: [ImportBatch.Skip]) -> String {
        var seen = Set<String>()
        let files = skipped.map(\.file).filter { seen.insert($0).inserted }
        guard !files.isEmpty else { return "" }
        let more = files.count > 5 ? ", and \(files.count - 5) more" : ""
        return ": " + files.prefix(5).joined(separator: ", ") + more
    }

    private static func ignored(_ count: Int) -> String {
        count == 0 ? "" : "; ignored \(files(count)) that \(count == 1 ? "is not a note" : "are not notes")"
    }
}
