import Foundation
import NotesModel

/// What the writing of a snapshot folded in, kept beside it (`notes.json.ledger`): the
/// snapshots read before (each by name, `NotesStore.snapshotFileName`, with the sequence
/// its contents were read at) and the notes each commit folded in touched. With it,
/// `NotesStore.notesChanged(after:readFrom:)` still says which notes the commits after a
/// sequence touched once the store reads a newer snapshot (a compaction, inline or in the
/// background, or a bulk import's snapshot commit), so sync's position survives them.
///
/// Derived data, written after the snapshot is in place: it names the snapshot it
/// describes, and one naming another (a crash before it was written, a snapshot written by
/// `doctor` or another version) is not used: the caller then looks at every note. A ledger
/// that would name more than `maximumNotes` notes is not written.
struct CompactionLedger {
    /// A snapshot read before, and the sequence its contents were read at.
    struct Source {
        var snapshot: String
        var sequence: Int
    }

    /// The snapshot this ledger describes (its `snapshotFileName`).
    var snapshot = ""
    /// The last commit folded into it.
    var sequence: Int
    /// The snapshots it can answer for, oldest first (at most `maximumSources`).
    var sources: [Source]
    /// The commits folded in after the oldest source's sequence, oldest first.
    var commits: [NoteTouches.Commit]

    static let suffix = ".ledger"
    static let maximumNotes = 100_000
    static let maximumSources = 8
    private static let magic = "notes-compaction-ledger 1"

    /// The notes the commits folded in after `sequence` touched, or nil when this ledger
    /// cannot say: no source is `snapshot` read at or before `sequence`.
    func notes(after sequence: Int, readFrom snapshot: String) -> Set<UUID>? {
        guard sources.contains(where: { $0.snapshot == snapshot && $0.sequence <= sequence }) else { return nil }
        var notes = Set<UUID>()
        for commit in commits where commit.sequence > sequence { notes.formUnion(commit.notes) }
        return notes
    }

    /// The ledger of a snapshot folding in `touches` (up to `sequence`) over the snapshot
    /// `previous`, carrying on `earlier` (the ledger of `previous`, when it has one); nil
    /// when it would name too many notes or there is no previous snapshot.
    static func folding(_ touches: NoteTouches, upTo sequence: Int, over previous: String?,
                        earlier: CompactionLedger?) -> CompactionLedger? {
        let folded = touches.commits.filter { $0.sequence <= sequence }
        // Every commit from the one read at to the last folded, or the ledger could miss notes.
        guard let previous, folded.count == sequence - touches.start else { return nil }
        var ledger = CompactionLedger(sequence: sequence, sources: [Source(snapshot: previous, sequence: touches.start)],
                                      commits: folded)
        if let earlier, earlier.snapshot == previous, earlier.sequence == touches.start {
            ledger.sources = Array((earlier.sources + ledger.sources).suffix(maximumSources))
            let oldest = ledger.sources[0].sequence
            ledger.commits = earlier.commits.filter { $0.sequence > oldest } + folded
        }
        if ledger.noteCount > maximumNotes {
            ledger.sources = Array(ledger.sources.suffix(1))
            ledger.commits = folded
        }
        return ledger.noteCount > maximumNotes ? nil : ledger
    }

    private var noteCount: Int { commits.reduce(0) { $0 + $1.notes.count } }

