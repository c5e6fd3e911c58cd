import Foundation

/// What /proc/self/smaps says of this process's memory, for the tests of huge-page advice.
enum HugePageAdvice {
    /// Whether the mapping holding `address` is advised huge pages (`hg` in its `VmFlags`, /proc/self/smaps).
    static func isAdvised(at address: UInt) throws -> Bool {
        // Read to its end: a file under /proc says its size is 0.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                let bounds = first.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inside, fields.first == "VmFlags:" {
                return fields.contains("hg")
            }
        }
        return false
    }
}
