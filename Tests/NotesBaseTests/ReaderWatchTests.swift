import Foundation
import Glibc
import NotesTestBasics
import Testing
import NotesBase

/// `ReaderWatch`: a pipe whose reader goes away is told at once, without a write; a file
/// is not watched.
@Suite struct ReaderWatchTests {
    @Test func aPipeWhoseReaderClosesIsToldWithoutAWrite() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[1]) }
        let gone = DispatchSemaphore(value: 0)
        #expect(ReaderWatch.start(fd: ends[1]) { gone.signal() })
        close(ends[0])
        #expect(gone.wait(timeout: .now() + 60) == .success)
    }

    @Test func aFileIsNotWatched() throws {
        let folder = try TemporaryFolder(prefix: "reader-watch")
        defer { folder.remove() }
        let fd = open(folder.file("out").path, O_WRONLY | O_CREAT, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(!ReaderWatch.start(fd: fd) {})
    }
}
