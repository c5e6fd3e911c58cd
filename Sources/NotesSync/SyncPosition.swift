import Foundation
import NotesExchange
import NotesStore

/// Where the store stood when sync last made a tree of it, kept in
/// `.git/notes-sync-position`: "the store's notes, except those its commits after
/// `sequence` touched, are exactly the note files of `commit`". With it, the next sync
/// renders only the notes the store's journal names since (`NotesStore.notesChanged(after:)`)
/// and builds its tree from that commit's (`SyncRepository.updatedTree`), without looking
/// at every note.
///
/// It is only a shortcut: it is used only when the store still reads the snapshot it named,
/// or one whose compaction ledger covers the commits folded in since (`CompactionLedger`:
/// `NotesStore.notesChanged(after:readFrom:)`), with the same rendering format and the same
/// key, and when the categories are those of the commit (a category's change changes its
/// notes' files without touching them); otherwise, or when it is missing or unreadable,
/// the sync looks at every note as before.
struct SyncPosition: Equatable {
    /// The store's snapshot file (`NotesStore.snapshotFileName`).
    var snapshot: String
    /// The store's last commit then (`NotesStore.committedSequence`).
    var sequence: Int
    /// The sync commit whose note files are those notes.
    var commit: String
    /// How notes were rendered, and for which key ("plain" without one).
    var format: String

    static let fileName = "notes-sync-position"
    private static let magic = "notes-sync-position 1"

    /// The rendering format and key a position is valid for.
    static func format(key: SyncKey?) -> String {
        "\(SyncFingerprint.version) \(ExactMarkdownReader.formatValue) \(key?.recipient.text ?? "plain")"
    }

    /// The position where `store` stands now, for `commit`; nil when the store has no snapshot file.
    init?(store: NotesStore, commit: String, key: SyncKey?) {
        guard let snapshot = store.snapshotFileName else { return nil }
        self.init(snapshot: snapshot, sequence: store.committedSequence, commit: commit, format: Self.format(key: key))
    }

    init(snapshot: String, sequence: Int, commit: String, format: String) {
        self.snapshot = snapshot
        self.sequence = sequence
        self.commit = commit
        self.format = format
    }

    /// The notes changed in `store` since this position, or nil when the position does not
    /// describe that store (another format or key, a snapshot no ledger links to it).
    func changedNotes(in store: NotesStore, key: SyncKey?) -> Set<UUID>? {
        guard format == Self.format(key: key) else { return nil }
        return store.notesChanged(after: sequence, readFrom: snapshot)
    }

    /// The position recorded in `gitFolder`, or nil when there is none or it does not read.
    static func load(from gitFolder: URL) -> SyncPosition? {
        guard let data = WorkTreeEntry.regularFileContents(gitFolder.appendingPathComponent(fileName)),
              let text = String(data: data, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count == 6, lines[0] == magic, lines[5].isEmpty, let sequence = Int(lines[2]), sequence >= 0,
              SyncBlobCache.isObjectID(lines[3]) else { return nil }
        return SyncPosition(snapshot: lines[1], sequence: sequence, commit: lines[3], format: lines[4])
    }

    /// Writes the position into `gitFolder` (a new file renamed over the old one). A failure
    /// removes the old one: a position that is not true would leave changes unsent.
    func save(to gitFolder: URL) {
        let text = [Self.magic, snapshot, String(sequence), commit, format, ""].joined(separator: "\n")
        do { try Data(text.utf8).write(to: gitFolder.appendingPathComponent(Self.fileName), options: .atomic) } catch {
            Self.remove(from: gitFolder)
        }
    }

    /// Forgets the position: the next sync looks at every note.
    static func remove(from gitFolder: URL) {
        try? FileManager.default.removeItem(at: gitFolder.appendingPathComponent(fileName))
    }
}
