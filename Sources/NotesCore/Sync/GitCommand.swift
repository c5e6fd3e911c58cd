import Foundation

/// Runs the `git` program as a child process in one repository, non-interactively:
/// no terminal prompt for credentials (`GIT_TERMINAL_PROMPT=0`), no pager, no editor,
/// standard input from `/dev/null` unless the call gives some. Output is captured.
public struct GitCommand: Sendable {
    /// The repository's work tree (`git -C`).
    public let folder: URL
    /// Extra environment variables (tests pin dates with them).
    public var environment: [String: String]

    public init(folder: URL, environment: [String: String] = [:]) {
        self.folder = folder
        self.environment = environment
    }

    /// What a finished git command printed, and how it ended.
    public struct Result: Sendable {
        public var status: Int32
        public var output: Data
        public var errorText: String

        public var text: String { String(decoding: output, as: UTF8.self) }
        public var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Runs `git <arguments>` and returns its result whatever its exit status.
    public func run(_ arguments: [String], input: Data? = nil) throws(SyncError) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        var variables = ProcessInfo.processInfo.environment
        variables["GIT_TERMINAL_PROMPT"] = "0"
        variables["GIT_PAGER"] = "cat"
        variables["PAGER"] = "cat"
        variables["GIT_EDITOR"] = "true"
        variables["GIT_MERGE_AUTOEDIT"] = "no"
        for (key, value) in environment { variables[key] = value }
        process.environment = variables

        let outputPipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        do { try process.run() } catch { throw .gitMissing(reason: error.localizedDescription) }

        // Read both outputs and write the input at the same time, so that no pipe fills up and blocks git.
        let group = DispatchGroup()
        let collected = Collected()
        DispatchQueue.global().async(group: group) {
            collected.set(output: outputPipe.fileHandleForReading.readDataToEndOfFile())
        }
        DispatchQueue.global().async(group: group) {
            collected.set(error: errorPipe.fileHandleForReading.readDataToEndOfFile())
        }
        if let inputPipe, let input {
            DispatchQueue.global().async(group: group) {
                try? inputPipe.fileHandleForWriting.write(contentsOf: input)
                try? inputPipe.fileHandleForWriting.close()
            }
        }
        group.wait()
        process.waitUntilExit()
        let (output, errorData) = collected.values
        let errorText = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // `env` itself says so when it finds no `git` on the PATH (status 127).
        if process.terminationStatus == 127, errorText.contains("env:") { throw .gitMissing(reason: errorText) }
        return Result(status: process.terminationStatus, output: output, errorText: errorText)
    }

    /// Runs `git <arguments>` and returns its output; a non-zero exit status is `SyncError.gitFailed`.
    @discardableResult
    public func check(_ action: String, _ arguments: [String], input: Data? = nil) throws(SyncError) -> Result {
        let result = try run(arguments, input: input)
        guard result.status == 0 else {
            throw .gitFailed(action: action, status: result.status, message: result.errorText)
        }
        return result
    }
}

/// The two outputs of a child process, gathered by two threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data(), error = Data()

    func set(output data: Data) { lock.withLock { output = data } }
    func set(error data: Data) { lock.withLock { error = data } }
    var values: (Data, Data) { lock.withLock { (output, error) } }
}
