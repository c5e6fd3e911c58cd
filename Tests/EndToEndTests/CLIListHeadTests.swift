import Foundation
import NotesModel
import NotesStore
import NotesTestBasics
import NotesTestSupport
import Testing

/// `notes list` starting from the list head (`notes.json.head`) writes exactly what it
/// writes without one, in every form, after journal edits that move notes in and out of
/// the head, pin them, trash them and add ones whose ids need longer prefixes.
@Suite struct CLIListHeadTests {
    static let base = 700_000_000.0

    /// A seeded store of about 600 notes in three categories (one with a wide name),
    /// compacted, then edited through the journal.
    func seededStore(_ sandbox: CLISandbox, seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let url = URL(fileURLWithPath: sandbox.storePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let categories = [Category(name: "Work"), Category(name: "Home"), Category(name: "A rather long category name")]
        let wide = categories[2].id
        var notes: [Note] = []
        for number in 0..<random.int(500...700) {
            let updated = Date(timeIntervalSinceReferenceDate: Self.base + Double(random.int(0...100_000)))
            // The wide category only far down the list: the head must know the whole list's columns.
            let category = updated.timeIntervalSinceReferenceDate < Self.base + 5_000 ? wide : random.pick([categories[0].id, categories[1].id, nil])
            notes.append(Note(title: "Note \(number) \"quoted\"", body: "body \(number)", created: updated, updated: updated,
                              categoryID: category, tags: random.chance(0.3) ? ["tag\(number % 3)"] : [], pinned: random.chance(0.02)))
        }
        try store.commit(categories.map { .putCategory($0) } + notes.map { .putNote($0) })
        try store.compactNow()
        for _ in 0..<random.int(1...20) {
            var note = random.pick(notes)
            switch random.int(0...3) {
            case 0: note.updated = Date(timeIntervalSinceReferenceDate: Self.base + Double(random.int(0...120_000)))
            case 1: note.pinned.toggle()
            case 2:
                if store.contents.notes[note.id] != nil { try store.commit(.trashNote(note.id, at: Date())) }
                continue
            default:
                let id = try #require(UUID(uuidString: note.id.uuidString.prefix(13) + "-4000-8000-000000000000"))
                note = Note(id: id, title: "Added", updated: Date(timeIntervalSinceReferenceDate: Self.base + 200_000))
            }
            if store.contents.trash[note.id] == nil { try store.commit(.putNote(note)) }
        }
    }

    @Test(arguments: [11, 12, 13, 14])
    func aListingFromTheHeadIsTodaysListing(seed: UInt64) throws {
        let sandbox = try CLISandbox()
        defer { sandbox.folder.remove() }
        try seededStore(sandbox, seed: seed)
        let headPath = sandbox.storePath + ".head"
        #expect(FileManager.default.fileExists(atPath: headPath))
        let forms: [[String]] = [[], ["--json"], ["--jsonl"], ["--format", "{id}\\t{title}\\t{category}"], ["--jsonl", "--tag", "tag1"]]
        let fromHead = try forms.map { try sandbox.runner.run(["list"] + $0 + ["--store", sandbox.storePath]) }
        let head = try Data(contentsOf: URL(fileURLWithPath: headPath))
        unlink(headPath)
        for (form, listed) in zip(forms, fromHead) {
            let without = try sandbox.runner.run(["list"] + form + ["--store", sandbox.storePath])
            #expect(listed.status == 0 && without.status == 0)
            let (a, b) = (listed.stdout.split(separator: "\n"), without.stdout.split(separator: "\n"))
            let differ = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(listed.stdout == without.stdout,
                    "notes list \(form.joined(separator: " ")): \(a.count) and \(b.count) lines; first differ at \(differ.map { "\($0.offset): \($0.element.0) | \($0.element.1)" } ?? "-")")
            #expect(!listed.stdout.isEmpty)
        }
        #expect(!head.isEmpty)
    }
}
