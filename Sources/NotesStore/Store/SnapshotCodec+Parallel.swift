import Foundation
import NotesBase
import NotesJSON
import NotesModel

extension SnapshotCodec {
    /// Reads the `notes` array on two threads. The other thread reads the part after a
    /// structural boundary `\n    },\n    {` about 38% of the way in (a raw newline never
    /// occurs inside a JSON string, so the pattern is always between two values) and
    /// hands its notes over in chunks; this thread reads the first part (storing the chunks
    /// ready meanwhile), then stores the other thread's notes in the dictionary as they
    /// come, which overlaps the two costs
    /// (storing a note in the large table costs a third as much as reading it, its bucket
    /// fetched ahead by `TablePrefetch`; 28% when there is no prefetch, storing then
    /// costing twice as much).
    ///
    /// This thread must end exactly at that boundary and the other at the array's `]`;
    /// if anything differs or fails — other layout, duplicate ids, any error — it returns
    /// nil and the caller reads sequentially from the same place, which also gives exact
    /// error places. With `check`, it also returns the ids of notes whose category is unknown.
    /// `noteCount` is what an index says (see `notesCapacity`).
    func readNotesInParallel(_ reader: inout JSONReader, in file: SnapshotFile?, checking check: CategoryCheck?,
                             noteCount: Int? = nil) -> ([UUID: Note], [UUID]?)? {
        let bytes = reader.bytes
        reader.skipWhitespace()
        let arrayStart = reader.position
        guard bytes.count - arrayStart > parallelThreshold, ProcessInfo.processInfo.activeProcessorCount > 1,
              arrayStart < bytes.count, bytes[arrayStart] == UInt8(ascii: "[") else { return nil }
        let capacity = Self.notesCapacity(bytes, from: arrayStart, noteCount: noteCount)
        var notes: [UUID: Note] = [:]
        notes.reserveCapacity(capacity)
        TableHugePages.advise(&notes)
        let prefetch = TablePrefetch(&notes)
        let pattern = Array("\n    },\n    {".utf8)
        var split = arrayStart + (bytes.count - arrayStart) * (prefetch != nil ? Self.firstPartWithPrefetch : 28) / 100
        while split + pattern.count <= bytes.count,
              !UnsafeBufferPointer(rebasing: bytes[split..<(split + pattern.count)]).elementsEqual(pattern) {
            split += 1
        }
        guard split + pattern.count <= bytes.count else { return nil }
        let comma = split + 6
        let secondStart = split + pattern.count - 1

        let firstNotes = capacity * (split - arrayStart) / max(1, bytes.count - arrayStart)
        let other = OtherPart(bytes: bytes, file: file, start: secondStart, depth: reader.currentDepth + 1,
                              records: records, check: check, notes: capacity - firstNotes)
        let job = ThreadJob(stackSize: 1 << 20) { other.run() }
        // The other thread reads `bytes`, which must stay valid until it has finished.
        defer { job.wait() }

        var orphans: [UUID] = []
        let before = reader.position
        // Each note is moved into the dictionary, not copied: a copy retains every field
        // of the note (the body's file from both threads at once) and the chunk's end
        // releases them again. Each is stored once the next one is read, its bucket
        // fetched meanwhile (`TablePrefetch`).
        var held: Note?
        var read = 0
        var ok = readFirstPart(&reader, until: comma, in: file, notes: firstNotes) { (note: consuming Note) -> Bool in
            check?.note(note, orphans: &orphans)
            prefetch?.fetch(note.id)
            if let previous = held.take() {
                let id = previous.id
                guard notes.updateValue(consume previous, forKey: id) == nil else { return false }
            }
            held = consume note
            read += 1
            return read % Self.chunksTakenEvery != 0 || Self.storeReady(other, in: &notes, prefetch: prefetch)
        }
        if ok, let last = held.take() {
            let id = last.id
            ok = notes.updateValue(consume last, forKey: id) == nil
        }
        if ok { ok = Self.store(other, in: &notes, prefetch: prefetch) }
        guard ok, let end = other.end else {
            reader.position = before
            return nil
        }
        reader.position = end
        return (notes, check == nil ? nil : orphans + other.orphans)
    }

