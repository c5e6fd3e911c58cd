import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore

@Suite struct StoreTests {
    @Test func openingRemovesTemporaryFilesLeftByAKilledCompaction() throws {
        // Given a store, and beside it what a process killed in mid-replace leaves behind
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "kept")))
        store.close()
        let stale = folder.file(".notes.json.4242.17.tmp")
        let unrelated = [folder.file(".other.json.4242.17.tmp"), folder.file("notes.json.v1.backup")]
        for file in [stale] + unrelated { try Data("left over".utf8).write(to: file) }

        // When it is opened again
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }

        // Then the left-over temporary file is gone, nothing else is, and the note is there
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        for file in unrelated { #expect(FileManager.default.fileExists(atPath: file.path)) }
        #expect(reopened.contents.notes.values.map(\.title) == ["kept"])
    }

    @Test func everyFieldSurvivesAReopen() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let (work, notes) = try StoreFixtures.sample()
        let recent = [RGB8(red: 1, green: 2, blue: 3), RGB8(red: 250, green: 0, blue: 128)]
        let store = try NotesStore.open(at: url)
        try store.commit([.putCategory(work)] + notes.map { .putNote($0) } + [.setRecentColors(recent)])
        let expected = store.contents
        store.close()

        // From the journal.
        let fromJournal = try NotesStore.open(at: url)
        #expect(fromJournal.contents == expected)
        #expect(fromJournal.contents.recentColors == recent)
        // From the snapshot alone.
        try fromJournal.compactNow()
        fromJournal.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url))).isEmpty)
        let fromSnapshot = try NotesStore.open(at: url)
        #expect(fromSnapshot.contents == expected)
        #expect(fromSnapshot.warnings.isEmpty)
    }

    @Test func snapshotHasStableDocumentedLayout() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001") ?? UUID(),
                                       title: "A", created: Date(timeIntervalSinceReferenceDate: 1.5))))
        try store.compactNow()
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["{", "  \"format\": \"notes\",", "  \"formatVersion\": 10,"])
        #expect(text.contains("\n  \"sequence\": 1,\n"))
        #expect(text.contains("\n      \"title\": \"A\",\n      \"body\": \"\",\n      \"created\": 1.5,\n"))
        for (entity, hash) in StoreSchema.modelVersionHashes {
            #expect(text.contains("\"\(entity)\": \"\(hash)\""))
        }
    }

    @Test func filesAndFolderAreCreatedPrivate() throws {
        let folder = try TemporaryFolder(prefix: "notes-store")
        defer { folder.remove() }
        let url = folder.url.appendingPathComponent("deeper/notes.json")
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "x")))
        #expect(try StoreFixtures.fileMode(url.deletingLastPathComponent().path) == 0o700)
        for path in [url.path, NotesStore.journalPath(for: url), NotesStore.lockPath(for: url)] {
            #expect(try StoreFixtures.fileMode(path) == 0o600)
        }
    }

    @Test func aTornLastJournalLineIsIgnoredAndCutBeforeTheNextCommit() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let kept = Note(title: "kept")
        try store.commit(.putNote(kept))
        store.close()
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        let good = try Data(contentsOf: journal)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"crc32":"00000000","entry":{"sequence":2,"chan"#.utf8))
        try handle.close()

        let reopened = try NotesStore.open(at: url)
        #expect(reopened.contents.notes.keys.sorted { $0.uuidString < $1.uuidString } == [kept.id])
        let next = Note(title: "next")
        try reopened.commit(.putNote(next))
        reopened.close()
        let after = try Data(contentsOf: journal)
        #expect(after.prefix(good.count) == good)
        #expect(after.count > good.count && after.last == 0x0A)
        #expect(try NotesStore.open(at: url).contents.notes.count == 2)
    }

    @Test func aBadLineInTheMiddleOfTheJournalIsCorruption() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "one")))
        try store.commit(.putNote(Note(title: "two")))
        store.close()
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        var bytes = [UInt8](try Data(contentsOf: journal))
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "o")))
        bytes[index] = UInt8(ascii: "0")
        try Data(bytes).write(to: journal)
        #expect(throws: StoreError.corrupt(file: journal.path, place: "line 1", reason: "checksum mismatch")) {
            try NotesStore.open(at: url)
        }
        #expect([UInt8](try Data(contentsOf: journal)) == bytes)
    }

    @Test func aCrashBetweenSnapshotRenameAndJournalTruncationLosesNothing() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        for index in 1...3 { try store.commit(.putNote(Note(title: "note \(index)"))) }
        try store.writeSnapshot()  // the first step of compaction only
        let expected = store.contents
        store.close()
        let reopened = try NotesStore.open(at: url)
        #expect(reopened.contents == expected)
        try reopened.commit(.putNote(Note(title: "after")))
        reopened.close()
        #expect(try NotesStore.open(at: url).contents.notes.count == 4)
    }

    @Test func compactionKicksInPastTheThresholdAndKeepsEverything() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let options = NotesStoreOptions(compactionMinimumBytes: 2_000, compactionRatio: 0.25)
        let store = try NotesStore.open(at: url, options: options)
        for index in 1...40 { try store.commit(.putNote(Note(title: "note \(index)", body: String(repeating: "x", count: 100)))) }
        let journalSize = try FileManager.default.attributesOfItem(atPath: NotesStore.journalPath(for: url))[.size] as? Int
        #expect(try #require(journalSize) < 2_000 + 400)
        #expect(try Data(contentsOf: url).count > 4_000)
        store.close()
        #expect(try NotesStore.open(at: url).contents.notes.count == 40)
    }

    @Test func twoStoresOnOneFileKeepEachOthersCommits() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let options = NotesStoreOptions(compactionMinimumBytes: 1_500)
        let first = try NotesStore.open(at: url, options: options)
        let second = try NotesStore.open(at: url, options: options)
        let work = Category(name: "Work")
        #expect(try first.commit(.putCategory(work)) == false)
        // The second store has not seen the category but validates against the current
        // file, and says it took in another process's commit.
        #expect(try second.commit(.putNote(Note(title: "from second", categoryID: work.id))))
        #expect(try second.commit(.putNote(Note(title: "again from second"))) == false)
        #expect(throws: ModelError.duplicateCategoryName("work")) { try second.commit(.putCategory(Category(name: "work"))) }
        for index in 1...20 {  // enough to make both compact along the way
            try first.commit(.putNote(Note(title: "first \(index)", body: String(repeating: "a", count: 60))))
            try second.commit(.putNote(Note(title: "second \(index)", body: String(repeating: "b", count: 60))))
        }
        #expect(try first.refresh())
        #expect(first.contents == second.contents)
        #expect(try first.refresh() == false)
        first.close()
        second.close()
        let reopened = try NotesStore.open(at: url)
        #expect(reopened.contents.notes.count == 42)
        #expect(reopened.contents.categories[work.id] != nil)
    }

    @Test func aHeldLockFailsWithTheHoldersName() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let holder = try NotesStore.open(at: url)
        let waiter = try NotesStore.open(at: url, options: NotesStoreOptions(lockTimeout: 0))
        try holder.lock.lock(timeout: 1)
        defer { holder.lock.unlock() }
        #expect(throws: StoreError.locked(file: NotesStore.lockPath(for: url), holder: "pid \(getpid()) \(CommandLine.arguments.first ?? "?")")) {
            try waiter.commit(.putNote(Note(title: "x")))
        }
    }

    /// A refresh takes the lock for a moment and does not write the lock file (on a key,
    /// that write can wait behind another process's `fsync`); a commit does.
    @Test func aRefreshDoesNotWriteTheLockFile() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let lockPath = NotesStore.lockPath(for: url)
        let writer = try NotesStore.open(at: url)
        let reader = try NotesStore.open(at: url)
        defer { writer.close(); reader.close() }
        try writer.commit(.putNote(Note(title: "from the writer")))
        let handle = try #require(FileHandle(forWritingAtPath: lockPath))  // in place: the same file
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("written by another program\n".utf8))
        try handle.close()
        let before = try FileManager.default.attributesOfItem(atPath: lockPath)[.modificationDate] as? Date

        #expect(try reader.refresh())

        #expect(try String(contentsOfFile: lockPath, encoding: .utf8) == "written by another program\n")
        #expect(try FileManager.default.attributesOfItem(atPath: lockPath)[.modificationDate] as? Date == before)
        try reader.commit(.putNote(Note(title: "from the reader")))
        #expect(try String(contentsOfFile: lockPath, encoding: .utf8).hasPrefix("pid \(getpid()) "))
    }

    @Test func invalidChangesAreRefusedAndNothingIsWritten() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "ok")))
        let journal = try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url)))
        #expect(throws: ModelError.emptyTitle) { try store.commit([.putNote(Note(title: "fine")), .putNote(Note(title: " "))]) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url))) == journal)
        #expect(store.contents.notes.count == 1)
        store.close()
        #expect(throws: StoreError.closed) { try store.commit(.putNote(Note(title: "late"))) }
    }
}

