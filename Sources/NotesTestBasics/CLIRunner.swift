import Foundation
import NotesBase

/// What one run of the `notes` binary did.
public struct CLIResult: Sendable, CustomStringConvertible {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public var description: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
}

/// Why the `notes` binary could not be run.
public enum CLIRunnerError: Error, CustomStringConvertible {
    case binaryNotFound(searched: [String])
    case launch(String)
    case hung(arguments: [String], seconds: Double)

    public var description: String {
        switch self {
        case .binaryNotFound(let searched): "the notes binary is not built; looked in: \(searched.joined(separator: ", "))"
        case .launch(let reason): "cannot run the notes binary: \(reason)"
        case .hung(let arguments, let seconds): "notes \(arguments.joined(separator: " ")) was still running after \(Int(seconds)) s; killed"
        }
    }
}

/// Runs the built `notes` executable with arguments, environment and standard input,
/// and returns its exit status and output. The binary is found next to the test bundle
/// (SwiftPM puts every product of a build in one folder), or at `$NOTES_BINARY`.
///
/// The child gets only the environment given (plus `PATH` and `LANG` from `baseEnvironment`),
/// so a developer's own `$NOTES_STORE` or `$EDITOR` never leaks into a test.
public struct CLIRunner: Sendable {
    public let executable: URL
    public var baseEnvironment: [String: String]

    public init(executable: URL? = nil) throws {
        if let executable {
            self.executable = executable
        } else {
            self.executable = try Self.locateBinary()
        }
        let parent = ProcessInfo.processInfo.environment
        baseEnvironment = [
            "PATH": parent["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "HOME": FileManager.default.temporaryDirectory.appendingPathComponent("notes-test-no-home").path,
        ]
    }

    /// Runs `notes arguments…`; `environment` is added to (and overrides) `baseEnvironment`.
    /// `workingDirectory`: where it runs (relative paths), else this process's folder.
    /// A run still going after `timeout` seconds is killed, and is an error.
    public func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
                    workingDirectory: URL? = nil, timeout: Double = 300) throws -> CLIResult {
        let scratch = try TemporaryFolder(prefix: "notes-cli-run")
        defer { scratch.remove() }
        let outURL = scratch.file("stdout")
        let errURL = scratch.file("stderr")
        let inURL = scratch.file("stdin")
        for url in [outURL, errURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        _ = FileManager.default.createFile(atPath: inURL.path, contents: Data((stdin ?? "").utf8))

        let program = executable.path
        var child = ChildSpawn(program: program, arguments: [program] + arguments,
                               environment: baseEnvironment.merging(environment) { _, new in new })
        child.workingDirectory = workingDirectory?.path
        child.standardInput = .open(inURL.path, flags: O_RDONLY)
        child.standardOutput = .open(outURL.path, flags: O_WRONLY | O_TRUNC)
        child.standardError = .open(errURL.path, flags: O_WRONLY | O_TRUNC)
        // No test's pipe may stay open in a child of another test running beside it.
        child.closesOtherDescriptors = true
        let exit: ChildSpawn.Exit, timedOut: Bool
        do {
            let pid = try child.start()
            (exit, timedOut) = try ChildSpawn.wait(for: pid, program: program, timeout: timeout)
        } catch {
            throw CLIRunnerError.launch("\(error)")
        }
        if timedOut { throw CLIRunnerError.hung(arguments: arguments, seconds: timeout) }
        let stdout = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self)
        // As Foundation's Process reported it: the exit status, or the signal's number.
        let status: Int32
        switch exit {
        case .exited(let code): status = code
        case .killed(let signal): status = signal
        }
        return CLIResult(status: status, stdout: stdout, stderr: stderr)
    }

    /// `$NOTES_BINARY`, else `notes` in the folder of the running test executable.
    public static func locateBinary() throws -> URL {
        let manager = FileManager.default
        if let explicit = ProcessInfo.processInfo.environment["NOTES_BINARY"], manager.isExecutableFile(atPath: explicit) {
            return URL(fileURLWithPath: explicit)
        }
        var folders: [URL] = []
        if let exe = try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        folders.append(Bundle.main.executableURL?.deletingLastPathComponent() ?? Bundle.main.bundleURL)
        for folder in folders {
            // On macOS the test bundle is `X.xctest/Contents/MacOS/X`: climb to the products folder.
            var candidate = folder
            for _ in 0..<4 {
                let binary = candidate.appendingPathComponent("notes")
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: binary.path, isDirectory: &isFolder), !isFolder.boolValue,
                   manager.isExecutableFile(atPath: binary.path) {
                    return binary
                }
                candidate = candidate.deletingLastPathComponent()
            }
        }
        throw CLIRunnerError.binaryNotFound(searched: folders.map(\.path))
    }
}
