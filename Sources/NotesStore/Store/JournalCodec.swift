import Foundation
import NotesBase
import NotesJSON
import NotesModel

/// The journal `notes.json.journal`: JSON Lines, one commit a line:
/// `{"crc32":"1a2b3c4d","entry":{"sequence":7,"changes":[…]}}` where the CRC-32
/// covers the exact bytes of the `entry` value, so a torn or garbled line is detected.
struct JournalCodec {
    let records: RecordCodec

    private static let prefix = Array(#"{"crc32":""#.utf8)
    private static let middle = Array(#"","entry":"#.utf8)

    /// The line for `changes`; the `putNote`s at `keptBodies` are written without their body.
    func encodeLine(sequence: Int, changes: [StoreChange], preserved: [UUID: PreservedColor],
                    keptBodies: [Int] = []) throws -> [UInt8] {
        // The line is built in one buffer, sized up front, its checksum filled in at the end:
        // a commit of a million notes (an import) is one line, and copying it would double it.
        var writer = JSONTextWriter(pretty: false, capacity: Self.estimatedSize(of: changes))
        writer.bytes.append(contentsOf: Self.prefix)
        writer.bytes.append(contentsOf: Array(repeating: UInt8(ascii: "0"), count: 8))
        writer.bytes.append(contentsOf: Self.middle)
        let entryStart = writer.bytes.count
        writer.beginObject()
        writer.key("sequence"); writer.integer(sequence)
        writer.key("changes")
        writer.beginArray()
        for (index, change) in changes.enumerated() {
            writer.element()
            writer.beginObject()
            switch change {
            case .putNote(let note):
                writer.key("putNote"); try records.write(note, withBody: !keptBodies.contains(index), to: &writer)
            case .deleteNote(let id):
                writer.key("deleteNote"); writer.string(id.uuidString)
            case .putCategory(let category):
                writer.key("putCategory"); try records.write(category, preserved: preserved[category.id], to: &writer)
            case .deleteCategory(let id):
                writer.key("deleteCategory"); writer.string(id.uuidString)
            case .trashNote(let id, let date):
                writer.key("trashNote"); Self.writeDated(id, date, to: &writer)
            case .restoreNote(let id):
                writer.key("restoreNote"); writer.string(id.uuidString)
            case .trashCategory(let id, let date):
                writer.key("trashCategory"); Self.writeDated(id, date, to: &writer)
            case .setRecentColors(let colors):
                writer.key("setRecentColors"); writer.string(try records.transformers.packColors(colors).base64EncodedString())
            case .putImportSource(let source):
                writer.key("putImportSource"); records.write(source, to: &writer)
            case .dropImportSource(let key):
                writer.key("dropImportSource"); records.write(key, to: &writer)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        let checksum = writer.bytes.withUnsafeBufferPointer { CRC32.checksum(UnsafeBufferPointer(rebasing: $0[entryStart...])) }
        writer.bytes.replaceSubrange(Self.prefix.count..<(Self.prefix.count + 8), with: CRC32.hex(checksum).utf8)
        writer.bytes.append(contentsOf: "}\n".utf8)
        return writer.bytes
    }

    /// About the bytes `changes` take in a line (escapes can make it more).
    private static func estimatedSize(of changes: [StoreChange]) -> Int {
        var size = 256
        for change in changes {
            if case .putNote(let note) = change {
                size += 320 + note.title.utf8.count + note.bodyStorage.utf8CountBound + note.tags.reduce(0) { $0 + $1.utf8.count + 3 }
            } else {
                size += 200
            }
        }
        return size + size / 32
    }

    /// Decodes one line (without its newline). Throws a reason when the checksum or the JSON is bad.
    func decodeLine(_ line: ArraySlice<UInt8>) throws(JSONError) -> JournalEntry {
        try decode(line, checkingBodiesOnly: false)
    }

    /// Checks one line as `decodeLine` reads it, but scans note bodies (escapes, UTF-8)
    /// without building them: how a commit is read back before it is written, which for
    /// a 200 MB note saves building a 200 MB string.
    func checkLine(_ line: ArraySlice<UInt8>) throws(JSONError) {
        _ = try decode(line, checkingBodiesOnly: true)
    }

    /// Whether `line` has a journal line's frame and its checksum matches its entry: the
    /// line was written whole, whatever its entry holds.
    func hasIntactChecksum(_ line: ArraySlice<UInt8>) -> Bool {
        line.withUnsafeBufferPointer { bytes in (try? Self.checkedEntryStart(in: bytes)) != nil }
    }

    /// Where the entry of a line `{"crc32":"…","entry":…}` starts; throws when the line
    /// lacks that frame or its checksum does not match the entry's bytes.
    private static func checkedEntryStart(in bytes: UnsafeBufferPointer<UInt8>) throws(JSONError) -> Int {
        let headerCount = prefix.count + 8 + middle.count
        guard bytes.count > headerCount + 1, bytes.starts(with: prefix),
              bytes[(prefix.count + 8)..<headerCount].elementsEqual(middle), bytes.last == UInt8(ascii: "}")
        else { throw JSONError(reason: "not a journal line", offset: 0, line: 1, column: 1) }
        let stored = String(decoding: UnsafeBufferPointer(rebasing: bytes[prefix.count..<(prefix.count + 8)]), as: UTF8.self)
        let entryBytes = UnsafeBufferPointer(rebasing: bytes[headerCount..<(bytes.count - 1)])
        guard UInt32(stored, radix: 16) == CRC32.checksum(entryBytes) else {
            throw JSONError(reason: "checksum mismatch", offset: 0, line: 1, column: 1)
        }
        return headerCount
    }

    private func decode(_ line: ArraySlice<UInt8>, checkingBodiesOnly: Bool) throws(JSONError) -> JournalEntry {
        try line.withUnsafeBufferPointer { (bytes) throws(JSONError) -> JournalEntry in
            let headerCount = try Self.checkedEntryStart(in: bytes)
            return try JSONReader.read(bytes, from: headerCount) { (reader: inout JSONReader) throws(JSONError) -> JournalEntry in
                var entry = JournalEntry(sequence: -1, changes: [])
                try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
                    switch key {
                    case "sequence": entry.sequence = try reader.readInteger(in: 1...Int(Int64.max >> 11))
                    case "changes":
                        try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
                            try readChange(&reader, into: &entry, checkingBodiesOnly: checkingBodiesOnly)
                        }
                    default: throw reader.error("unknown member '\(key)' in a journal entry")
                    }
                }
                guard entry.sequence > 0 else { throw reader.error("a journal entry without a sequence number") }
                return entry
            }
        }
    }

    private func readChange(_ reader: inout JSONReader, into entry: inout JournalEntry,
                            checkingBodiesOnly: Bool) throws(JSONError) {
        var count = 0
        try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
            count += 1
            guard count == 1 else { throw reader.error("a change with more than one member") }
            switch key {
            case "putNote":
                var hasBody = true
                let note = try records.readNote(&reader, checkingBodyOnly: checkingBodiesOnly, bodyMayBeKept: &hasBody)
                if !hasBody { entry.keptBodies.append(entry.changes.count) }
                entry.changes.append(.putNote(note))
            case "deleteNote": entry.changes.append(.deleteNote(try RecordCodec.readUUID(&reader)))
            case "putCategory":
                let decoded = try records.readCategory(&reader)
                entry.changes.append(.putCategory(decoded.category))
                if let kept = decoded.preserved { entry.preserved[decoded.category.id] = kept }
                if let warning = decoded.warning { entry.warnings.append(warning) }
            case "deleteCategory": entry.changes.append(.deleteCategory(try RecordCodec.readUUID(&reader)))
            case "trashNote":
                let (id, date) = try Self.readDated(&reader)
                entry.changes.append(.trashNote(id, at: date))
            case "restoreNote": entry.changes.append(.restoreNote(try RecordCodec.readUUID(&reader)))
            case "trashCategory":
                let (id, date) = try Self.readDated(&reader)
                entry.changes.append(.trashCategory(id, at: date))
            case "setRecentColors": entry.changes.append(.setRecentColors(try records.readRecentColors(&reader)))
            case "putImportSource": entry.changes.append(.putImportSource(try records.readImportSource(&reader)))
            case "dropImportSource": entry.changes.append(.dropImportSource(try records.readImportSourceKey(&reader)))
            default: throw reader.error("unknown change '\(key)'")
            }
        }
        guard count == 1 else { throw reader.error("an empty change") }
    }
}

extension JournalCodec {
    /// `{"id":"…","at":seconds}`: what `trashNote` and `trashCategory` name.
    static func writeDated(_ id: UUID, _ date: Date, to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("id"); writer.string(id.uuidString)
        writer.key("at"); writer.number(date.timeIntervalSinceReferenceDate)
        writer.endObject()
    }

