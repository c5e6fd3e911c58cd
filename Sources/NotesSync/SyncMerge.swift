import Foundation
import NotesBase
import NotesModel

/// The three-way merge of sync, by note id and category id, never by lines of text.
///
/// For each id, `base` is what both sides last agreed on (the last synced state):
/// - changed on one side only: that side's version is taken (an edit, a move to the
///   trash, a restore, a deletion for good);
/// - changed on both sides in different fields: both changes are kept (`SyncMerge+Fields`);
/// - changed on both sides in the same field: the later `updated` wins, with the fields only
///   the other side changed put in, and the other version is kept as a conflict copy named
///   by `ConflictCopyNaming` (a new id derived from it, so that every machine that merges
///   the same pair makes the same copy);
/// - an edit beats a delete: a live note against a trashed one comes back live, and the
///   trashed version is kept in the trash as a conflict copy; a live note edited on one
///   side and deleted for good on the other comes back as edited.
/// Categories merge field by field (name, color, deletion), the later change winning
/// when both changed one; two live categories with one name become one (see
/// `SyncMerge+Categories`). Pure: no files, no clock.
public enum SyncMerge {
    /// The tag a conflict copy carries.
    public static let conflictTag = ConflictCopyNaming.tag

    /// What a merge produced: the merged snapshot, and the conflict copies it made.
    public struct Outcome: Equatable, Sendable {
        public var snapshot: SyncSnapshot
        /// The ids of the conflict copies added to `snapshot`.
        public var conflictCopies: [UUID]
        /// How many note ids were merged (every id either side or the base holds).
        public var notesMerged = 0
    }

    public static func merge(base: SyncSnapshot, local: SyncSnapshot, remote: SyncSnapshot) -> Outcome {
        var notes: [UUID: Note] = [:]
        var copies: [UUID] = []
        let ids = Set(base.notes.keys).union(local.notes.keys).union(remote.notes.keys)
        for id in ids {
            let (merged, copy) = mergeNote(base: base.notes[id], local: local.notes[id], remote: remote.notes[id])
            if let merged { notes[id] = merged }
            if let copy, notes[copy.id] == nil, local.notes[copy.id] == nil, remote.notes[copy.id] == nil {
                notes[copy.id] = copy
                copies.append(copy.id)
            }
        }
        var snapshot = SyncSnapshot(notes: notes, categories: mergeCategories(base: base, local: local, remote: remote))
        unifyCategoriesByName(&snapshot)
        return Outcome(snapshot: snapshot, conflictCopies: copies.sorted { $0.uuidString < $1.uuidString }, notesMerged: ids.count)
    }

    /// One note id: the merged version (nil: none) and a conflict copy to add, if any.
    static func mergeNote(base: Note?, local: Note?, remote: Note?) -> (Note?, Note?) {
        if local == remote || remote == base { return (local, nil) }
        if local == base { return (remote, nil) }
        switch (local, remote) {
        case (let kept?, nil), (nil, let kept?):
            // Deleted for good on one side, changed on the other: a live edit comes back,
            // a note only moved to the trash goes as the other side asked.
            return kept.deleted == nil ? (kept, nil) : (nil, nil)
        case (let local?, let remote?):
            if let base, let merged = mergeFields(base: base, local, remote) { return (merged, nil) }
            let (kept, copy) = mergeBothChanged(local, remote)
            guard let base, let kept, kept.deleted == nil, local.deleted == nil, remote.deleted == nil else { return (kept, copy) }
            return (withOneSidedChanges(of: kept == local ? remote : local, in: kept, over: base), copy)
        case (nil, nil):
            return (nil, nil)
        }
    }

    /// Two versions of one note, both changed: the one that stays, and a conflict copy of
    /// the other unless they differ only in their dates. The result does not depend on
    /// which is called local: an edit beats a delete, else the later one wins.
    static func mergeBothChanged(_ local: Note, _ remote: Note) -> (Note?, Note?) {
        let localLive = local.deleted == nil, remoteLive = remote.deleted == nil
        if localLive != remoteLive {
            // An edit beats a delete: the live one stays; the trash keeps the other, unless
            // the two differ only in their dates.
            let (live, trashed) = localLive ? (local, remote) : (remote, local)
            return (live, sameContent(live, trashed) ? nil : conflictCopy(of: trashed))
        }
        let (winner, loser) = isLater(local, than: remote) ? (local, remote) : (remote, local)
        return (winner, sameContent(winner, loser) ? nil : conflictCopy(of: loser))
    }

    /// Whether `one` is the later version: later `updated`, then later `deleted`, then
    /// an order of the contents, so that every machine picks the same one.
    static func isLater(_ one: Note, than other: Note) -> Bool {
        if one.updated != other.updated { return one.updated > other.updated }
        let oneDeleted = one.deleted ?? .distantPast, otherDeleted = other.deleted ?? .distantPast
        if oneDeleted != otherDeleted { return oneDeleted > otherDeleted }
        return fingerprint(one) > fingerprint(other)
    }

    /// Whether two versions of a note differ only in their `updated` and `deleted` dates.
    static func sameContent(_ one: Note, _ other: Note) -> Bool {
        var one = one, other = other
        one.updated = other.updated
        one.deleted = other.deleted
        return one == other
    }

    /// A copy of `note` with an id derived from its contents, named as every conflict copy
    /// is (`ConflictCopyNaming`: ` (conflict copy)` after the title, tagged `conflict`).
    static func conflictCopy(of note: Note) -> Note {
        ConflictCopyNaming.copy(of: note, id: derivedID(from: note))
    }

    /// A UUID (version 4 layout) computed from the note's id and contents: two machines
    /// that keep the same losing version make the same copy, so copies never pile up.
    static func derivedID(from note: Note) -> UUID {
        let text = fingerprint(note)
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = second &+ (first >> 29)
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: first >> (8 * UInt64(index)))
            bytes[index + 8] = UInt8(truncatingIfNeeded: second >> (8 * UInt64(index)))
        }
        bytes[6] = (bytes[6] & 0x0f) | 0x40
        bytes[8] = (bytes[8] & 0x3f) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// Every field of a note as one text, for ordering and deriving ids.
    static func fingerprint(_ note: Note) -> String {
        [note.id.uuidString, note.title, note.body, ISODate.format(note.created), ISODate.format(note.updated),
         note.deleted.map(ISODate.format) ?? "-", note.categoryID?.uuidString ?? "-", note.sortedTags.joined(separator: ","),
         String(note.kind.rawValue), note.attachments.map(\.relativePath).joined(separator: ",")]
            .joined(separator: "\u{1}") + (note.pinned ? "\u{1}pinned" : "")
            + (note.aliases.isEmpty ? "" : "\u{1}aliases\u{1}" + note.aliases.joined(separator: "\u{2}"))
    }
}
