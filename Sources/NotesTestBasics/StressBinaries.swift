import Foundation

/// The built executables the reliability tests run: `notes` (found by
/// `CLIRunner.locateBinary`) and `notes-stress` beside it, or at `$NOTES_STRESS_BINARY`.
public enum StressBinaries {
    public static func notes() throws -> URL { try CLIRunner.locateBinary() }

    public static func stress() throws -> URL {
        if let explicit = ProcessInfo.processInfo.environment["NOTES_STRESS_BINARY"],
           FileManager.default.isExecutableFile(atPath: explicit) {
            return URL(fileURLWithPath: explicit)
        }
        let beside = try CLIRunner.locateBinary().deletingLastPathComponent().appendingPathComponent("notes-stress")
        guard FileManager.default.isExecutableFile(atPath: beside.path) else {
            throw CLIRunnerError.binaryNotFound(searched: [beside.path])
        }
        return beside
    }

    /// The environment children get: no `$NOTES_STORE` or `$HOME` of the developer's.
    public static func environment() -> [String: String] {
        let parent = ProcessInfo.processInfo.environment
        return [
            "PATH": parent["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "HOME": FileManager.default.temporaryDirectory.appendingPathComponent("notes-test-no-home").path,
        ]
    }
}