    /// Stores the other thread's notes as its chunks come, until it has ended; false at a
    /// duplicate. Last to first: `popLast` moves each note out of the chunk, the bucket of
    /// the one `prefetchAhead` places further fetched meanwhile. The other thread has
    /// checked their categories.
    private static func store(_ other: OtherPart, in notes: inout [UUID: Note], prefetch: TablePrefetch?) -> Bool {
        while let chunk = other.nextChunk() {
            guard store(chunk, from: other, in: &notes, prefetch: prefetch) else { return false }
        }
        return true
    }

    /// Stores the other thread's chunks that are ready, without waiting for more; false at a
    /// duplicate. Called while this thread reads its own part, so that each chunk's memory
    /// is handed back and filled again (`OtherPart.recycle`) instead of the other thread,
    /// which reads ahead, taking fresh memory for every chunk until this one ends its part.
    private static func storeReady(_ other: OtherPart, in notes: inout [UUID: Note], prefetch: TablePrefetch?) -> Bool {
        while let chunk = other.availableChunk() {
            guard store(chunk, from: other, in: &notes, prefetch: prefetch) else { return false }
        }
        return true
    }

    /// Stores one chunk of the other thread's notes, then hands its emptied array back to
    /// that thread to fill again; false at a duplicate.
    private static func store(_ chunk: consuming [Note], from other: OtherPart, in notes: inout [UUID: Note],
                              prefetch: TablePrefetch?) -> Bool {
        var chunk = chunk
        if let prefetch {
            for note in chunk.suffix(prefetchAhead) { prefetch.fetch(note.id) }
        }
        while let note = chunk.popLast() {
            if let prefetch, chunk.count >= prefetchAhead { prefetch.fetch(chunk[chunk.count - prefetchAhead].id) }
            let id = note.id
            guard notes.updateValue(consume note, forKey: id) == nil else { return false }
        }
        other.recycle(consume chunk)
        return true
    }

    /// How many of its own notes this thread reads between looks for the other thread's
    /// chunks: a look is a semaphore's atomic, a chunk is 2,048 notes.
    static let chunksTakenEvery = 256

    /// The percentage of the notes array this thread reads when the table's buckets are
    /// fetched ahead (28 when not): it also stores every note, which then costs less.
    static let firstPartWithPrefetch = 38

    /// How many notes ahead of the store a chunk's buckets are fetched: a store takes about
    /// as long as a line takes to come from memory.
    static let prefetchAhead = 4

    /// Reads notes from the array's `[` up to the boundary at `comma`, giving each to
    /// `store` (false: a duplicate). Returns whether it ended exactly there.
    private func readFirstPart(_ reader: inout JSONReader, until comma: Int, in file: SnapshotFile?, notes: Int,
                               store: (consuming Note) -> Bool) -> Bool {
        let tagSets = TagSetCache(forNotes: notes)
        do throws(JSONError) {
            try reader.expect(UInt8(ascii: "["), "an array")
            try reader.enter()
            defer { reader.leave() }
            reader.skipWhitespace()
            while true {
                guard store(try records.readNote(&reader, in: file, tagSets: tagSets)) else { return false }
                reader.skipWhitespace()
                if reader.position == comma { return true }
                guard reader.position < reader.bytes.count, reader.bytes[reader.position] == UInt8(ascii: ",") else { return false }
                reader.position += 1
                reader.skipWhitespace()
            }
        } catch {
            return false
        }
    }
}

