import Foundation
import NotesTestData
import Testing
@testable import NotesExchange

/// `notes import FOLDER` against a folder swapped for a symbolic link while it is walked:
/// the walk opens each folder relative to its parent without following links, so nothing
/// from outside the folder is ever read.
struct ImportWalkRaceTests {
    /// Set by the test when it is done; read by the thread that swaps.
    private final class StopFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private var swaps = 0

        var isStopped: Bool { lock.withLock { stopped } }
        func stop() { lock.withLock { stopped = true } }
        func countSwap() { lock.withLock { swaps += 1 } }
        var swapCount: Int { lock.withLock { swaps } }
    }

    /// A race, so it may pass by luck on a walk that follows links (under load the two threads
    /// seldom run at once); the next test puts the swap at the worst moment every time.
    @Test func aFolderSwappedForALinkDuringTheWalkIsNeverFollowed() throws {
        // Given a folder with a subfolder of notes, and a folder outside with notes of the same names
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let root = scratch.file("import")
        let sub = root.appendingPathComponent("sub")
        let parked = root.appendingPathComponent("sub-parked")
        let outside = scratch.file("outside")
        for folder in [sub, outside] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for index in 0..<40 {
            let name = String(format: "n%02d.md", index)
            try Data("# inside \(index)\n".utf8).write(to: sub.appendingPathComponent(name))
            try Data("# OUTSIDE \(index)\n".utf8).write(to: outside.appendingPathComponent(name))
        }

        // And another thread that keeps swapping the subfolder for a link to the outside folder and back
        let flag = StopFlag()
        let finished = DispatchSemaphore(value: 0)
        let (subPath, parkedPath, outsidePath) = (sub.path, parked.path, outside.path)
        let swapper = Thread {
            // The link and the folder each stay for one step, so the walk meets both about as often.
            while !flag.isStopped {
                guard rename(subPath, parkedPath) == 0, symlink(outsidePath, subPath) == 0 else { break }
                flag.countSwap()
                guard unlink(subPath) == 0, rename(parkedPath, subPath) == 0 else { break }
            }
            finished.signal()
        }
        swapper.start()

        // When the folder is imported again and again meanwhile
        var outsideNotes: [String] = []
        var linkRefusals = 0
        var notesSeen = 0
        for _ in 0..<400 {
            let batch = ImportReader().read(paths: [root.path])
            outsideNotes += batch.bundle.notes.filter { ($0.title + $0.body).contains("OUTSIDE") }.map(\.title)
            linkRefusals += batch.skipped.count
            notesSeen += batch.bundle.notes.count
        }
        flag.stop()
        finished.wait()

        // Then no note from outside was ever read (and the swaps did run during the imports)
        #expect(outsideNotes.isEmpty, "\(outsideNotes.count) notes from outside, e.g. \(outsideNotes.prefix(3))")
        #expect(flag.swapCount > 0)
        print("swaps: \(flag.swapCount), refusals seen: \(linkRefusals), notes read: \(notesSeen)")
    }

    @Test func aFolderSwappedForALinkAfterItIsListedIsNotFollowed() throws {
        // Given a folder with a subfolder of notes, and a folder outside with notes of the same names
        let scratch = try TemporaryFolder()
        defer { scratch.remove() }
        let root = scratch.file("import")
        let sub = root.appendingPathComponent("sub")
        let outside = scratch.file("outside")
        for folder in [sub, outside] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data("# inside\n".utf8).write(to: sub.appendingPathComponent("note.md"))
        try Data("# OUTSIDE\n".utf8).write(to: outside.appendingPathComponent("note.md"))

        // When the subfolder is swapped for a link to the outside folder just after the walk listed it
        var reader = ImportReader()
        let (subPath, outsidePath, parkedPath) = (sub.path, outside.path, scratch.file("parked").path)
        reader.afterListing = { shown in
            guard shown.hasSuffix("/sub") else { return }
            rename(subPath, parkedPath)
            symlink(outsidePath, subPath)
        }
        let batch = reader.read(paths: [root.path])

        // Then what is read is the folder that was listed, never the link's target
        #expect(batch.bundle.notes.map(\.title) == ["inside"])
    }
}
