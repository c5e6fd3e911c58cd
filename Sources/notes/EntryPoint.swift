import ArgumentParser
import Foundation
import NotesModel

extension Notes {
    /// Parses and runs a command. Every failure is printed to stderr as `error: …`
    /// (lowercase, as the scripting contract says) with a non-zero exit status;
    /// help and completion scripts go to stdout with status 0. Output that could not be
    /// written (a full disk) is a failure too; a reader that went away (`| head`) ends
    /// the program quietly with status 141, as if by `SIGPIPE`.
    static func main() {
        let words = OptionValues.joined(Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot(try TextArguments.rewritten(words))
            try command.run()
            try Console.finish()
        } catch let failure as OutputError {
            exit(failing: failure)
        } catch let unknown as TextArguments.UnknownOption {
            Console.error("error: \(unknown)")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch {
            let code = exitCode(for: error)
            var message = fullMessage(for: error)
            // A usage error with an option-shaped word the command does not know: it may be text.
            if code == .validationFailure, let hint = TextArguments.hint(forFailed: words) { message += "\n" + hint }
            if code == .success {
                if !message.isEmpty { Console.out(message) }
                do { try Console.finish() } catch let failure as OutputError { exit(failing: failure) } catch {}
            } else {
                Console.flush()
                if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst(7) }
                if !message.isEmpty { Console.error(message) }
            }
            Foundation.exit(code.rawValue)
        }
    }

    private static func exit(failing failure: OutputError) -> Never {
        if failure.isClosedPipe { Foundation.exit(141) }
        Console.error("error: \(failure)")
        Foundation.exit(1)
    }
}

/// Writing to the terminal: results to stdout, diagnostics to stderr. Every line the
/// command line prints goes through here: on a terminal, control characters, escape
/// sequences and bidi controls in note text show as visible escapes (`TerminalSafeText`);
/// a pipe or a file gets the exact bytes. Failed writes are kept and reported by `finish()`.
enum Console {
    static let standardOutput = OutputChannel(descriptor: STDOUT_FILENO, name: "standard output")
    static let standardError = OutputChannel(descriptor: STDERR_FILENO, name: "standard error")

    /// Text on stdout, followed by `terminator` (a line break unless told otherwise).
    static func out(_ text: String, terminator: String = "\n") {
        standardOutput.write(text)
        if !terminator.isEmpty { standardOutput.write(terminator) }
    }

    /// UTF-8 bytes on stdout (escaped on a terminal like any text).
    static func write(_ bytes: [UInt8]) {
        standardOutput.write(bytes)
    }

    /// Many lines on stdout.
    static func out(lines: [String]) {
        for line in lines {
            standardOutput.write(line)
            standardOutput.write("\n")
        }
    }

    /// Writes out what stdout holds so far (failures are kept for `finish()`).
    static func flush() {
        standardOutput.flush()
    }

    /// Writes out and closes stdout; throws the first write failure of the run.
    static func finish() throws {
        if let failure = standardOutput.finish() { throw failure }
    }

    /// A message on stderr, at once (the caller adds any `error:`/`warning:` prefix).
    static func error(_ text: String) {
        standardOutput.flush()
        standardError.write(text.hasSuffix("\n") ? text : text + "\n")
        standardError.flush()
    }

    static func warning(_ text: String) {
        error("warning: " + text)
    }
}
