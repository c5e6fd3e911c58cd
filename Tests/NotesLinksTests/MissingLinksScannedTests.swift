import Foundation
import NotesLinks
import NotesModel
import Testing

/// Links scanned ahead (`MissingLinks.Scanned`, while an import is written) give the same
/// count as scanning then: they are used only for the very note scanned, read in the same order.
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

    @Test func aNoteScannedInAnotherOrderIsScannedAgain() {
        // Read label first, `[[nowhere|again]]` would name "again": a third missing target.
        let database = NotesDatabase(notes: [inStore, imported])
        let scanned = MissingLinks.Scanned(notes: [imported], labelFirst: [imported.id])
        #expect(MissingLinks.count(from: [imported.id], in: database, scanned: scanned) == (links: 3, targets: 2))
    }
}
