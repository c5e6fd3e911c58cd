import Glibc
import Foundation
import NotesBase

/// The file an editor works on: `<name>.md` (mode 0600) in a new private folder
/// (mode 0700) under the temporary folder.
///
/// When the text cannot be saved, `keep(in:)` moves the file to a folder of
/// unsaved texts and returns where it is; the text is never deleted unless the
/// caller says it is safely saved (`discard()`).
public final class EditFile {
    /// The file's path, given to the editor.
    public private(set) var path: String
    private let folder: String

    /// Creates the file holding `bytes`.
    public init(bytes: [UInt8], name: String, temporaryFolder: URL = FileManager.default.temporaryDirectory) throws(EditorError) {
        let folderURL = temporaryFolder.appendingPathComponent("notes-edit-\(UUID().uuidString)")
        guard mkdir(folderURL.path, 0o700) == 0 else {
            throw .temporaryFile(reason: "\(folderURL.path): \(String(cString: strerror(errno)))")
        }
        folder = folderURL.path
        path = folderURL.appendingPathComponent(Self.safeName(name) + ".md").path
        // Not synced: it holds what the store holds, and the editor reads it at once.
        try Self.create(path, contents: bytes, durable: false)
    }

    /// The file's bytes as the editor left it, read straight into one buffer of the
    /// size the file has (and more, if it grows while being read).
    public func readBytes() throws(EditorError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .temporaryFile(reason: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? max(Int(status.st_size), 0) : 0
        var failure: Int32 = 0
        /// Reads into `buffer` until it is full or the file ends; returns the count.
        func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0
            while count < buffer.count {
                let read = Glibc.read(descriptor, base + count, buffer.count - count)
                if read < 0 && errno == EINTR { continue }
                if read < 0 { failure = errno }
                if read <= 0 { break }
                count += read
            }
            return count
        }
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in count = fill(buffer) }
        var more = bytes.count > size  // the file grew since it was measured
        while failure == 0, more {
            let piece = [UInt8](unsafeUninitializedCapacity: 1 << 20) { buffer, count in count = fill(buffer) }
            bytes.append(contentsOf: piece)
            more = piece.count == 1 << 20
        }
        guard failure == 0 else { throw .temporaryFile(reason: "cannot read \(path): \(String(cString: strerror(failure)))") }
        return bytes
    }

    /// Replaces the file's bytes (to reopen the editor on them with a problem noted).
    public func write(bytes: [UInt8]) throws(EditorError) {
        let temporary = path + ".new"
        unlink(temporary)
        try Self.create(temporary, contents: bytes)
        guard rename(temporary, path) == 0 else {
            throw .temporaryFile(reason: "cannot replace \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The modification time `markUnwritten` gives the file: a write by the editor
    /// (in place or by renaming a new file over it) always gives it another one, even
    /// within the clock's coarse tick.
    static let unwrittenTime = timespec(tv_sec: 946_684_800, tv_nsec: 0)  // 2000-01-01

    /// Dates the file back to `unwrittenTime`, so that `wasWritten` tells whether the
    /// editor saved it afterwards (`:wq` of an unchanged text is a save; `:q!` is not).
    public func markUnwritten() {
        var times = [Self.unwrittenTime, Self.unwrittenTime]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    /// Whether the file was written since `markUnwritten` (a file that is gone or cannot
    /// be read counts as written: its fate is for the reader of its text to tell).
    public var wasWritten: Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return true }
        return status.st_mtim.tv_sec != Self.unwrittenTime.tv_sec || status.st_mtim.tv_nsec != Self.unwrittenTime.tv_nsec
    }

    /// The text is saved: removes the file and its folder.
    public func discard() {
        unlink(path)
        removeFolder()
    }

    /// Removes the private folder with whatever the editor left in it (backups such as
    /// `name.md~` or `#name.md#`, swap files): they hold the note's text, and the folder
    /// is ours alone (mode 0700, made for this edit). Folders inside are left alone.
    private func removeFolder() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: folder) {
            for name in names { unlink(folder + "/" + name) }
        }
        rmdir(folder)
    }

    /// Moves the file into `unsavedFolder` (created 0700 if missing) under a name that
    /// says when and what, and returns its new path. When it cannot be moved, the file
    /// stays where it is and that path is returned: the text is never lost.
    @discardableResult
    public func keep(in unsavedFolder: URL, now: Date = Date()) -> String {
        guard (try? FileManager.default.createDirectory(at: unsavedFolder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])) != nil else { return path }
        let stamp = Self.stamp(now)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let destination = unsavedFolder.appendingPathComponent("\(stamp)-\(name)-\(UUID().uuidString.prefix(4)).md").path
        if rename(path, destination) != 0 {
            // Another file system: copy, and remove the original only once the copy is whole.
            guard let data = FileManager.default.contents(atPath: path),
                  (try? Self.create(destination, contents: [UInt8](data))) != nil else { return path }
            unlink(path)
        }
        // The editor's recovery files (a swap file left by a hangup) hold what was typed
        // and not written: they go with the text; the folder goes only once they are out.
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        let recovery = EditorRecoveryFiles.move(of: fileName, from: folder, to: unsavedFolder,
                                                as: URL(fileURLWithPath: destination).lastPathComponent)
        if recovery.complete { removeFolder() }
        path = destination
        return destination
    }

    /// Where unsaved texts go: `$XDG_STATE_HOME/notes/unsaved`, else `~/.local/state/notes/unsaved`.
    public static func unsavedFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("notes/unsaved")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/notes/unsaved")
    }

    /// `20261123-213045`, in UTC.
    private static func stamp(_ date: Date) -> String {
        let digits = ISODate.format(date).filter(\.isNumber)
        return String(digits.prefix(8)) + "-" + String(digits.dropFirst(8).prefix(6))
    }

    /// A file name made of letters and digits of any script, `-` and `_`: every run of
    /// other characters (blanks, punctuation, emoji) becomes one `-`, none at the ends;
    /// at most 40 characters (`東京 trip` → `東京-trip`).
    static func safeName(_ name: String) -> String {
        var result = ""
        for character in name {
            let kept = character.isLetter || character.isNumber || character == "_" || character == "-"
            if kept {
                result.append(character)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
            if result.count >= 40 { break }
        }
        while result.last == "-" { result.removeLast() }
        return result.isEmpty ? "note" : result
    }

    /// Writes `contents` to a new file at `path`, in as few `write` calls as the system
    /// allows; `durable`: synced to the disk before it returns (it holds typed text).
    static func create(_ path: String, contents: [UInt8], durable: Bool = true) throws(EditorError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .temporaryFile(reason: "\(path): \(String(cString: strerror(errno)))") }
        var failure: Int32 = 0
        contents.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { failure = errno; return }
                offset += written
            }
        }
        if failure == 0, durable, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard failure == 0 else {
            unlink(path)
            throw .temporaryFile(reason: "\(path): \(String(cString: strerror(failure)))")
        }
    }
}
