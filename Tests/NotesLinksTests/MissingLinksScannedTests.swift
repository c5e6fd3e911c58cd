import Foundation
@testable import NotesLinks
import NotesModel
import Testing

/// Links scanned ahead (`MissingLinks.Scanned`, while an import is written, by the rename
/// index's scan) give the same count as scanning then: they are used only for the very
/// note scanned, read in the same order.
@Suite struct MissingLinksScannedTests {
    let inStore = Note(title: "Kept", aliases: ["Alias"])
    let imported = Note(title: "New", body: "[[Kept]] [[alias]] [[Nowhere]] [[nowhere|again]] [[Else]] [[New]]")

    @Test func linksScannedAheadGiveTheSameCount() {
        let database = NotesDatabase(notes: [inStore, imported])
        let scanned = MissingLinks.Scanned(notes: [imported], labelFirst: [])
        #expect(MissingLinks.count(from: [imported.id], in: database, scanned: scanned) == (links: 3, targets: 2))
    }

    @Test func aNoteChangedSinceItsScanIsScannedAgain() {
        var changed = imported
        changed.body = "[[Kept]] [[Gone]]"
        let database = NotesDatabase(notes: [inStore, changed])
        let scanned = MissingLinks.Scanned(notes: [imported], labelFirst: [])
        #expect(MissingLinks.count(from: [imported.id], in: database, scanned: scanned) == (links: 1, targets: 1))
    }

    @Test func theRenameIndexTablesKeepTheLinksOfTheNotesAskedFor() {
        // The scan that makes the rename index beside an import's snapshot keeps the links
        // of the notes the import put: the count from them is the count from a scan.
        let database = NotesDatabase(notes: [inStore, imported])
        let tables = RenameSources.Tables(notes: database.notes.values, keepingLinksOf: [imported.id])
        #expect(Set(tables.scanned.entries.keys) == [imported.id])
        #expect(tables.scanned.entries[imported.id]?.links.map(\.target) == MissingLinks.links(of: imported, order: .targetFirst).map(\.target))
        #expect(MissingLinks.count(from: [imported.id], in: database, scanned: tables.scanned) == (links: 3, targets: 2))
        #expect(RenameSources.Tables(notes: database.notes.values).scanned.entries.isEmpty, "nothing kept unless asked")
    }

    @Test func aNoteScannedInAnotherOrderIsScannedAgain() {
        // Read label first, `[[nowhere|again]]` would name "again": a third missing target.
        let database = NotesDatabase(notes: [inStore, imported])
        let scanned = MissingLinks.Scanned(notes: [imported], labelFirst: [imported.id])
        #expect(MissingLinks.count(from: [imported.id], in: database, scanned: scanned) == (links: 3, targets: 2))
    }
}
