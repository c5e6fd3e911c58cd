import Foundation
import NotesTestSupport
import Testing
import NotesColor
import NotesModel
import NotesStore

/// PRODUCT §7 "Bad input", stores: thousands of mutated snapshots and journals,
/// opened in child processes (`notes-stress open-batch`). None may crash the
/// child; each loads or gives an error naming its file; the files are unchanged
/// (a store that loads is also recommitted in a scratch copy by the child, and
/// must read back with nothing lost).
@Suite struct FuzzStoreTests {
    static let batchSize = 400

    /// A valid store: categories with colors (one deleted), notes of every kind (two
    /// in the trash), recent colors, a snapshot and six journal lines after it (among
    /// them a move to the trash, a restore and a category delete).
    static func validStore() throws -> (snapshot: [UInt8], journal: [UInt8]) {
        let folder = try TemporaryFolder(prefix: "notes-fuzz-base")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        let work = Category(name: "Work", color: try SerializableColor(hex: "#FF8000"))
        let home = Category(name: "Home ✦", color: try SerializableColor(hex: "2060C080"))
        var notes: [Note] = []
        for index in 0..<4 {
            notes.append(Note(title: "note \(index) café 日本", body: "line \"one\"\nline\\two\t🙂",
                              created: Date(timeIntervalSinceReferenceDate: 700_000_000.25 + Double(index)),
                              categoryID: index % 2 == 0 ? work.id : nil, tags: ["work", "été"],
                              kind: NoteKind.allCases[index], attachments: index == 1 ? [try AttachmentPath("files/plan.pdf")] : []))
        }
        let old = Category(name: "Old", color: try SerializableColor(hex: "808080"))
        let oldNote = Note(title: "old note", created: Date(timeIntervalSinceReferenceDate: 699_000_000), categoryID: old.id)
        try store.commit([.putCategory(work), .putCategory(home), .putCategory(old), .putNote(oldNote)] + notes.map { .putNote($0) }
            + [.setRecentColors([RGB8(red: 1, green: 2, blue: 3), RGB8(red: 255, green: 0, blue: 128)])])
        let deletedAt = Date(timeIntervalSinceReferenceDate: 800_000_000.5)
        try store.commit([.trashNote(oldNote.id, at: deletedAt), .trashCategory(old.id, at: deletedAt), .trashNote(notes[2].id, at: deletedAt)])
        try store.compactNow()
        try store.commit(.putNote(Note(title: "in the journal", body: "x", created: Date(timeIntervalSinceReferenceDate: 1), categoryID: home.id)))
        var recolored = work
        recolored.color = try SerializableColor(hex: "00FF00")
        try store.commit(.putCategory(recolored))
        try store.commit(.deleteNote(notes[3].id))
        try store.commit([.trashNote(notes[1].id, at: deletedAt), .restoreNote(notes[2].id)])
        try store.commit(.trashCategory(work.id, at: deletedAt))
        try store.commit(.deleteCategory(old.id))
        store.close()
        let journal = try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url)))
        return ([UInt8](try Data(contentsOf: url)), [UInt8](journal))
    }

    @Test func mutatedSnapshotsNeverCrashAndAreLeftAsTheyWere() throws {
        let (snapshot, journal) = try Self.validStore()
        let count = ReliabilitySettings.fuzzCases * 6 / 10
        let fields = Mutator.fieldPaths(snapshot)
        let systematic = fields.count * Mutator.badValues.count
        try runCases(kind: "snapshot", count: count) { index, random in
            if index < systematic {
                let path = fields[index / Mutator.badValues.count]
                guard let mutation = Mutator.replacing(snapshot, at: path, with: index % Mutator.badValues.count) else { return nil }
                return (mutation, [UInt8](), journal)
            }
            let mutation = random.chance(0.4) ? Mutator.bytes(snapshot, &random) : (Mutator.json(snapshot, &random) ?? Mutator.bytes(snapshot, &random))
            return (mutation, mutation.bytes, journal)
        }
    }

    @Test func mutatedJournalsNeverCrashAndAreLeftAsTheyWere() throws {
        let (snapshot, journal) = try Self.validStore()
        try runCases(kind: "journal", count: ReliabilitySettings.fuzzCases * 4 / 10) { _, random in
            let mutation = JournalMutator.mutate(journal, &random)
            return (mutation, snapshot, mutation.bytes)
        }
    }

    /// Writes `count` cases made by `make` (mutation, snapshot bytes, journal bytes; an
    /// empty snapshot means the mutation's bytes), runs them in batches and checks every result.
    private func runCases(kind: String, count: Int,
                          make: (Int, inout SeededRandom) -> (Mutation, [UInt8], [UInt8])?) throws {
        let scratch = try TemporaryFolder(prefix: "notes-fuzz-\(kind)")
        defer { scratch.remove() }
        var statuses: [String: Int] = [:]
        var start = 0
        while start < count {
            let batch = scratch.file("batch-\(start)")
            try FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)
            var cases: [FuzzCase] = []
            var files: [String: (snapshot: [UInt8], journal: [UInt8])] = [:]
            for index in start..<min(count, start + Self.batchSize) {
                let seed = ReliabilitySettings.seed &+ UInt64(index)
                var random = SeededRandom(seed: seed)
                guard let (mutation, snapshotBytes, journalBytes) = make(index, &random) else { continue }
                let snapshot = snapshotBytes.isEmpty ? mutation.bytes : snapshotBytes
                let name = String(format: "\(kind)-%07d", index)
                let folder = batch.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(snapshot).write(to: folder.appendingPathComponent("notes.json"))
                try Data(journalBytes).write(to: folder.appendingPathComponent("notes.json.journal"))
                files[name] = (snapshot, journalBytes)
                cases.append(FuzzCase(name: name, seed: seed, description: mutation.description))
            }
            let results = try FuzzBatch.run(mode: "open-batch", folder: batch, cases: cases, scratch: scratch)
            for fuzzCase in cases {
                let folder = batch.appendingPathComponent(fuzzCase.name)
                let context = "\(fuzzCase.name) (seed \(fuzzCase.seed), \(fuzzCase.description))"
                guard let result = results[fuzzCase.name], let original = files[fuzzCase.name] else {
                    Issue.record("\(context): no result")
                    continue
                }
                statuses[result.status, default: 0] += 1
                check(result, original: original, folder: folder, context: context)
            }
            try FileManager.default.removeItem(at: batch)
            start += Self.batchSize
        }
        print("FuzzStoreTests \(kind): \(count) cases: \(statuses.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        #expect((statuses["error"] ?? 0) > count / 4, "most mutations should be errors")
    }

    private func check(_ result: FuzzResult, original: (snapshot: [UInt8], journal: [UInt8]), folder: URL, context: String) {
        let snapshot = [UInt8]((try? Data(contentsOf: folder.appendingPathComponent("notes.json"))) ?? Data())
        let journal = [UInt8]((try? Data(contentsOf: folder.appendingPathComponent("notes.json.journal"))) ?? Data())
        switch result.status {
        case "error":
            #expect(!result.detail.isEmpty, "\(context): an empty error")
            #expect(result.detail.contains(folder.path), "\(context): the error does not name the file: \(result.detail)")
        case "ok" where result.detail.contains("migrated=true"):
            let backups = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".backup") }
            let kept = backups.contains { [UInt8]((try? Data(contentsOf: folder.appendingPathComponent($0))) ?? Data()) == original.snapshot }
            #expect(kept, "\(context): migrated without a backup of the original")
            return
        case "ok":
            break
        case "crashed":
            return
        default:
            Issue.record("\(context): \(result.status): \(result.detail)")
        }
        #expect(snapshot == original.snapshot, "\(context): the snapshot was changed (\(result.status))")
        #expect(journal == original.journal, "\(context): the journal was changed (\(result.status))")
    }
}
