import Glibc
import Foundation
import NotesBase
import NotesJSON
import NotesModel

/// What a store opened for a few notes (`NotesStore.open(at:options:touching:)`) knows
/// besides `contents`: the index it reads notes through, and what it loaded.
final class PartialView {
    /// The ids (full or prefixes) the command names, and those it asked for later (`load(touching:)`).
    var requested: [String]
    var index: SnapshotIndexFile?
    /// Ids already looked up in the snapshot (found there or not).
    var lookedUp = Set<UUID>()
    /// Live notes by category, as the snapshot held the notes loaded from it.
    var loadedFromSnapshot: [UUID: Int] = [:]
    /// Categories the journal trashed (false) or deleted for good (true) since the snapshot:
    /// a note loaded later is placed as those changes would have placed it.
    var emptied: [UUID: Bool] = [:]
    /// Whether the list head (`notes.json.head`) is read too (`NotesStore.open(at:options:listHead:)`).
    var wantsHead = false
    /// The list head read, and its last note as the snapshot holds it (`NotesStore+Head`).
    var head: (file: SnapshotHead, last: Note?)?
    /// Notes loaded from the snapshot that are live there.
    var liveInSnapshot = Set<UUID>()

    init(requested: [String]) {
        self.requested = requested
    }

    func reset() {
        index = nil
        lookedUp = []
        loadedFromSnapshot = [:]
        emptied = [:]
        head = nil
        liveInSnapshot = []
    }
}

/// Opening for a few notes: loading what they need through the snapshot index, and keeping the index.
extension NotesStore {
    /// Notes a command looks up by one id or prefix: more mean the whole store is read.
    static let partialMatchLimit = 1_000

    /// Opens the store for a command that touches only the notes `ids` name (full ids or
    /// unique prefixes; none for `add` and `category list`): `contents` then holds every
    /// category, those notes and every note the journal touched, read through the index
    /// (`notes.json.index`) instead of reading the whole snapshot. Commits go through the
    /// same `commit(derivedFrom:)`, on the caught-up state of what they touch; such a
    /// store never compacts itself (it hands compaction to `CompactionMode.handOff`).
    ///
    /// Whenever the index cannot answer — missing, stale, damaged, an id it does not have
    /// — the whole store is read instead (and a missing or stale index rebuilt), so the
    /// result is always what a full open gives. `isPartial` says which happened.
    public static func open(at url: URL, options: NotesStoreOptions = NotesStoreOptions(), touching ids: [String]) throws -> NotesStore {
        let store = try NotesStore(url: url, options: options)
        store.partial = PartialView(requested: ids)
        return try load(store, options: options)
    }

    /// Whether `contents` holds only some notes (see `open(at:options:touching:)`).
    public var isPartial: Bool { partial != nil }

    /// Live notes by category. For a partial store: the index's counts, corrected by the
    /// notes the journal changed; nil when the journal emptied a category that is live
    /// again (only the whole store can say how many notes it has then).
    public func liveNoteCounts() -> [UUID: Int]? {
        var current: [UUID: Int] = [:]
        for note in contents.notes.values {
            if let id = note.categoryID { current[id, default: 0] += 1 }
        }
        guard let partial else { return current }
        guard let index = partial.index, !partial.emptied.keys.contains(where: { contents.categories[$0] != nil }) else { return nil }
        var counts = index.liveCounts
        for (id, count) in partial.loadedFromSnapshot { counts[id, default: 0] -= count }
        for (id, count) in current { counts[id, default: 0] += count }
        return counts.filter { contents.categories[$0.key] != nil && $0.value != 0 }
    }

