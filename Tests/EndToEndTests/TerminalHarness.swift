import Foundation
import NotesTestSupport
import Testing

/// Runs a program built by this package inside a bash in a tmux pane, and checks
/// that the terminal is handed back in the mode it was in (`stty -a` before = after).
struct TerminalHarness {
    let session: TmuxSession

    /// The folder holding the built products (`notes`, `notes-termcheck`) and the test bundle.
    static var productsFolder: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // macOS-style bundles: …/X.xctest/Contents/MacOS/X
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder.deleteLastPathComponent()
        }
        return folder
    }

    /// The path of a built product.
    static func product(_ name: String) -> String {
        productsFolder.appendingPathComponent(name).path
    }

    /// Starts a bash at its prompt in a new tmux session.
    init(width: Int = 80, height: Int = 24, term: String = "xterm-256color",
         environment: [String: String] = [:]) throws {
        session = try TmuxSession(command: TmuxSession.shellCommand(), width: width, height: height,
                                  term: term, environment: environment)
        try session.waitFor(text: TmuxSession.shellPrompt)
    }

    /// A file in the session's scratch folder.
    func scratch(_ name: String) -> String { session.scratch.appendingPathComponent(name).path }

    /// Types a command line and presses Enter.
    func run(_ commandLine: String) throws {
        try session.type(commandLine)
        try session.sendKeys("Enter")
    }

    /// Runs `command` as the foreground job, bracketed by `stty -a` snapshots and
    /// followed by `EXIT=<status>` and `DONE` on the screen.
    func startBracketed(_ command: [String]) throws {
        let line = command.map(TmuxSession.shellQuoted).joined(separator: " ")
        // The markers are echoed from quoted halves, so the typed command line (which may
        // wrap anywhere) never shows them as they appear in the output.
        try run("stty -a > \(scratch("before")); \(line); echo \"EXIT\"\"=$?\"; stty -a > \(scratch("after")); echo DO\"\"NE")
    }

    /// Waits until the program has taken the screen (the alternate screen is on).
    func waitForFullScreen() throws {
        try session.waitFor(format: "#{alternate_on}", toBe: "1")
    }

    /// Waits for the bracketed command to finish; returns its exit status.
    func waitForExit() throws -> Int? {
        let screen = try session.waitUntil("DONE at the prompt") { screen in
            screen.split(separator: "\n").contains { $0 == "DONE" }
        }
        try session.waitFor(format: "#{alternate_on}", toBe: "0")
        guard let line = screen.split(separator: "\n").last(where: { $0.hasPrefix("EXIT=") }) else { return nil }
        return Int(line.dropFirst("EXIT=".count))
    }

    /// Saves `stty -a` as the snapshot `name` and waits until it is written.
    func saveSnapshot(_ name: String) throws {
        try run("stty -a > \(scratch(name)); echo SAVED\"\"-\(name)")
        try session.waitUntil("snapshot \(name) saved") { screen in
            screen.split(separator: "\n").contains { $0 == "SAVED-\(name)" }
        }
    }

    /// The `stty -a` snapshot written to `name` in the scratch folder.
    func snapshot(_ name: String) throws -> String {
        try String(contentsOfFile: scratch(name), encoding: .utf8)
    }

    /// The pid of the shell's foreground child (the program under test).
    func programPid() throws -> pid_t {
        let shell = try session.format("#{pane_pid}")
        let deadline = Date().addingTimeInterval(10)
        repeat {
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            if let first = children.split(separator: " ").first, let pid = pid_t(first) { return pid }
            usleep(20_000)
        } while Date() < deadline
        throw TmuxError.timedOut(waitingFor: "a child of the shell \(shell)", screen: (try? session.capture()) ?? "")
    }
}
