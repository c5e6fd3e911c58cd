import Foundation
import NotesJSON
import NotesConfig
import NotesModel
import NotesStore
import NotesTerminal

/// `notes list`'s output in one of its forms, written a batch of notes at a time: the
/// notes of the list head first (flushed at once), then the rest, as one listing.
struct ListOutput {
    enum Form {
        /// Plain lines, made by `PlainOutput`'s line maker.
        case plain((Note) -> String)
        /// `--json`: one pretty array.
        case json
        /// `--jsonl`: one object a line.
        case jsonl
        /// `--format TEMPLATE`.
        case template(ListFormat)
    }

    let form: Form
    private var writer: JSONTextWriter
    private var started = false

    init(_ form: Form) {
        self.form = form
        if case .json = form {
            writer = JSONTextWriter(pretty: true, capacity: 1 << 17, escaping: .portable)
        } else {
            writer = JSONTextWriter(pretty: false, capacity: 1 << 17, escaping: .portable)
        }
    }

    /// Writes `notes` of `database` (each line handed to stdout as it is made, which writes
    /// in blocks of 64 KiB).
    mutating func write(_ notes: [Note], in database: NotesDatabase) {
        switch form {
        case .plain(let line):
            for note in notes { Console.out(line(note)) }
        case .template(let template):
            for note in notes { Console.out(template.line(note, in: database)) }
        case .json:
            if !started { writer.beginArray() }
            started = true
            for note in notes {
                writer.element()
                writer.value(JSONOutput.note(note, in: database))
                if writer.bytes.count >= 1 << 16 { writer.drain(Console.write) }
            }
        case .jsonl:
            for note in notes {
                writer.value(JSONOutput.note(note, in: database))
                writer.raw("\n")
                if writer.bytes.count >= 1 << 16 { writer.drain(Console.write) }
            }
        }
    }

    /// Keeps `store` and every note it holds to the end of the process: the listing is the
    /// command's last work, and freeing the notes one by one would cost a tenth of it.
    static func keepUntilExit(_ store: NotesStore) {
        _ = Unmanaged.passRetained(store)
    }

    /// Sends out what is made so far.
    mutating func flush() {
        writer.drain(Console.write)
        Console.flush()
    }

    /// Ends the listing (the array's `]` for `--json`).
    mutating func finish() {
        if case .json = form {
            if !started { writer.beginArray() }
            writer.endArray()
            writer.drain(Console.write)
            Console.write([0x0A])
        } else {
            writer.drain(Console.write)
        }
    }
}

extension ListHead {
    /// The plain line maker of the whole list, from what the head knows of the whole
    /// store; nil when it cannot tell (the caller reads the whole store).
    func plainLineMaker(in database: NotesDatabase) -> ((Note) -> String)? {
        guard let idPrefixLength, let liveCounts else { return nil }
        var categories = Set<UUID?>(liveCounts.filter { $0.value > 0 }.keys.map { Optional($0) })
        if liveCount > liveCounts.values.reduce(0, +) { categories.insert(nil) }
        return PlainOutput(columns: DisplayWidth.of).listLineMaker(categories: categories, in: database, idLength: idPrefixLength)
    }
}

extension List {
    /// Whether the list head can answer exactly: the default order, and a filter of each
    /// note alone (none for plain lines, whose columns depend on every listed note).
    func headCanAnswer(_ sort: ListSort) -> Bool {
        let plain = !json && !jsonl && format == nil
        let filtered = category != nil || uncategorized || !tag.isEmpty || kind != nil || search != nil || pinned
        return sort == .updated && linksTo == nil && linkedFrom == nil && !(plain && filtered)
    }

    /// Lists the head's notes at once, then the rest from the whole store. Returns false,
    /// having written nothing, when the head cannot tell the plain columns.
    func list(from head: ListHead, in database: NotesDatabase) throws -> Bool {
        let plain = !json && !jsonl && format == nil
        guard let maker = plain ? head.plainLineMaker(in: database) : { _ in "" } else { return false }
        var output = ListOutput(try form(plainLines: maker))
        let matching = try listing(in: database)
        let kind = self.kind.flatMap(NoteKind.init(name:))
        let first = head.notes.filter { note in
            matching.matches(note, in: database) && (!uncategorized || note.categoryID == nil) && (kind == nil || note.kind == kind)
        }
        output.write(first, in: database)
        output.flush()
        if !head.isWholeList {
            let whole = try storeOptions.open(reporting: false)
            ListOutput.keepUntilExit(whole)
            var rest = try notes(in: whole.contents, sort: .updated)
            if rest.prefix(first.count).map(\.id) == first.map(\.id) {
                rest.removeFirst(first.count)
            } else {  // the store changed between the two reads
                let written = Set(first.map(\.id))
                rest.removeAll { written.contains($0.id) }
            }
            output.write(rest, in: whole.contents)
        }
        output.finish()
        return true
    }
}