    /// Reads the snapshot's head (categories) and the requested notes through the index,
    /// then the journal (loading each note it touches first). Throws `Unusable` when the
    /// index cannot answer; the caller then reads the whole store. Under the lock.
    func loadPartial(_ view: PartialView) throws {
        forgetLoadedState()
        view.reset()
        snapshotFile = nil
        guard let fd = try DurableFile.openRegular(url.path, O_RDONLY, purpose: "open the store") else {
            throw SnapshotIndex.Unusable(description: "there is no snapshot yet", indexIsBad: false)
        }
        holdSnapshot(fd)
        let index = try SnapshotIndexFile(for: url)
        guard let stamp = SnapshotIndex.Stamp(snapshotFD: fd, sequence: index.stamp.sequence),
              stamp.describesSameFile(as: index.stamp) else {
            throw SnapshotIndex.Unusable(description: "the index describes another snapshot")
        }
        let head = try SnapshotIndexFile.read(fd, at: 0, count: index.headLength)
        guard CRC32.checksum(head) == index.headChecksum,
              (try? SnapshotCodec.readVersion(head)) == StoreSchema.formatVersion else {
            throw SnapshotIndex.Unusable(description: "the snapshot's head does not match the index")
        }
        let decoded: DecodedSnapshot
        do { decoded = try codec.decode(head + Array("\n  ]\n}\n".utf8)) } catch {
            throw SnapshotIndex.Unusable(description: "the snapshot's head does not read (\(error.reason))")
        }
        guard decoded.sequence == index.stamp.sequence else {
            throw SnapshotIndex.Unusable(description: "the index describes another sequence")
        }
        view.index = index
        contents = decoded.database
        sequence = decoded.sequence
        touches.reset(at: sequence)
        warnings = decoded.warnings
        preserved = decoded.preserved
        var unmatched: [String] = []
        for text in view.requested {
            guard let (low, high) = NoteIDRange.bounds(of: text) else { continue }
            let entries = try index.entries(from: low, through: high, limit: Self.partialMatchLimit)
            guard entries.count <= Self.partialMatchLimit else {
                throw SnapshotIndex.Unusable(description: "'\(text)' names too many notes", indexIsBad: false)
            }
            if entries.isEmpty { unmatched.append(text) }
            try loadFromSnapshot(entries, view)
        }
        if view.wantsHead { try loadHead(view) }
        _ = try readJournal()
        // An id the index does not have and the journal did not add: only the whole store can say it is unknown.
        for text in unmatched where contents.note(idOrPrefix: text) == nil && contents.trashedNote(idOrPrefix: text) == nil {
            throw SnapshotIndex.Unusable(description: "'\(text)' is not in the index", indexIsBad: false)
        }
    }

    /// Before journal entries are applied to a partial store: loads from the snapshot every
    /// note they touch that is not loaded yet, and notes which categories they empty.
    func prepareTouched(by entries: [JournalEntry]) throws {
        guard let view = partial, let index = view.index else { return }
        var wanted: [UUID] = []
        for entry in entries {
            for change in entry.changes {
                switch change {
                case .putNote(let note): wanted.append(note.id)
                case .deleteNote(let id), .trashNote(let id, _), .restoreNote(let id): wanted.append(id)
                case .putCategory, .setRecentColors, .trashCategory, .deleteCategory, .putImportSource, .dropImportSource: break
                }
            }
        }
        let missing = Set(wanted.filter { !view.lookedUp.contains($0) && contents.anyNote($0) == nil })
        guard !missing.isEmpty else { return }
        try loadFromSnapshot(try index.entries(of: Array(missing)), view)
        view.lookedUp.formUnion(missing)
    }

    /// Notes which categories applied journal changes emptied (see `PartialView.emptied`).
    func noteEmptiedCategories(_ changes: [StoreChange]) {
        guard let view = partial else { return }
        for change in changes {
            switch change {
            case .trashCategory(let id, _): view.emptied[id] = view.emptied[id] ?? false
            case .putCategory(let category) where category.deleted != nil:
                view.emptied[category.id] = view.emptied[category.id] ?? false
            case .deleteCategory(let id): view.emptied[id] = true
            default: break
            }
        }
    }

