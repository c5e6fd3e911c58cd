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
        commandName: "export",
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
        do { try runExport() } catch is Interrupt.Cancelled {
            throw Interrupt.cancelled(.exporting)
        } catch ExchangeError.cancelled {
            throw Interrupt.cancelled(.exporting)
        }
    }

    private func runExport() throws {
        let progress = ProgressLine.forTerminal(label: "exporting", unit: .items("notes"))
        Interrupt.install(.exporting, erasesProgress: progress != nil)
        defer { Interrupt.remove() }
        let store = try storeOptions.open()
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
                // Written to a temporary file renamed into place: finished whole once begun.
                Interrupt.beginWriting()
                try PrivateFile.replace(target, with: Data(text))
                if Interrupt.wasRequested { Console.warning(Interrupt.Work.exporting.afterWriting) }
                let count = store.contents.notes.count + (includeTrash ? store.contents.trash.count : 0)
                Console.out("exported \(Self.count(count)) to \(output)")
            } else {
                Console.write(text)
            }
        case .markdown:
            guard let output else { throw CLIError.missingOutputFolder }
            let attachments = AttachmentExport(storeFolder: store.url.deletingLastPathComponent())
            // From the folder on, Ctrl-C stops the export after a file, removing what it wrote.
            Interrupt.beginWriting()
            let count = try MarkdownExchange.export(store.contents, to: URL(fileURLWithPath: output), includeTrash: includeTrash,
                                                    attachments: attachments, progress: shown,
                                                    cancelled: { Interrupt.wasRequested })
            progress?.finish()
            if Interrupt.wasRequested { Console.warning(Interrupt.Work.exporting.afterWriting) }
            for missing in attachments.missing { Console.error("warning: attachment of \(missing)") }
            let copied = attachments.copied
            let files = copied == 0 ? "" : " and \(ProgressLine.grouped(copied)) \(copied == 1 ? "attachment" : "attachments")"
            Console.out("exported \(Self.count(count))\(files) to \(output)")
        }
    }

    /// `1 note`, `100,001 notes`: grouped as the progress line shows counts.
    private static func count(_ notes: Int) -> String { "\(ProgressLine.grouped(notes)) \(notes == 1 ? "note" : "notes")" }
}