@Suite struct StoreParallelReadTests {
    @Test func readingOnTwoThreadsGivesTheSameDatabase() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit((0..<301).map {
            .putNote(Note(title: "note \($0)", body: "body\n\($0) \"quoted\"", created: Date(timeIntervalSinceReferenceDate: Double($0)), tags: ["t\($0 % 3)"]))
        })
        try store.compactNow()
        let expected = store.contents
        store.close()
        let parallel = try NotesStore.open(at: url, options: NotesStoreOptions(parallelReadThreshold: 0))
        #expect(parallel.contents == expected)
    }

    @Test func aDuplicateInTheSecondHalfIsReportedAsInASequentialRead() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let notes = (0..<10).map { Note(title: "note \($0)", created: Date(timeIntervalSinceReferenceDate: Double($0))) }
        try store.commit(notes.map { .putNote($0) })
        try store.compactNow()
        store.close()
        let text = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: notes[8].id.uuidString, with: notes[1].id.uuidString)
        try Data(text.utf8).write(to: url)
        let options = NotesStoreOptions(parallelReadThreshold: 0)
        do {
            _ = try NotesStore.open(at: url, options: options)
            Issue.record("opened a store with duplicate ids")
        } catch let StoreError.corrupt(_, place, reason) {
            #expect(place.hasSuffix("(notes[8])"))
            #expect(reason == "duplicate note id \(notes[1].id)")
        }
    }
}

