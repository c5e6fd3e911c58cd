import Foundation

/// Memory figures of this process, read from `/proc/self/status`.
enum Memory {
    /// Peak resident set size (`VmHWM`) in bytes, or nil where /proc is not there.
    static func peakResidentBytes() -> Int? {
        statusField("VmHWM:")
    }

    /// Current resident set size (`VmRSS`) in bytes.
    static func residentBytes() -> Int? {
        statusField("VmRSS:")
    }

    private static func statusField(_ name: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            // "VmHWM:	  123456 kB"
            let digits = line.dropFirst(name.count).filter(\.isNumber)
            guard let kilobytes = Int(digits) else { return nil }
            return kilobytes * 1024
        }
        return nil
    }
}