    /// The ledger beside the store at `url` when it describes the snapshot named `snapshot`.
    static func read(besideStore url: URL, describing snapshot: String) -> CompactionLedger? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: url.path + suffix)),
              let ledger = parse(String(decoding: data, as: UTF8.self)), ledger.snapshot == snapshot else { return nil }
        return ledger
    }

    /// Writes this ledger beside the store at `url` (a new file renamed over the old); nil
    /// removes the old one. A failure leaves no ledger: the next sync looks at every note.
    static func write(_ ledger: CompactionLedger?, besideStore url: URL) {
        let path = URL(fileURLWithPath: url.path + suffix)
        guard let ledger else { try? FileManager.default.removeItem(at: path); return }
        do { try DurableFile.replace(path, with: ledger.bytes) } catch {
            try? FileManager.default.removeItem(at: path)
        }
    }

    /// "notes-compaction-ledger 1", "snapshot NAME SEQUENCE", a "source NAME SEQUENCE" line
    /// each, a "commit SEQUENCE ID…" line each, and an empty last line.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `text` as UTF-8, each id written from its bytes (a bulk import's ledger names every note).
    var bytes: [UInt8] {
        var output = Array("\(Self.magic)\nsnapshot \(snapshot) \(sequence)\n".utf8)
        output.reserveCapacity(output.count + sources.count * 64 + commits.count * 24 + noteCount * 37)
        for source in sources { output += "source \(source.snapshot) \(source.sequence)\n".utf8 }
        let digits: StaticString = "0123456789ABCDEF"
        for commit in commits {
            output += "commit \(commit.sequence)".utf8
            for id in commit.notes {
                output.append(0x20)
                withUnsafeBytes(of: id.uuid) { raw in  // `uuidString`'s upper-case 8-4-4-4-12
                    for (index, byte) in raw.enumerated() {
                        if index == 4 || index == 6 || index == 8 || index == 10 { output.append(UInt8(ascii: "-")) }
                        output.append(digits.utf8Start[Int(byte >> 4)])
                        output.append(digits.utf8Start[Int(byte & 0x0F)])
                    }
                }
            }
            output.append(0x0A)
        }
        return output
    }

    /// The ledger `text` wrote, or nil for anything else.
    static func parse(_ text: String) -> CompactionLedger? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == magic, lines.last == "" else { return nil }
        let head = lines[1].split(separator: " ")
        guard head.count == 3, head[0] == "snapshot", let sequence = Int(head[2]) else { return nil }
        var ledger = CompactionLedger(snapshot: String(head[1]), sequence: sequence, sources: [], commits: [])
        for line in lines.dropFirst(2).dropLast() {
            let fields = line.split(separator: " ").map(String.init)
            if fields.count == 3, fields[0] == "source", let number = Int(fields[2]) {
                ledger.sources.append(Source(snapshot: fields[1], sequence: number))
            } else if fields.count >= 2, fields[0] == "commit", let number = Int(fields[1]) {
                let ids = fields.dropFirst(2).compactMap { UUID(uuidString: $0) }
                guard ids.count == fields.count - 2 else { return nil }
                ledger.commits.append((number, ids))
            } else {
                return nil
            }
        }
        return ledger.sources.isEmpty ? nil : ledger
    }
}

extension NotesStore {
    /// The ids of the notes that commits after `sequence` put, trashed, restored or deleted,
    /// `sequence` being a commit of the contents read from the snapshot named `snapshot`
    /// (`snapshotFileName` then): across the compactions since when the ledger beside the
    /// snapshot read now covers them (`CompactionLedger`), else nil, as `notesChanged(after:)`.
    public func notesChanged(after sequence: Int, readFrom snapshot: String) -> Set<UUID>? {
        guard let current = snapshotFileName else { return nil }
        if snapshot == current { return notesChanged(after: sequence) }
        guard let ledger = CompactionLedger.read(besideStore: url, describing: current),
              let folded = ledger.notes(after: sequence, readFrom: snapshot), ledger.sequence >= touches.start,
              let later = touches.notes(after: max(sequence, touches.start), current: self.sequence) else { return nil }
        return folded.union(later)
    }

    /// Before a snapshot holding the commits up to `sequence` is written: its ledger, from
    /// the snapshot read now and this store's touches (and the ledger that snapshot has).
    func ledger(folding sequence: Int) -> CompactionLedger? {
        let previous = snapshotFileName
        let earlier = previous.flatMap { CompactionLedger.read(besideStore: url, describing: $0) }
        return CompactionLedger.folding(touches, upTo: sequence, over: previous, earlier: earlier)
    }

    /// Once the snapshot is in place and held: writes `ledger` naming it.
    func writeLedger(_ ledger: CompactionLedger?) {
        var named = ledger
        named?.snapshot = snapshotFileName ?? ""
        CompactionLedger.write(snapshotFileName == nil ? nil : named, besideStore: url)
    }
}