    static func readDated(_ reader: inout JSONReader) throws(JSONError) -> (UUID, Date) {
        reader.skipWhitespace()
        let start = reader.position
        var id: UUID?
        var date: Date?
        try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
            switch key {
            case "id" where id == nil: id = try RecordCodec.readUUID(&reader)
            case "at" where date == nil: date = try RecordCodec.readDate(&reader)
            case "id", "at": throw reader.error("member '\(key)' appears twice")
            default: throw reader.error("unknown member '\(key)'")
            }
        }
        guard let id, let date else { throw reader.error("needs members 'id' and 'at'", at: start) }
        return (id, date)
    }
}

/// The lines of a journal read from some offset on.
struct JournalScan {
    /// Entries with the 1-based line number each came from.
    var entries: [(line: Int, entry: JournalEntry)] = []
    /// Bytes up to the end of the last good line; what follows is a torn tail.
    var goodLength: Int
    /// Whether there was a torn last line (no newline, or a bad one at the very end).
    var tornTail = false
    var linesRead: Int

    /// Scans `bytes` (the journal from `offset`, which starts line `firstLine`).
    /// A bad line followed by more lines is corruption: throws with the line number.
    static func scan(_ bytes: [UInt8], offset: Int, firstLine: Int, codec: JournalCodec, file: String) throws(StoreError) -> JournalScan {
        var scan = JournalScan(goodLength: offset, linesRead: 0)
        var start = 0
        var line = firstLine
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                scan.tornTail = true
                break
            }
            do throws(JSONError) {
                let entry = try codec.decodeLine(bytes[start..<newline])
                scan.entries.append((line, entry))
            } catch {
                // A last line whose checksum holds was written whole: if it cannot be read, a
                // newer notes wrote it (or something other than a crash changed it), so it is
                // an error, never a torn write to be moved aside.
                let isLast = newline + 1 == bytes.count
                if isLast, !codec.hasIntactChecksum(bytes[start..<newline]) {
                    scan.tornTail = true
                    break
                }
                let place = error.path.isEmpty ? "line \(line)" : "line \(line) (\(error.pathText))"
                let reason = isLast ? "\(error.reason) (the line is whole: written by a newer notes?)" : error.reason
                throw .corrupt(file: file, place: place, reason: reason)
            }
            start = newline + 1
            line += 1
            scan.goodLength = offset + start
            scan.linesRead += 1
        }
        return scan
    }
}
