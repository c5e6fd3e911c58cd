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

    /// The copy's memory is asked to be backed by huge pages (see `SnapshotBytes`).
    @Test func theCopyIsInMemoryAdvisedHugePages() throws {
        // Where the kernel has no transparent huge pages, there is nothing to ask for.
        guard access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0 else { return }
        let folder = try TemporaryFolder(prefix: "notes-snapshot-copy")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        try Data(repeating: UInt8(ascii: "x"), count: 3 * SnapshotCopy.parallelThreshold).write(to: url)
        let fd = open(url.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let file = try SnapshotFile(fd: fd, path: url.path)
        let start = try #require(file.bytes.baseAddress)
        #expect(try HugePageAdvice.isAdvised(at: UInt(bitPattern: start)))
        #expect(try HugePageAdvice.isAdvised(at: UInt(bitPattern: start + file.bytes.count - 1)))
    }

    @Test(arguments: [SnapshotCopy.parallelThreshold - 1, SnapshotCopy.parallelThreshold,
                      SnapshotCopy.parallelThreshold + 4_097, 3 * SnapshotCopy.parallelThreshold + 12_345])
    func theCopyIsTheFile(size: Int) throws {
        let (file, copy) = try copied(size: size)
        #expect(copy.count == file.count)
        #expect(copy == file)
    }
}