    /// Reads the notes of `entries` from the snapshot (checking that each is one whole note
    /// with the id the index gives) and puts them in `contents` as the snapshot and the
    /// journal lines applied so far place them.
    func loadFromSnapshot(_ entries: [SnapshotIndex.Entry], _ view: PartialView) throws {
        guard !entries.isEmpty, let index = view.index else { return }
        guard let stamp = SnapshotIndex.Stamp(snapshotFD: snapshotFD, sequence: index.stamp.sequence),
              stamp.describesSameFile(as: index.stamp) else {
            throw SnapshotIndex.Unusable(description: "the snapshot changed while it was read")
        }
        for entry in entries where contents.anyNote(entry.id) == nil {
            view.lookedUp.insert(entry.id)
            guard entry.offset >= index.headLength, entry.length > 0, entry.offset + entry.length <= stamp.size else {
                throw SnapshotIndex.Unusable(description: "an entry points outside the snapshot")
            }
            let bytes = try SnapshotIndexFile.read(snapshotFD, at: entry.offset, count: entry.length)
            var note: Note
            do {
                note = try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) -> Note in
                    let note = try codec.records.readNote(&reader)
                    try reader.expectEnd()
                    return note
                }
            } catch {
                throw SnapshotIndex.Unusable(description: "an entry does not hold a note")
            }
            guard note.id == entry.id else { throw SnapshotIndex.Unusable(description: "an entry holds another note") }
            if note.deleted == nil { view.liveInSnapshot.insert(note.id) }
            if note.deleted == nil, let category = note.categoryID, index.liveCounts[category] != nil {
                view.loadedFromSnapshot[category, default: 0] += 1
            }
            // As the whole-store reader and the journal's category changes would place it.
            if let category = note.categoryID {
                let gone = note.deleted == nil
                    ? contents.categories[category] == nil || view.emptied[category] != nil
                    : (contents.categories[category] == nil && contents.deletedCategories[category] == nil) || view.emptied[category] == true
                if gone { note.categoryID = nil }
            }
            do { try contents.apply(.putNote(note)) } catch {
                throw SnapshotIndex.Unusable(description: "a note from the snapshot does not fit (\(error))")
            }
        }
    }

    /// The whole store, read because the index could not answer; then, when the index or
    /// the list head was at fault (a store copied with new times) and the snapshot is large
    /// enough for it to matter, a new index and head so that the next command, and the next
    /// start's first frame, can use them (derived data: the store's own files are not
    /// touched). Under the lock.
    func loadWholeInstead(_ reason: SnapshotIndex.Unusable) throws {
        partial = nil
        try loadWhole()
        if reason.indexIsBad || reason.headIsBad, let file = snapshotFile, file.bytes.count >= options.indexRebuildMinimumBytes {
            writeIndex(snapshot: file.bytes)
        }
    }

    /// Writes `notes.json.index` and the list head (`notes.json.head`) for the snapshot
    /// held open, from one read of its bytes: the head describes the snapshot, whatever the
    /// journal holds. Derived data: a failure leaves commands reading the whole store, so
    /// it is not an error.
    func writeIndex(snapshot bytes: UnsafeBufferPointer<UInt8>) {
        guard !isReadOnly, let stamp = SnapshotIndex.Stamp(snapshotFD: snapshotFD, sequence: 0) else { return }
        _ = SnapshotIndex.write(for: url, snapshot: bytes, stamp: stamp, records: codec.records)
    }

    /// Writes `notes.json.index` and the list head (`notes.json.head`) for the snapshot held
    /// open, just written as `layout` says. Derived data: a failure leaves commands reading
    /// the whole store, so it is not an error.
    func writeIndex(layout: SnapshotLayout) {
        guard !isReadOnly, let stamp = SnapshotIndex.Stamp(snapshotFD: snapshotFD, sequence: 0),
              let index = layout.index(stamp: stamp) else { return }
        do { try DurableFile.replace(URL(fileURLWithPath: SnapshotIndex.path(for: url)), with: index.encoded()) } catch { return }
        _ = layout.writeHead(describedBy: index, to: SnapshotHead.path(for: url), replacing: true)
    }
}
