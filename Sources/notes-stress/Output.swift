#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Unbuffered output: each line goes to the file descriptor in one `write`, so a
/// line the parent reads was complete before the process could be killed.
enum Output {
    static func line(_ text: String, to fd: Int32 = 1) {
        let bytes = Array((text + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + done }, $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            done += count
        }
    }

    /// A result line's free text on one line.
    static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: " ")
    }

    static func fail(_ message: String) -> Never {
        line("notes-stress: \(message)", to: 2)
        exit(1)
    }
}

/// `--name value` options after the mode.
struct Options {
    private var values: [String: String] = [:]
    private(set) var positional: [String] = []

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument.hasPrefix("--"), let value = rest.popFirst() {
                values[String(argument.dropFirst(2))] = value
            } else {
                positional.append(argument)
            }
        }
    }

    func string(_ name: String) -> String? { values[name] }

    func int(_ name: String, default fallback: Int) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text) else { Output.fail("--\(name) needs a number, not '\(text)'") }
        return value
    }
}
