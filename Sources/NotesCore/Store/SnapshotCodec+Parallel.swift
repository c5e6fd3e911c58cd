import Foundation

extension SnapshotCodec {
    /// Reads the `notes` array on two threads: the second part starts at a structural
    /// boundary `\n    },\n    {` near 30% of the way (a raw newline never occurs inside a
    /// JSON string, so the pattern is always between two values). The first thread
    /// must end exactly at that boundary and the second at the array's `]`; if anything
    /// differs or fails — other layout, duplicate ids, any error — it returns nil and
    /// the caller reads sequentially from the same place, which also gives exact error places.
    /// With `check`, also returns the ids of notes whose category is unknown.
    func readNotesInParallel(_ reader: inout JSONReader, in file: SnapshotFile?, checking check: CategoryCheck?) -> ([UUID: Note], [UUID]?)? {
        let bytes = reader.bytes
        reader.skipWhitespace()
        let arrayStart = reader.position
        guard bytes.count - arrayStart > parallelThreshold, ProcessInfo.processInfo.activeProcessorCount > 1,
              arrayStart < bytes.count, bytes[arrayStart] == UInt8(ascii: "[") else { return nil }
        let pattern = Array("\n    },\n    {".utf8)
        // This thread also stores every note in the dictionary, which costs about half
        // as much as reading them (cache misses all over a large table), so it reads less.
        var split = arrayStart + (bytes.count - arrayStart) * 3 / 10
        while split + pattern.count <= bytes.count,
              !UnsafeBufferPointer(rebasing: bytes[split..<(split + pattern.count)]).elementsEqual(pattern) {
            split += 1
        }
        guard split + pattern.count <= bytes.count else { return nil }
        let comma = split + 6
        let secondStart = split + pattern.count - 1

        let job = SecondPart(bytes: bytes, file: file, start: secondStart, depth: reader.currentDepth + 1, records: records)
        let thread = Thread { job.run() }
        thread.stackSize = 1 << 20
        thread.start()

        var notes: [UUID: Note] = [:]
        notes.reserveCapacity((bytes.count - arrayStart) / 400)
        var orphans: [UUID] = []
        var firstOK = false
        let before = reader.position
        do throws(JSONError) {
            try reader.expect(UInt8(ascii: "["), "an array")
            try reader.enter()
            defer { reader.leave() }
            reader.skipWhitespace()
            while true {
                let note = try records.readNote(&reader, in: file)
                check?.note(note, orphans: &orphans)
                guard notes.updateValue(note, forKey: note.id) == nil else { break }
                reader.skipWhitespace()
                if reader.position == comma {
                    firstOK = true
                    break
                }
                guard reader.position < bytes.count, bytes[reader.position] == UInt8(ascii: ",") else { break }
                reader.position += 1
                reader.skipWhitespace()
            }
        } catch {
            firstOK = false
        }
        job.done.wait()
        guard firstOK, let second = job.notes, let end = job.end else {
            reader.position = before
            return nil
        }
        for note in second {
            check?.note(note, orphans: &orphans)
            guard notes.updateValue(note, forKey: note.id) == nil else {
                reader.position = before
                return nil
            }
        }
        reader.position = end
        return (notes, check == nil ? nil : orphans)
    }
}

/// The part of the notes array after the split, read on its own thread.
private final class SecondPart: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let file: SnapshotFile?
    let start: Int
    let depth: Int
    let records: RecordCodec
    let done = DispatchSemaphore(value: 0)
    /// Set on success: the notes, and the position after the closing `]`.
    var notes: [Note]?
    var end: Int?

    init(bytes: UnsafeBufferPointer<UInt8>, file: SnapshotFile?, start: Int, depth: Int, records: RecordCodec) {
        self.bytes = bytes
        self.file = file
        self.start = start
        self.depth = depth
        self.records = records
    }

    func run() {
        defer { done.signal() }
        var reader = JSONReader(bytes: bytes, position: start, depth: depth)
        var result: [Note] = []
        result.reserveCapacity((bytes.count - start) / 400)
        do throws(JSONError) {
            while true {
                result.append(try records.readNote(&reader, in: file))
                reader.skipWhitespace()
                guard reader.position < bytes.count else { return }
                let byte = bytes[reader.position]
                reader.position += 1
                if byte == UInt8(ascii: "]") { break }
                guard byte == UInt8(ascii: ",") else { return }
            }
        } catch {
            return
        }
        notes = result
        end = reader.position
    }
}
