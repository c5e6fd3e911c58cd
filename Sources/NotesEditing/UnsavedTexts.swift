import Glibc
import Foundation

/// The texts kept in the unsaved folder (`EditFile.keep`) that nobody was told about
/// yet: an edit cut off by a hangup keeps its text there while no terminal can show the
/// path, so the next start says where it is.
///
/// A text counts as told once its name is listed in `unsaved.seen` beside the folder
/// (the folder itself holds only texts): the UI and `notes edit` list a path they
/// showed, and the next start lists what it announces.
public enum UnsavedTexts {
    /// The list of told names for `folder`: `<folder>.seen`, beside it.
    static func seenList(for folder: URL) -> String {
        folder.standardizedFileURL.path + ".seen"
    }

    /// Paths of kept texts not yet told about, oldest name first.
    public static func untold(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        let seen = seenNames(in: folder)
        // Editors' recovery files (`.NAME.swp`, `#NAME#`) are told with their text.
        return names.filter { !$0.hasPrefix(".") && !$0.hasPrefix("#") && !seen.contains($0) }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// Records that the user was told about the texts at `paths` (in `folder`).
    public static func markTold(_ paths: [String], in folder: URL) {
        let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
            .filter { !$0.contains("\n") && FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
        guard !names.isEmpty else { return }
        let descriptor = open(seenList(for: folder),
                              O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(names.map { $0 + "\n" }.joined().utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// One line for the status line or stderr about `paths`, or nil when there are none.
    /// When the editor left a recovery file (a hangup), the line names it and how to use it.
    public static func announcement(_ paths: [String]) -> String? {
        guard let last = paths.last else { return nil }
        let recovery = paths.lazy.reversed().compactMap(EditorRecoveryFiles.recoveryHint(for:)).first.map {
            " (what was typed after the last write: \($0))"
        } ?? ""
        if paths.count == 1 { return "A text that could not be saved is kept in \(last)\(recovery)" }
        let folder = URL(fileURLWithPath: last).deletingLastPathComponent().path
        return "\(paths.count) texts that could not be saved are kept in \(folder) (the newest: \(last))\(recovery)"
    }

    private static func seenNames(in folder: URL) -> Set<String> {
        let descriptor = open(seenList(for: folder), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let data = try? handle.readToEnd() else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
