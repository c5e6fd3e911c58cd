/// Mutations of a store journal (`{"crc32":"…","entry":…}` lines): damage to the
/// entry of one line *with its checksum recomputed*, so that the entry reader
/// itself is tested and not only the checksum; removed, repeated and swapped
/// lines (sequence numbers out of order); and byte-level damage.
public enum JournalMutator {
    static let prefix = Array("{\"crc32\":\"".utf8)
    static let middle = Array("\",\"entry\":".utf8)

    public static func mutate(_ journal: [UInt8], _ random: inout SeededRandom) -> Mutation {
        var lines = journal.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else { return Mutator.bytes(journal, &random) }
        let index = random.int(0...(lines.count - 1))
        switch random.int(0...9) {
        case 0...5:
            guard let entry = entry(of: lines[index]), let changed = Mutator.json(entry, &random) else { break }
            lines[index] = line(for: changed.bytes)
            return Mutation(bytes: joined(lines), description: "line \(index + 1), checksum recomputed: entry\(changed.description)")
        case 6:
            lines.remove(at: index)
            return Mutation(bytes: joined(lines), description: "line \(index + 1) removed")
        case 7:
            lines.insert(lines[index], at: index)
            return Mutation(bytes: joined(lines), description: "line \(index + 1) repeated")
        case 8:
            let other = random.int(0...(lines.count - 1))
            lines.swapAt(index, other)
            return Mutation(bytes: joined(lines), description: "lines \(index + 1) and \(other + 1) swapped")
        default: break
        }
        return Mutator.bytes(journal, &random)
    }

    /// The bytes of a line's entry, if the line has the fixed prefix.
    static func entry(of line: [UInt8]) -> [UInt8]? {
        let start = prefix.count + 8 + middle.count
        guard line.count > start + 1, line.starts(with: prefix), line.last == UInt8(ascii: "}") else { return nil }
        return Array(line[start..<(line.count - 1)])
    }

    /// A journal line for `entry` with the right checksum.
    public static func line(for entry: [UInt8]) -> [UInt8] {
        let digits = String(checksum(entry), radix: 16)
        return prefix + Array((String(repeating: "0", count: 8 - digits.count) + digits).utf8) + middle + entry + [UInt8(ascii: "}")]
    }

    static func joined(_ lines: [[UInt8]]) -> [UInt8] {
        lines.flatMap { $0 + [UInt8(ascii: "\n")] }
    }

    /// CRC-32 (IEEE), as the journal uses, computed a bit at a time (`BitwiseCRC32`).
    public static func checksum(_ bytes: [UInt8]) -> UInt32 { BitwiseCRC32.checksum(bytes) }
}
