import Foundation
import NotesTestBasics
import Testing
@testable import NotesBase

/// `NoFollowFile`, the one opener of files by name: a regular file opens, and a link, a
/// FIFO, a folder or nothing at the name is refused with what it is, without hanging.
@Suite struct NoFollowFileTests {
    private static func refusal(_ body: () throws(NoFollowFile.Refusal) -> NoFollowFile.Opened) -> NoFollowFile.Refusal? {
        do {
            let opened = try body()
            close(opened.descriptor)
            return nil
        } catch {
            return error
        }
    }

    @Test func aRegularFileOpensWithItsStatus() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("hello".utf8).write(to: folder.file("a.txt"))
        let opened = try NoFollowFile.open(folder.file("a.txt").path, flags: O_RDONLY)
        defer { close(opened.descriptor) }
        #expect(opened.info.st_size == 5)
        #expect(fcntl(opened.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(opened.descriptor, F_GETFL) & O_NONBLOCK != 0)
    }

    @Test func blockingClearsNonBlockingOnceTheFileIsRegular() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data().write(to: folder.file("a.txt"))
        let opened = try NoFollowFile.open(folder.file("a.txt").path, flags: O_RDONLY, blocking: true)
        defer { close(opened.descriptor) }
        #expect(fcntl(opened.descriptor, F_GETFL) & O_NONBLOCK == 0)
    }

    @Test func aLinkIsRefusedUnlessFollowed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("target".utf8).write(to: folder.file("target"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: "target")
        let link = folder.file("link").path
        #expect(Self.refusal { () throws(NoFollowFile.Refusal) in try NoFollowFile.open(link, flags: O_RDONLY) } == .symbolicLink)
        #expect(Self.refusal { () throws(NoFollowFile.Refusal) in try NoFollowFile.open(link, flags: O_RDONLY, followLink: true) } == nil)
    }

    @Test func aFIFOAFolderAndNothingAreRefusedWithoutHanging() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.file("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(Self.refusal { () throws(NoFollowFile.Refusal) in try NoFollowFile.open(fifo, flags: O_RDONLY) } == .notRegular(S_IFIFO | 0o600))
        #expect(Self.refusal { () throws(NoFollowFile.Refusal) in try NoFollowFile.open(fifo, flags: O_WRONLY) } == .notRegular(S_IFIFO))
        let inside = folder.url.path
        #expect(Self.refusal { () throws(NoFollowFile.Refusal) in try NoFollowFile.open(inside, flags: O_RDWR) } == .notRegular(S_IFDIR))
        let missing = folder.file("missing").path
        #expect(Self.refusal { () throws(NoFollowFile.Refusal) in try NoFollowFile.open(missing, flags: O_RDONLY) } == .open(ENOENT))
    }

    @Test func aNameInAnOpenFolderOpensRelativeToIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("x".utf8).write(to: folder.file("a.txt"))
        let descriptor = open(folder.url.path, O_RDONLY | O_DIRECTORY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let opened = try NoFollowFile.open(in: descriptor, "a.txt", flags: O_RDONLY)
        close(opened.descriptor)
        #expect(opened.info.st_size == 1)
    }

    @Test func creatingNeverWritesThroughALinkAndGivesTheOwnerAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let created = try NoFollowFile.open(folder.file("new").path, flags: O_WRONLY | O_CREAT | O_EXCL)
        close(created.descriptor)
        #expect(created.info.st_mode & 0o777 == 0o600)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: "elsewhere")
        let link = folder.file("link").path
        #expect(Self.refusal { () throws(NoFollowFile.Refusal) in try NoFollowFile.open(link, flags: O_WRONLY | O_CREAT | O_EXCL) } == .open(EEXIST))
        #expect(!FileManager.default.fileExists(atPath: folder.file("elsewhere").path))
    }
}
