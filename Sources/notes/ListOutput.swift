import Foundation
import NotesBase
import NotesJSON
import NotesConfig
import NotesModel
import NotesStore
import NotesTerminal
import Synchronization

/// `notes list`'s output in one of its forms, written a batch of notes at a time: the
/// notes of the list head first (flushed at once), then the rest, as one listing. Every
/// form is made as UTF-8 in one buffer, handed to stdout in blocks of 64 KiB.
struct ListOutput {
    enum Form {
        /// Plain lines (`PlainOutput.listLines`).
        case plain(PlainListLine)
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

    /// Writes `notes` of `database`.
    mutating func write(_ notes: [Note], in database: NotesDatabase) {
        for note in notes { write(note, in: database) }
    }

    /// Writes the notes at `positions` in `database.notes`, a few hundred at a time; the
    /// lines of a long plain or `--format` listing are made by two threads, a block at a time.
    mutating func write(_ positions: [NotePosition], in database: NotesDatabase) {
        if positions.count >= Self.block, let make = lineMaker(database) {
            writer.drain(Console.write)
            for start in stride(from: 0, to: positions.count, by: Self.block) {
                let block = positions[start..<min(start + Self.block, positions.count)]
                let middle = block.startIndex + block.count / 2
                let halves = [block[..<middle], block[middle...]]
                let made = MadeLines()
                DispatchQueue.concurrentPerform(iterations: 2) { half in made.set(half, make(halves[half])) }
                made.write(to: Console.write)
            }
            return
        }
        let notes = database.notes.values
        for start in stride(from: 0, to: positions.count, by: 256) {
            let part = positions[start..<min(start + 256, positions.count)]
            switch form {
            case .plain(let line): line.append(part, of: database, to: &writer.bytes)
            case .template(let template): template.append(part, of: database, to: &writer.bytes)
            case .json, .jsonl: for position in part { write(notes[position], in: database) }
            }
            if writer.bytes.count >= 1 << 16 { writer.drain(Console.write) }
        }
    }

    /// How many notes' lines two threads make at once.
    private static let block = 16_384
    /// Room made for a line at first, about a plain line's length: a half block's buffer
    /// then seldom grows (each growth copies it).
    private static let lineBytes = 96

    /// What makes the lines of some notes as bytes, when the form is made of lines alone.
    private func lineMaker(_ database: NotesDatabase) -> (@Sendable (ArraySlice<NotePosition>) -> [UInt8])? {
        switch form {
        case .plain(let line):
            return { part in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(part.count * Self.lineBytes)
                line.append(part, of: database, to: &bytes)
                return bytes
            }
        case .template(let template):
            return { part in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(part.count * Self.lineBytes)
                template.append(part, of: database, to: &bytes)
                return bytes
            }
        case .json, .jsonl:
            return nil
        }
    }

    private mutating func write(_ note: Note, in database: NotesDatabase) {
        switch form {
        case .plain(let line):
            line.append(note, to: &writer.bytes)
            writer.bytes.append(0x0A)
        case .template(let template):
            template.append(note, in: database, to: &writer.bytes)
            writer.bytes.append(0x0A)
        case .json:
            if !started { writer.beginArray() }
            started = true
            writer.element()
            writer.value(JSONOutput.note(note, in: database))
        case .jsonl:
            writer.value(JSONOutput.note(note, in: database))
            writer.raw("\n")
        }
        if writer.bytes.count >= 1 << 16 { writer.drain(Console.write) }
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

/// The lines each thread made of its half of a block, kept until both are done.
private final class MadeLines: Sendable {
    private let halves = Mutex<[[UInt8]]>([[], []])

    func set(_ half: Int, _ bytes: [UInt8]) {
        halves.withLock { $0[half] = bytes }
    }

    func write(to write: ([UInt8]) -> Void) {
        for bytes in halves.withLock({ $0 }) { write(bytes) }
    }
}

extension ListHead {
    /// The plain line of the whole list, from what the head knows of the whole store;
    /// nil when it cannot tell (the caller reads the whole store).
    func plainLine(in database: NotesDatabase) -> PlainListLine? {
        guard let idPrefixLength, let liveCounts else { return nil }
        var categories = Set<UUID?>(liveCounts.filter { $0.value > 0 }.keys.map { Optional($0) })
        if liveCount > liveCounts.values.reduce(0, +) { categories.insert(nil) }
        return PlainListLine(PlainOutput(columns: DisplayWidth.of), categories: categories, in: database, idLength: idPrefixLength)
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
        guard let form = try form() ?? head.plainLine(in: database).map(ListOutput.Form.plain) else { return false }
        var output = ListOutput(form)
        let matching = try listing(in: database)
        let kind = self.kind.flatMap(NoteKind.init(name:))
        let first = head.notes.filter { note in
            matching.matches(note, in: database) && (!uncategorized || note.categoryID == nil) && (kind == nil || note.kind == kind)
        }
        output.write(first, in: database)
        output.flush()
        if !head.isWholeList {
            // `notes list | head` ends with head, not once the whole store is read: a reader
            // gone ends the program as a closed pipe does (status 141, see `Notes.main`).
            ReaderWatch.start { _exit(141) }
            let whole = try storeOptions.open(reporting: false)
            ListOutput.keepUntilExit(whole)
            var rest = try positions(in: whole.contents, sort: .updated)
            let ids = whole.contents.notes.keys
            if rest.prefix(first.count).map({ ids[$0] }) == first.map(\.id) {
                rest.removeFirst(first.count)
            } else {  // the store changed between the two reads
                let written = Set(first.map(\.id))
                rest.removeAll { written.contains(ids[$0]) }
            }
            output.write(rest, in: whole.contents)
        }
        output.finish()
        return true
    }
}
