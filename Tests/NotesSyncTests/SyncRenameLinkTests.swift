import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesColor
@testable import NotesLinks
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// A rename made on another home keeps links working here (PRODUCT §5.3): the laptop
/// renames a note and rewrites the links it knows of; meanwhile the desktop writes a note
/// linking to the old title (another case, accents in another Unicode form); after both
/// sync, the desktop's link leads to the renamed note, in the sync's own commit, counted
/// in its report, and the next syncs bring it to the laptop.
@Suite struct SyncRenameLinkTests {
    let sandbox: SyncSandbox
    let laptop: NotesStore, desktop: NotesStore
    let plan: Note, hub: Note

    init() throws {
        sandbox = try SyncSandbox()
        laptop = try sandbox.machine("laptop")
        desktop = try sandbox.machine("desktop")
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        plan = Note(title: "Café Plan", body: "the plan", created: created)
        hub = Note(title: "Hub", body: "See [[Café Plan]].", created: created)
        try laptop.commit([.putNote(plan), .putNote(hub)])
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
    }

    /// The laptop renames the plan (its links follow); the desktop writes a note linking to
    /// the old title; the laptop syncs first. With `categories`, the laptop also adds a
    /// category, so that the desktop merges the whole store instead of the notes that changed.
    private func renameThereLinkHere(categories: Bool) throws -> Note {
        var edit = NoteEdit(noteID: plan.id)
        edit.title = FieldChange(from: plan.title, to: "Plan B")
        _ = try laptop.commit(RenameLinks.storeEdits(for: edit), now: ISODate.rounded(Date()))
        #expect(laptop.contents.notes[hub.id]?.body == "See [[Plan B]].")
        if categories { try laptop.commit([.putCategory(Category(name: "Work", color: try SerializableColor(hex: "3366CC")))]) }
        let written = Note(title: "Desktop note", body: "Remember [[CAFE\u{301} plan|the plan]] and [[Other]].")
        try desktop.commit([.putNote(written)])
        try sandbox.sync(laptop)
        return written
    }

    @Test(arguments: [false, true])
    func aRenameReceivedRewritesTheLinksWrittenHereMeanwhile(categories: Bool) throws {
        let written = try renameThereLinkHere(categories: categories)

        let report = try sandbox.sync(desktop)

        #expect(report.linksUpdated == 1)
        #expect(report.summary.contains("links to renamed notes updated in 1 note"))
        #expect(desktop.contents.notes[plan.id]?.title == "Plan B")
        #expect(desktop.contents.notes[hub.id]?.body == "See [[Plan B]].")
        #expect(desktop.contents.notes[written.id]?.body == "Remember [[Plan B|the plan]] and [[Other]].")
        // The rewrite is this home's change: the next syncs carry it to the laptop.
        #expect(try sandbox.sync(desktop).pushed)
        try sandbox.sync(laptop)
        #expect(laptop.contents.notes[written.id]?.body == "Remember [[Plan B|the plan]] and [[Other]].")
        #expect(laptop.contents.notes.mapValues { [$0.title, $0.body] } == desktop.contents.notes.mapValues { [$0.title, $0.body] })
    }

    @Test func theSettingOffLeavesTheLinksAsWritten() throws {
        let written = try renameThereLinkHere(categories: false)
        var engine = sandbox.engine(desktop)
        engine.updatesLinks = false

        let report = try engine.sync()

        #expect(report.linksUpdated == 0)
        #expect(!report.summary.contains("links"))
        #expect(desktop.contents.notes[plan.id]?.title == "Plan B")
        #expect(desktop.contents.notes[written.id]?.body == written.body)
    }

    @Test func aSyncWithoutRenamesRewritesNothing() throws {
        var edited = try #require(laptop.contents.notes[plan.id])
        edited.body = "a new body"
        edited.updated = ISODate.rounded(Date())
        try laptop.commit([.putNote(edited)])
        try desktop.commit([.putNote(Note(title: "Desktop note", body: "[[Café Plan]]"))])
        try sandbox.sync(laptop)

        let report = try sandbox.sync(desktop)

        #expect(report.linksUpdated == 0)
        #expect(desktop.contents.notes[plan.id]?.body == "a new body")
        #expect(desktop.contents.notes.values.contains { $0.body == "[[Café Plan]]" })
    }
}
