import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// A note changed on both homes in different fields keeps both changes (one pinned it,
/// the other edited its body; each added a tag), dated the later, whichever side is
/// local; one field changed two ways keeps the later version and a conflict copy.
@Suite struct SyncFieldMergeTests {
    let base = Note(title: "Garden plan", body: "beans", created: ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000)),
                    tags: ["garden"])

    /// `base` changed by `change`, `seconds` after its creation.
    func changed(_ seconds: Double, _ change: (inout Note) -> Void) -> Note {
        var note = base
        change(&note)
        note.updated = ISODate.rounded(base.created.addingTimeInterval(seconds))
        return note
    }

    /// The merge both ways round: the same result either way.
    func merged(_ one: Note, _ other: Note) -> (Note?, Note?) {
        let forward = SyncMerge.mergeNote(base: base, local: one, remote: other)
        let backward = SyncMerge.mergeNote(base: base, local: other, remote: one)
        #expect(forward.0 == backward.0)
        #expect(forward.1 == backward.1)
        return forward
    }

    @Test func aPinOnOneSideAndABodyEditOnTheOtherAreBothKept() {
        let pinned = changed(60) { $0.pinned = true }
        let edited = changed(120) { $0.body = "beans and peas" }

        let (note, copy) = merged(pinned, edited)

        #expect(copy == nil)
        #expect(note?.pinned == true)
        #expect(note?.body == "beans and peas")
        #expect(note?.updated == edited.updated)
    }

    @Test func tagsAddedAndRemovedOnEachSideAreAllApplied() {
        let local = changed(60) { $0.tags = ["garden", "spring"] }
        let remote = changed(30) { $0.tags = ["veg patch"]; $0.title = "Veg plan" }

        let (note, copy) = merged(local, remote)

        #expect(copy == nil)
        #expect(note?.tags == ["spring", "veg patch"])
        #expect(note?.title == "Veg plan")
        #expect(note?.updated == local.updated)
    }

    @Test func oneFieldChangedTwoWaysKeepsTheLaterAndACopy() {
        let local = changed(60) { $0.body = "beans"; $0.title = "Garden" }
        let remote = changed(120) { $0.title = "Allotment"; $0.pinned = true }

        let (note, copy) = merged(local, remote)

        #expect(note == remote)
        #expect(copy?.title == "Garden (conflict copy)")
        #expect(copy?.pinned == false)
    }

    @Test func aNoteTrashedOnOneSideStillFollowsTheEditBeatsADeleteRule() {
        let trashed = changed(60) { $0.deleted = ISODate.rounded(base.created.addingTimeInterval(60)) }
        let pinned = changed(30) { $0.pinned = true }

        let (note, copy) = merged(trashed, pinned)

        #expect(note == pinned)
        #expect(copy?.deleted != nil)
        #expect(copy?.pinned == false)
    }

    /// Two homes that synced `start`, then each committed its own version (`prepareDesktop`
    /// runs before the desktop's commit), synced: the first home (the desktop when
    /// `desktopFirst`), the other, whose report `check` gets, then the first again. Both are
    /// refreshed and must hold the same notes; `check` reads the laptop.
    func syncTwoHomes(start: Note, laptop laptopNote: Note, desktop desktopNote: Note, desktopFirst: Bool,
                      prepareDesktop: (NotesStore) throws -> Void = { _ in },
                      check: (SyncEngine.Report, NotesStore) throws -> Void) throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        defer { laptop.close(); desktop.close() }
        try laptop.commit([.putNote(start)])
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        try prepareDesktop(desktop)
        try laptop.commit([.putNote(laptopNote)])
        try desktop.commit([.putNote(desktopNote)])

        let (first, second) = desktopFirst ? (desktop, laptop) : (laptop, desktop)
        try sandbox.sync(first)
        let report = try sandbox.sync(second)
        try sandbox.sync(first)

        _ = try laptop.refresh()
        _ = try desktop.refresh()
        #expect(laptop.contents == desktop.contents)
        try check(report, laptop)
    }

    @Test func twoHomesPinningAndEditingOneNoteEndWithBothChanges() throws {
        try syncTwoHomes(start: base, laptop: changed(60) { $0.pinned = true },
                         desktop: changed(120) { $0.body = "beans and peas" }, desktopFirst: true) { report, laptop in
            #expect(report.conflictCopies.isEmpty)
            #expect(laptop.contents.notes.count == 1)
            #expect(laptop.contents.notes[base.id]?.pinned == true)
            #expect(laptop.contents.notes[base.id]?.body == "beans and peas")
        }
    }

    /// A file attached on one home and the body edited later on the other: no conflict
    /// copy, and the note keeps the file and the edit on both homes.
    @Test func aFileAttachedOnOneHomeStaysWhenTheOtherEditsTheBodyLater() throws {
        let path = try AttachmentPath("attachments/\(base.id.uuidString)/warranty card.png")
        try syncTwoHomes(start: base, laptop: changed(60) { $0.body = "beans and peas" },
                         desktop: changed(30) { $0.attachments = [path] }, desktopFirst: true,
                         prepareDesktop: { try AttachmentFiles.write(Data([1, 2, 3]), to: path, in: $0.url.deletingLastPathComponent()) }
        ) { report, laptop in
            #expect(report.conflictCopies.isEmpty)
            #expect(laptop.contents.notes.count == 1)
            #expect(laptop.contents.notes[base.id]?.attachments == [path])
            #expect(laptop.contents.notes[base.id]?.body == "beans and peas")
            let file = try AttachmentFiles.read(path, in: laptop.url.deletingLastPathComponent())
            #expect(file == Data([1, 2, 3]))
        }
    }

    @Test func filesAttachedAndDetachedOnBothSidesAllApply() throws {
        let id = base.id.uuidString
        let (a, b, c, d) = try (AttachmentPath("attachments/\(id)/a.png"), AttachmentPath("attachments/\(id)/b.png"),
                                AttachmentPath("attachments/\(id)/c.png"), AttachmentPath("attachments/\(id)/d.png"))
        let withFiles = changed(0) { $0.attachments = [a, b] }
        let local = changed(60) { $0.attachments = [b, d] }
        let remote = changed(120) { $0.attachments = [a, b, c]; $0.title = "Veg plan" }

        let forward = SyncMerge.mergeNote(base: withFiles, local: local, remote: remote)
        let backward = SyncMerge.mergeNote(base: withFiles, local: remote, remote: local)

        #expect(forward.0 == backward.0)
        #expect(forward.1 == nil && backward.1 == nil)
        #expect(forward.0?.attachments == [b, c, d])
        #expect(forward.0?.title == "Veg plan")
    }

    /// The body changed on both sides: the later body wins and the other is a copy, but the
    /// fields only the earlier side changed (an unpin, a new title, a tag) stay on the note.
    @Test func aBodyChangedTwoWaysStillKeepsTheOtherSidesOwnFields() {
        let pinnedBase = changed(0) { $0.pinned = true }
        let local = changed(60) { $0.pinned = false; $0.title = "Veg plan"; $0.tags = ["garden", "spring"]; $0.body = "peas" }
        let remote = changed(120) { $0.pinned = true; $0.body = "corn"; $0.tags = ["garden", "late"] }

        let forward = SyncMerge.mergeNote(base: pinnedBase, local: local, remote: remote)
        let backward = SyncMerge.mergeNote(base: pinnedBase, local: remote, remote: local)

        #expect(forward.0 == backward.0)
        #expect(forward.1 == backward.1)
        let note = forward.0
        #expect(note?.body == "corn")
        #expect(note?.pinned == false)
        #expect(note?.title == "Veg plan")
        #expect(note?.tags == ["garden", "spring", "late"])
        #expect(note?.updated == remote.updated)
        #expect(forward.1?.title == "Veg plan (conflict copy)")
        #expect(forward.1?.body == "peas")
    }

    @Test func twoHomesUnpinningAndRewritingOneNoteKeepTheUnpin() throws {
        try syncTwoHomes(start: changed(0) { $0.pinned = true }, laptop: changed(60) { $0.pinned = true; $0.body = "laptop body" },
                         desktop: changed(30) { $0.pinned = false; $0.body = "desktop body" }, desktopFirst: false) { report, laptop in
            #expect(report.conflictCopies.count == 1)
            #expect(laptop.contents.notes[base.id]?.pinned == false)
            #expect(laptop.contents.notes[base.id]?.body == "laptop body")
        }
    }
}
