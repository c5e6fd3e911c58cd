import Foundation
import NotesLinks
import NotesModel
import NotesStore

/// "rename with link updates": `notes set ID --title NEW` of the note that the most other
/// notes link to (among those whose title no other note shares), as a whole process on a
/// copy of the store, each run a new title, so that every run rewrites the links in each
/// linking note. The first run (not counted) finds no link index beside the copy and
/// builds it while it renames, as the first rename after a compaction by another path
/// would; its time is in the note. Target: a single-note command's, plus 100 ms.
struct RenameTiming {
    /// The note renamed, and how many notes link to it.
    struct Target: Equatable {
        var id: UUID
        var linkingNotes: Int
    }

    static let key = "command_rename_links_ms"
    static let label = "`notes set ID --title` of a linked note (links updated), whole process"

    /// The live note with a title of its own that the most live notes link to, among those
    /// whose linking notes' bodies come to at most `bytesPerRun` (so that the timed renames
    /// do not fill the journal and start a compaction); nil when no note is linked.
    static func target(in notes: some Collection<Note>, bytesPerRun: Int) -> Target? {
        let live = notes.filter { $0.deleted == nil }
        let byID = Dictionary(live.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sources = RenameSources(stamp: RenameSources.Stamp(size: 0, inode: 0, seconds: 0, nanoseconds: 0), notes: live)
        var best: Target?
        for note in live where sources.notes(titled: note.title).count == 1 {
            let linking = sources.notes(linkingTo: note.title)
            guard linking.count > (best?.linkingNotes ?? 0),
                  linking.reduce(0, { $0 + (byID[$1]?.body.utf8.count ?? 0) }) <= bytesPerRun else { continue }
            best = Target(id: note.id, linkingNotes: linking.count)
        }
        return best
    }

    /// ≤ 150 ms up to 100,000 notes, ≤ 200 ms up to 1,000,000: `CommandFigures`' target plus 100 ms.
    static func target(notes: Int) -> Double? { CommandFigures.target(notes: notes).map { $0 + 100 } }

    /// Times the rename of a note of `contents` on a copy of `store` with `notes`, `runs`
    /// times after the first.
    static func figure(store: URL, contents: some Collection<Note>, notes: URL?, runs: Int, noteCount: Int) throws -> Figure {
        func unavailable(_ reason: String) -> Figure {
            Figure(key: key, label: label, unit: .milliseconds, value: nil, target: self.target(notes: noteCount), note: reason)
        }
        guard let notes else { return unavailable("no `notes` beside notes-bench: build it too") }
        let room = CommandFigures.journalBound(snapshotBytes: CommandTiming.size(store.path))
            - CommandTiming.size(NotesStore.journalPath(for: store))
        // Half the room a run: a body's JSON escapes, and the line's other fields.
        guard let target = Self.target(in: contents, bytesPerRun: room / (runs + 1) / 2) else {
            return unavailable("no note of the store is linked from another")
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("notes-bench-rename-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("notes.json")
        try CommandTiming.copyStore(store, to: copy)
        try? FileManager.default.removeItem(atPath: copy.path + ".links")
        let environment = WholeProcess.environment(setting: "NOTES_STORE", to: copy.path)
        let errors = folder.appendingPathComponent("stderr")
        let bound = CommandFigures.journalBound(snapshotBytes: CommandTiming.size(copy.path))
        let before = CommandTiming.size(NotesStore.journalPath(for: copy))
        var first: WholeProcess.Run?
        var timing = CommandFigures.Timing()
        for run in 0...runs {
            let result = try WholeProcess.run(notes, ["set", target.id.uuidString, "--title", "Renamed topic \(run)"],
                                              environment: environment, errorFile: errors)
            if run == 0 { first = result } else { timing.add(ours: result) }
        }
        let journal = CommandFigures.Journal(before: before, after: CommandTiming.size(NotesStore.journalPath(for: copy)), bound: bound)
        var parts = ["median of \(timing.wall.count) fresh processes, each renaming a note linked from "
                     + "\(target.linkingNotes) notes and rewriting their links"]
        if let low = timing.wall.minimum, let high = timing.wall.maximum {
            parts.append("min " + Figure.format(low, .milliseconds) + ", max " + Figure.format(high, .milliseconds))
        }
        if let cpu = timing.cpu.median { parts.append("CPU median " + Figure.format(cpu, .milliseconds)) }
        if let first {
            parts.append("the first rename, building the link index from the whole store: " + Figure.format(first.wallMilliseconds, .milliseconds))
        }
        parts.append(journal.text)
        return Figure(key: key, label: label, unit: .milliseconds, value: timing.wall.median, target: self.target(notes: noteCount),
                      note: parts.joined(separator: "; "))
    }
}
