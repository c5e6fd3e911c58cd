import Foundation
import NotesModel
import NotesStore

/// What each attachment file in the store's folder looked like (size, modification and
/// change times, inode) when sync last read it or wrote it, and the blob it was then: a
/// file whose stamp is unchanged is that blob, unread; one whose stamp changed (edited in
/// place, replaced) is read and sent again. An attachment is written once by notes, but
/// the user may edit it where it is.
///
/// Kept in `.git/notes-sync-attachments`, one line a file; a missing or damaged file reads
/// as empty, and the next sync reads every attachment once (git keeps one blob for the same
/// bytes, so nothing unchanged is sent).
struct SyncAttachmentStamps: Equatable {
    static let fileName = "notes-sync-attachments"
    private static let header = "notes-sync-attachments 1"

    struct Entry: Equatable {
        var stamp: AttachmentFiles.Stamp
        var blob: String
    }

    /// By the attachment's path in the store's folder (`attachments/<id>/<name>`).
    var entries: [String: Entry] = [:]

    /// The blob `path` still is: its stamp now is the one recorded with it.
    func blob(of path: AttachmentPath, now stamp: AttachmentFiles.Stamp?) -> String? {
        guard let stamp, let entry = entries[path.relativePath], entry.stamp == stamp else { return nil }
        return entry.blob
    }

    static func load(from gitFolder: URL) -> SyncAttachmentStamps {
        guard let data = WorkTreeEntry.regularFileContents(gitFolder.appendingPathComponent(fileName)) else { return .init() }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(header), lines.last == "" else { return .init() }
        var stamps = SyncAttachmentStamps()
        for line in lines.dropFirst().dropLast() {
            // "<blob> <size> <mtime s> <mtime ns> <ctime s> <ctime ns> <inode>\t<path>"
            let halves = line.split(separator: "\t", maxSplits: 1)
            let numbers = halves.first?.split(separator: " ") ?? []
            guard halves.count == 2, numbers.count == 7, SyncBlobCache.isObjectID(String(numbers[0])) else { return .init() }
            let values = numbers.dropFirst().compactMap { Int64($0) }
            guard values.count == 6 else { return .init() }
            let stamp = AttachmentFiles.Stamp(size: values[0], modified: (values[1], values[2]), changed: (values[3], values[4]),
                                              inode: values[5])
            stamps.entries[String(halves[1])] = Entry(stamp: stamp, blob: String(numbers[0]))
        }
        return stamps
    }

    /// Writes the stamps (a new file renamed over the old); a failure is ignored: the next
    /// sync reads the files again.
    func save(to gitFolder: URL) {
        var text = Self.header + "\n"
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) where !path.contains("\n") && !path.contains("\t") {
            let stamp = entry.stamp
            text += "\(entry.blob) \(stamp.size) \(stamp.modified.seconds) \(stamp.modified.nanoseconds) "
                + "\(stamp.changed.seconds) \(stamp.changed.nanoseconds) \(stamp.inode)\t\(path)\n"
        }
        try? Data(text.utf8).write(to: gitFolder.appendingPathComponent(Self.fileName), options: .atomic)
    }
}
