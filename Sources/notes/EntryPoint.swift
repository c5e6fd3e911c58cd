import ArgumentParser
import Foundation

extension Notes {
    /// Parses and runs a command. Every failure is printed to stderr as `error: …`
    /// (lowercase, as the scripting contract says) with a non-zero exit status;
    /// help and completion scripts go to stdout with status 0.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
            } else {
                if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst(7) }
                if !message.isEmpty { Console.error(message) }
            }
            Foundation.exit(code.rawValue)
        }
    }
}

/// Writing to the terminal: results to stdout, diagnostics to stderr.
enum Console {
    /// A line on stdout.
    static func out(_ text: String) {
        print(text)
    }

    /// Bytes on stdout as they are, after anything `out` still holds in its buffer.
    static func write(_ bytes: [UInt8]) {
        fflush(nil)
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDOUT_FILENO, start + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Many lines on stdout, gathered into large writes (a `print` a line cost more
    /// than formatting the line when listing 100,000 notes).
    static func out(lines: [String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 17)
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
            if bytes.count >= 1 << 16 {
                write(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        write(bytes)
    }

    /// A message on stderr, as is (the caller adds any `error:`/`warning:` prefix).
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func warning(_ text: String) {
        error("warning: " + text)
    }
}