/// The part of the notes array after the split, read on its own thread and handed
/// over in chunks as it goes.
final class OtherPart: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: SnapshotFile?
    let start: Int
    let depth: Int
    let records: RecordCodec
    /// Checked here for the notes of this part, so that the thread storing them does not hash their categories.
    let check: CategoryCheck?
    /// About how many notes this part holds.
    let notes: Int
    static let chunkSize = 2048

    private let lock = NSLock()
    /// Signalled once for each chunk, and once more when reading has ended.
    private let available = DispatchSemaphore(value: 0)
    // Guarded by `lock`:
    private var chunks: [[Note]] = []
    private var taken = 0
    private var succeeded = false
    private var endPosition: Int?
    private var foundOrphans: [UUID] = []
    /// Chunks stored and handed back (`recycle`), emptied, their room kept.
    private var spares: [[Note]] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: SnapshotFile?, start: Int, depth: Int, records: RecordCodec,
         check: CategoryCheck?, notes: Int) {
        self.bytes = bytes
        self.notes = notes
        self.file = file
        self.start = start
        self.depth = depth
        self.records = records
        self.check = check
    }

    /// On success, the position after the array's closing `]` (once `nextChunk` has returned nil).
    var end: Int? {
        lock.lock()
        defer { lock.unlock() }
        return succeeded ? endPosition : nil
    }

    /// With `check`, the ids of this part's notes it found (see `CategoryCheck`), once `nextChunk` has returned nil.
    var orphans: [UUID] {
        lock.lock()
        defer { lock.unlock() }
        return foundOrphans
    }

    /// The next chunk of notes, waiting for it; nil once reading has ended (see `end`).
    func nextChunk() -> [Note]? {
        available.wait()
        return takeChunk()
    }

    /// The next chunk of notes if one is ready now, without waiting; nil if none is (or
    /// reading has ended: `nextChunk` says which).
    func availableChunk() -> [Note]? {
        guard available.wait(timeout: .now()) == .success else { return nil }
        return takeChunk()
    }

    /// Takes the chunk a signal of `available` stands for; nil (and the signal given
    /// back) once reading has ended.
    private func takeChunk() -> [Note]? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < chunks.count else {
            available.signal()  // the end stays visible to any further call
            return nil
        }
        let chunk = chunks[taken]
        chunks[taken] = []
        taken += 1
        return chunk
    }

    func run() {
        var reader = JSONReader(bytes: bytes, position: start, depth: depth)
        var chunk = emptyChunk()
        var end: Int?
        var orphans: [UUID] = []
        let tagSets = TagSetCache(forNotes: notes)
        do throws(JSONError) {
            while true {
                let note = try records.readNote(&reader, in: file, tagSets: tagSets)
                check?.note(note, orphans: &orphans)
                chunk.append(consume note)
                if chunk.count == Self.chunkSize {
                    publish(chunk)
                    chunk = emptyChunk()
                }
                reader.skipWhitespace()
                guard reader.position < bytes.count else { break }
                let byte = bytes[reader.position]
                reader.position += 1
                if byte == UInt8(ascii: "]") {
                    end = reader.position
                    break
                }
                guard byte == UInt8(ascii: ",") else { break }
            }
        } catch {}
        if end != nil, !chunk.isEmpty { publish(chunk) }
        lock.lock()
        succeeded = end != nil
        endPosition = end
        foundOrphans = orphans
        lock.unlock()
        available.signal()
    }

    private func publish(_ chunk: [Note]) {
        lock.lock()
        chunks.append(chunk)
        lock.unlock()
        available.signal()
    }

    /// An emptied chunk handed back, to be filled again (its memory is no longer fresh).
    func recycle(_ chunk: consuming [Note]) {
        guard chunk.isEmpty, chunk.capacity >= Self.chunkSize else { return }
        lock.lock()
        spares.append(chunk)
        lock.unlock()
    }

    /// An emptied chunk to fill: one handed back, or a new one.
    func emptyChunk() -> [Note] {
        lock.lock()
        let spare = spares.popLast()
        lock.unlock()
        if let spare { return spare }
        var chunk: [Note] = []
        chunk.reserveCapacity(Self.chunkSize)
        return chunk
    }
}