@Suite struct StoreSchemaTests {
    @Test func anUnregisteredTransformerIsNamedWithItsAttributeAndEntity() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let registry = ValueTransformerRegistry()
        registry.register(SerializableColorTransformer())
        registry.register(HexColorTransformer())
        registry.register(CompactColorsTransformer())
        #expect(throws: StoreError.schema(SchemaError.unregisteredTransformer(
            transformer: "RelativeURLTransformer", attribute: "attachments", entity: "Note").description)) {
            try NotesStore.open(at: url, options: NotesStoreOptions(registry: registry))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func versionHashesAreStableAndDifferPerEntity() {
        let hashes = StoreSchema.modelVersionHashes
        #expect(hashes.map(\.0) == ["Category", "Note", "Store"])
        #expect(Set(hashes.map(\.1)).count == 3)
        #expect(hashes.allSatisfy { $0.1.count == 16 })
        var changed = StoreSchema.schema.entities[0]
        changed.attributes.append(SchemaAttribute(name: "icon", type: .string))
        #expect(StoreSchema.versionHash(of: changed) != hashes[0].1)
    }
}

@Suite struct StoreJournalTailTests {
    @Test func aGarbledLastLineWithItsNewlineIsAlsoATornTail() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "one")))
        try store.commit(.putNote(Note(title: "two")))
        store.close()
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        var lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = lines[1].replacingOccurrences(of: "two", with: "TWO")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: journal)

        let reopened = try NotesStore.open(at: url)
        #expect(reopened.contents.notes.values.map(\.title) == ["one"])
        try reopened.commit(.putNote(Note(title: "three")))
        reopened.close()
        let after = try String(contentsOf: journal, encoding: .utf8)
        #expect(!after.contains("TWO"))
        #expect(try NotesStore.open(at: url).contents.notes.values.map(\.title).sorted() == ["one", "three"])
    }

    /// A last line whose checksum holds was written whole: a change this version does not
    /// know (a newer notes wrote it) is an error that leaves the journal as it is, never a
    /// torn write that the next commit would move aside.
    @Test func aWholeLastLineThisVersionCannotReadIsAnErrorAndIsKept() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "one")))
        store.close()
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        let entry = #"{"sequence":2,"changes":[{"putSomethingNew":{"id":"x"}}]}"#
        let line = #"{"crc32":""# + CRC32.hex(CRC32.checksum(Array(entry.utf8))) + #"","entry":"# + entry + "}\n"
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        try handle.close()
        let before = try Data(contentsOf: journal)

        #expect {
            try NotesStore.open(at: url)
        } throws: { error in
            guard case StoreError.corrupt(let file, let place, let reason) = error else { return false }
            return file == journal.path && place.hasPrefix("line 2") && reason.contains("newer notes")
        }
        #expect(try Data(contentsOf: journal) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!files.contains { $0.contains("torn") })
    }

    @Test func refreshSeesAnotherStoresCommitsAndDeletes() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let reader = try NotesStore.open(at: url)
        let writer = try NotesStore.open(at: url)
        let note = Note(title: "shared")
        try writer.commit(.putNote(note))
        #expect(try reader.refresh())
        #expect(reader.contents.notes[note.id]?.title == "shared")
        try writer.commit(.deleteNote(note.id))
        #expect(try reader.refresh())
        #expect(reader.contents.notes.isEmpty)
        #expect(try reader.refresh() == false)
    }
}
