import Foundation
import NotesBase
import NotesJSON
import NotesModel

/// How far writing a snapshot has come: notes written so far, of all the notes it holds
/// (live and trashed).
public typealias SnapshotProgress = (_ written: Int, _ total: Int) -> Void

/// Where a snapshot being written goes: a `JSONTextWriter` whose text is handed on to
/// `sink` (the file) each time it holds `pieceSize` bytes, so a snapshot of any size is
/// written through a buffer of about that size; without a sink it is kept whole (`encode`).
struct SnapshotOutput {
    var writer: JSONTextWriter
    /// Bytes already handed on.
    private(set) var handedOn = 0
    private let pieceSize: Int
    private let sink: ((UnsafeBufferPointer<UInt8>) throws -> Void)?
    /// Told how many notes are written: at the first, every `progressStep`, at the end.
    var progress: SnapshotProgress?
    /// Notes written between two calls of `progress`: a count checked, not a call a note.
    static let progressStep = 2048

    /// Text kept whole, in a buffer of `capacity` bytes.
    init(capacity: Int) {
        writer = JSONTextWriter(pretty: true, capacity: capacity)
        pieceSize = .max
        sink = nil
    }

    /// Text handed to `sink` in pieces of about `pieceSize` bytes.
    init(pieceSize: Int = 1 << 20, sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
        writer = JSONTextWriter(pretty: true, capacity: pieceSize + pieceSize / 4)
        self.pieceSize = pieceSize
        self.sink = sink
    }

    /// The offset in the whole text of the next byte written.
    var offset: Int { handedOn + writer.bytes.count }

    /// Hands the text on once the buffer holds a piece.
    mutating func handOnIfFull() throws {
        if writer.bytes.count >= pieceSize { try handOn() }
    }

    /// Hands on what is left (at the end).
    mutating func finish() throws {
        if sink != nil { try handOn() }
    }

    private mutating func handOn() throws {
        guard let sink, !writer.bytes.isEmpty else { return }
        try writer.bytes.withUnsafeBufferPointer { try sink($0) }
        handedOn += writer.bytes.count
        writer.drain { _ in }
    }
}

extension SnapshotCodec {
    /// The notes, live and trashed, oldest first (ties by id), each handed on once written.
    /// Sorted by their places in the dictionaries, not as copies: a copy of every note
    /// would be most of the store again.
    func writeNotes(_ database: NotesDatabase, layout: inout SnapshotLayout, to output: inout SnapshotOutput) throws {
        typealias Place = (created: Date, id: UUID, trash: Bool, index: [UUID: Note].Index)
        var places: [Place] = []
        places.reserveCapacity(database.notes.count + database.trash.count)
        for index in database.notes.indices { places.append((database.notes.values[index].created, database.notes.keys[index], false, index)) }
        for index in database.trash.indices { places.append((database.trash.values[index].created, database.trash.keys[index], true, index)) }
        let total = places.count
        output.progress?(0, total)  // before the sort: a million notes take a moment to order
        places.sort { $0.created != $1.created ? $0.created < $1.created : $0.id.isOrderedBefore($1.id) }
        var written = 0
        for place in places {
            if written > 0, written % SnapshotOutput.progressStep == 0 { output.progress?(written, total) }
            written += 1
            output.writer.element()
            let start = output.offset
            let note = place.trash ? database.trash[place.index].value : database.notes[place.index].value
            try records.write(note, to: &output.writer)
            layout.add(note, offset: start, length: output.offset - start)
            try output.handOnIfFull()
        }
        output.progress?(total, total)
    }

    /// About the bytes `database` takes in a snapshot, so that the buffer is allocated once
    /// (growing it copies it: for a million notes, most of a gigabyte more).
    static func estimatedSize(of database: NotesDatabase) -> Int {
        var size = 64 * 1024 + database.categories.count * 512
        for note in database.notes.values { size += 400 + note.title.utf8.count + note.bodyStorage.utf8CountBound }
        for note in database.trash.values { size += 420 + note.title.utf8.count + note.bodyStorage.utf8CountBound }
        return size + size / 32
    }
}
