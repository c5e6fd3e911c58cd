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

/// `notes import PATH`
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import a JSON export, or a folder of Markdown notes.",
        discussion: """
        Notes whose id is already in the store are skipped, never replaced; categories are matched \
        by name. Everything is imported in one commit, or nothing is.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: ArgumentHelp("A JSON export file, or a folder of .md files.", valueName: "path"), completion: .file())
    var path: String

    func run() throws {
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw CLIError.notFound(path)
        }
        let bundle: ExchangeBundle
        if isFolder.boolValue {
            bundle = try MarkdownExchange.read(folder: url)
        } else {
            try PrivateFile.requireRegularFile(url, followingLinks: true)
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw ExchangeError.io(path: path, operation: "read", reason: error.localizedDescription)
            }
            bundle = try JSONExchange.read(data, file: path)
        }
        let store = try storeOptions.open()
        let plan = Importer.plan(bundle, into: store.contents)
        if !plan.changes.isEmpty { try store.commit(plan.changes) }
        Console.out(plan.description)
    }
}
