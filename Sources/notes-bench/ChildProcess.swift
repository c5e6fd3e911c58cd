import Foundation
import NotesBase

/// Runs this benchmark again in a fresh process with a hidden flag, so that one
/// open is measured without the generator's memory and allocator state.
/// The child prints one line of `key=value` pairs; see `ChildMeasurement`.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `executable` (this benchmark unless told) with `arguments`; its `key=value` pairs.
    static func run(_ arguments: [String], executable: URL = BenchBinaries.bench) throws -> [String: String] {
        let output = Pipe()
        let errors = Pipe()
        // The child holds no end of the pipes but its own output and error (close-on-exec;
        // duplicated onto 1 and 2, they stay open there).
        for handle in [output.fileHandleForReading, output.fileHandleForWriting, errors.fileHandleForReading, errors.fileHandleForWriting] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        var child = ChildSpawn(program: executable.path, arguments: [executable.path] + arguments)
        child.standardOutput = .descriptor(output.fileHandleForWriting.fileDescriptor)
        child.standardError = .descriptor(errors.fileHandleForWriting.fileDescriptor)
        let pid = try child.start()
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        let exit = try ChildSpawn.wait(for: pid, program: executable.path)
        let text = String(decoding: data, as: UTF8.self)
        guard exit == .exited(0) else {
            let reason = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "child \(arguments.joined(separator: " ")) exited \(exit.shellStatus): \(reason)")
        }
        var fields: [String: String] = [:]
        for pair in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }
}
