import ArgumentParser
import Foundation
import NotesCore

/// `notes export --format json|markdown [--output PATH]`
struct Export: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, markdown
    }

    static let configuration = CommandConfiguration(
        abstract: "Export every note and category.",
        discussion: """
        json: one self-contained document, to standard output or --output FILE. \
        markdown: one .md file a note, with a front matter header, into the new or empty folder --output PATH. \
        'notes import' reads both back.
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
        switch format {
        case .json:
            let text = JSONExchange.document(of: store.contents, includeTrash: includeTrash).serialized() + "\n"
            if let output {
                let target = URL(fileURLWithPath: output)
                if store.ownsFile(target) { throw CLIError.outputIsStoreFile(output) }
                try PrivateFile.replace(target, with: Data(text.utf8))
                let count = store.contents.notes.count + (includeTrash ? store.contents.trash.count : 0)
                Console.out("exported \(Self.count(count)) to \(output)")
            } else {
                Console.out(text, terminator: "")
            }
        case .markdown:
            guard let output else { throw CLIError.missingOutputFolder }
            let count = try MarkdownExchange.export(store.contents, to: URL(fileURLWithPath: output), includeTrash: includeTrash)
            Console.out("exported \(Self.count(count)) to \(output)")
        }
    }

    private static func count(_ notes: Int) -> String { "\(notes) \(notes == 1 ? "note" : "notes")" }
}

/// `notes import PATH... [--from FORMAT] [--strict] [--dry-run]`
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import notes from files and folders: notes' own exports, Markdown, text, jrnl, a Core Data store.",
        discussion: """
        Reads files and folders (recursively; names starting with '.' are left out, symbolic links \
        inside a folder are not followed): .md/.markdown with YAML or TOML front matter as Obsidian, zk, \
        Jekyll, Hugo, nb and Joplin write it, .txt (the first line is the title), notes' JSON export, \
        jrnl's JSON export, and a Core Data SQLite store of a notes app given by name (read-only, on a private copy; \
        --map says which entity and attribute is which when notes cannot tell). Everything readable is imported in one commit; each file that cannot be read \
        is listed with the reason, and the exit status is then 1. Notes already in the store (by id; \
        files without an id get one made from their path and contents) are skipped, so importing the \
        same files again adds nothing; categories are matched by name.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, jrnl, markdown, text
        var importFormat: ImportFormat {
            switch self {
            case .json: .json
            case .jrnl: .jrnl
            case .markdown: .markdown
            case .text: .text
            }
        }
    }

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: ArgumentHelp("Files and folders to import.", valueName: "path"), completion: .file())
    var paths: [String]

    @Option(help: ArgumentHelp("Read every file as this format instead of guessing from its name and contents.",
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

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give at least one file or folder to import") }
    }

    func run() throws {
        var reader = ImportReader(format: from?.importFormat)
        reader.coreDataMapping = try CoreDataMapping(parsing: map)
        var batch = reader.read(paths: paths)
        for skip in batch.skipped { Console.error("error: \(skip.file): \(skip.reason)") }
        for warning in batch.warnings { Console.error("warning: \(warning.file): \(warning.reason)") }
        if batch.bundle.notes.isEmpty, !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("nothing imported: \(Self.files(batch.skipped.count)) could not be read")
        }
        if strict, !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("nothing imported: \(Self.files(batch.skipped.count)) could not be read (--strict)")
        }
        // A dry run into a store that does not exist yet does not create it.
        let store = dryRun && !FileManager.default.fileExists(atPath: storeOptions.url.path) ? nil : try storeOptions.open()
        let plan = Importer.plan(batch.bundle, into: store?.contents ?? NotesDatabase(), listingAdded: dryRun)
        if !dryRun { batch.bundle = ExchangeBundle() }  // the plan holds the notes now: one copy, not two
        if dryRun {
            let sources = Dictionary(zip(batch.bundle.notes.map(\.id), batch.sources), uniquingKeysWith: { first, _ in first })
            Console.out(lines: plan.addedNotes.map { "would import \(sources[$0.id] ?? "?"): \($0.title)" })
            Console.out("dry run, nothing written: would have " + plan.description + Self.ignored(batch.ignored))
        } else {
            if let store, !plan.changes.isEmpty { try store.commit(plan.changes) }
            Console.out(plan.description + Self.ignored(batch.ignored))
        }
        if !batch.skipped.isEmpty {
            throw CLIError.importIncomplete("skipped \(Self.files(batch.skipped.count)) that could not be read (listed above)")
        }
    }

    private static func files(_ count: Int) -> String { "\(count) \(count == 1 ? "file" : "files")" }

    private static func ignored(_ count: Int) -> String {
        count == 0 ? "" : "; ignored \(files(count)) that \(count == 1 ? "is not a note" : "are not notes")"
    }
}
