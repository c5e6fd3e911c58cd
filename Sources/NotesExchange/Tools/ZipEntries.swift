import Foundation
import ZIPFoundation
import NotesJSON

/// The files of a zip archive held in memory (a Bear backup, a TextPack, a Simplenote
/// export), read through ZIPFoundation and never written to disk.
///
/// Against hostile archives: an entry whose path is absolute or climbs out with `..` is
/// listed in `refused` and never read; links are not read; each entry is read at most
/// `entryLimit` bytes and all of them together at most `totalLimit` bytes, counted as they
/// are inflated (the sizes an archive declares can lie), so a zip bomb stops at the limit
/// with a clear reason. Names starting with `.` and `__MACOSX/` (macOS resource forks) are
/// left out as the folder walk leaves them out.
final class ZipEntries {
    struct Failure: Error {
        let reason: String
    }

    /// The paths of the regular files, `/`-separated, in the archive's order.
    private(set) var paths: [String] = []
    /// Entries that are not read, with why (`../x: outside the archive, not read`).
    private(set) var refused: [String] = []
    private var entries: [String: Entry] = [:]
    private let archive: Archive
    let entryLimit: Int
    let totalLimit: Int
    private var totalRead = 0

    /// The most entries an archive may list.
    static let maximumEntries = 200_000

    init(data: Data, entryLimit: Int, totalLimit: Int) throws(Failure) {
        self.entryLimit = entryLimit
        self.totalLimit = totalLimit
        do { archive = try Archive(data: data, accessMode: .read) } catch {
            throw Failure(reason: "not a readable zip archive (\(error))")
        }
        var count = 0
        for entry in archive {
            count += 1
            guard count <= Self.maximumEntries else {
                throw Failure(reason: "more than \(Self.maximumEntries) entries in the zip archive, not read")
            }
            guard entry.type == .file else {
                if entry.type == .symlink { refused.append("\(entry.path): a symbolic link, not followed") }
                continue
            }
            guard let path = Self.safePath(entry.path) else {
                refused.append("\(entry.path): outside the archive, not read")
                continue
            }
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") || $0 == "__MACOSX" }) { continue }
            if entries[path] == nil { paths.append(path) }
            entries[path] = entry
        }
    }

    /// The bytes of the file at `path` (as listed in `paths`); nil when there is none.
    func read(_ path: String) throws(Failure) -> Data? {
        guard let entry = entries[path] else { return nil }
        if entry.uncompressedSize > UInt64(entryLimit) { throw Failure(reason: "\(path): \(Self.tooLarge(entryLimit))") }
        var data = Data()
        let limit = entryLimit
        let room = totalLimit - totalRead
        do {
            _ = try archive.extract(entry, skipCRC32: false) { piece in
                data.append(piece)
                if data.count > limit { throw Failure(reason: "\(path): \(Self.tooLarge(limit)) once inflated") }
                if data.count > room { throw Failure(reason: "the archive inflates to more than \(JSONStream.sizeText(self.totalLimit)), not read") }
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: "\(path): cannot be read from the zip archive (\(error))")
        }
        totalRead += data.count
        return data
    }

    /// The modification date the archive keeps for `path` (zip keeps local time, to two seconds).
    func modified(_ path: String) -> Date? {
        entries[path]?.fileAttributes[.modificationDate] as? Date
    }

    /// Whether `path` is a file in the archive.
    func contains(_ path: String) -> Bool { entries[path] != nil }

    /// `path` without `.` parts, empty parts or a leading `/`; nil when it is absolute or
    /// climbs out of the archive with `..` (backslashes count as separators: Windows tools write them).
    static func safePath(_ path: String) -> String? {
        let unified = path.replacingOccurrences(of: "\\", with: "/")
        if unified.hasPrefix("/") || unified.contains("\0") { return nil }
        var parts: [Substring] = []
        for part in unified.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { return nil }
            if part.count == 2, part.last == ":", part.first?.isLetter == true, parts.isEmpty { return nil }  // C:
            parts.append(part)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    private static func tooLarge(_ limit: Int) -> String { "larger than \(JSONStream.sizeText(limit))" }
}
