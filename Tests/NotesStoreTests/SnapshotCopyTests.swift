import Foundation
import Glibc
import NotesTestBasics
import Testing
@testable import NotesJSON

/// The copy of a file opening reads (`SnapshotFile`): a large file is read in two halves
/// on two threads (`SnapshotCopy`), and the copy is the file's bytes exactly, whatever its
/// size around the split.
@Suite struct SnapshotCopyTests {
    func copied(size: Int) throws -> (file: [UInt8], copy: [UInt8]) {
        let folder = try TemporaryFolder(prefix: "notes-snapshot-copy")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        // Every byte differs from its neighbours' pattern, so a half read to the wrong place shows.
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 13) }
        try Data(bytes).write(to: url)
        let fd = open(url.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let file = try SnapshotFile(fd: fd, path: url.path)
        return (bytes, Array(file.bytes))
    }

    @Test(arguments: [SnapshotCopy.parallelThreshold - 1, SnapshotCopy.parallelThreshold,
                      SnapshotCopy.parallelThreshold + 4_097, 3 * SnapshotCopy.parallelThreshold + 12_345])
    func theCopyIsTheFile(size: Int) throws {
        let (file, copy) = try copied(size: size)
        #expect(copy.count == file.count)
        #expect(copy == file)
    }
}
