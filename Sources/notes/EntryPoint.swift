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

    /// A message on stderr, as is (the caller adds any `error:`/`warning:` prefix).
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func warning(_ text: String) {
        error("warning: " + text)
    }
}
