import Foundation

/// Why an external editor could not edit a text.
public enum EditorError: Error, Equatable, Sendable, CustomStringConvertible {
    case temporaryFile(reason: String)
    /// The editor exited with a non-zero status (127: the shell did not find it).
    case failed(command: String, status: Int32)
    case couldNotStart(command: String, reason: String)
    case notUTF8

    public var description: String {
        switch self {
        case .temporaryFile(let reason): "cannot prepare the file to edit: \(reason)"
        case .failed(let command, 127): "the editor '\(command)' was not found (set $VISUAL or $EDITOR)"
        case .failed(let command, let status): "the editor '\(command)' failed (exit status \(status)); nothing was changed"
        case .couldNotStart(let command, let reason): "cannot start the editor '\(command)': \(reason)"
        case .notUTF8: "the edited file is not UTF-8 text; nothing was changed"
        }
    }
}

/// Edits a text in the user's editor: `$VISUAL`, else `$EDITOR`, else `vi`.
///
/// The text goes to a new temporary file (mode 0600, in a private folder, name
/// ending `.md`); the editor runs through `/bin/sh -c`, so a value with arguments
/// such as `code -w` works, on the caller's terminal; the file is read back once it
/// exits and then removed. The caller must have released the terminal (e.g. `endwin`).
///
/// Editors end files with a newline: when `text` does not end with one, one final
/// newline is removed from the result, so saving without changes gives `text` back.
public struct ExternalEditor: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// The editor command line that will run.
    public var command: String {
        for key in ["VISUAL", "EDITOR"] {
            if let value = environment[key], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `text` and returns the text as saved. Throws if the editor fails.
    public func edit(text: String, fileName: String = "note") throws(EditorError) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-edit-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch { throw .temporaryFile(reason: error.localizedDescription) }
        defer { try? FileManager.default.removeItem(at: folder) }

        let file = folder.appendingPathComponent(Self.safeName(fileName) + ".md")
        let initial = text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
        try Self.createPrivateFile(at: file, contents: Data(initial.utf8))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " \"$1\"", "sh", file.path]
        process.environment = environment
        do { try process.run() } catch {
            throw .couldNotStart(command: command, reason: error.localizedDescription)
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .failed(command: command, status: process.terminationStatus)
        }
        let data: Data
        do { data = try Data(contentsOf: file) } catch { throw .temporaryFile(reason: error.localizedDescription) }
        guard var edited = String(data: data, encoding: .utf8) else { throw .notUTF8 }
        if !text.hasSuffix("\n"), edited.hasSuffix("\n") {
            edited.removeLast()
            if edited.hasSuffix("\r") { edited.removeLast() }
        }
        return edited
    }

    /// A file name made of letters, digits, `-` and `_` only, at most 40 characters.
    static func safeName(_ name: String) -> String {
        let kept = name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" }
        let result = String(kept.prefix(40))
        return result.isEmpty ? "note" : result
    }

    private static func createPrivateFile(at url: URL, contents: Data) throws(EditorError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .temporaryFile(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { buffer in
            buffer.isEmpty ? 0 : write(descriptor, buffer.baseAddress, buffer.count)
        }
        guard written == contents.count else { throw .temporaryFile(reason: String(cString: strerror(errno))) }
    }
}
