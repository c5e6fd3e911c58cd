import NotesModel

/// One note changed on both homes in different fields (one pinned it, the other edited
/// its body; each added a tag): both changes are kept. Each side's changes to the fields a
/// user edits (`NoteEdit`, over `NoteField`) are applied to the other side's version;
/// when the two results agree, that is the note, dated the later of the two. When they
/// do not (one field changed two ways, or a change outside those fields), the note-level
/// rule decides: the later version, and a conflict copy of the other (`mergeBothChanged`).
extension SyncMerge {
    /// The note with both sides' field changes over `base`, or nil when they collide or a
    /// side is in the trash. The same whichever side is called local.
    static func mergeFields(base: Note, _ local: Note, _ remote: Note) -> Note? {
        guard base.deleted == nil, local.deleted == nil, remote.deleted == nil else { return nil }
        let updated = max(local.updated, remote.updated)
        var fromLocal = NoteEdit(from: base, to: remote).applied(to: local)
        var fromRemote = NoteEdit(from: base, to: local).applied(to: remote)
        fromLocal.updated = updated
        fromRemote.updated = updated
        return fromLocal == fromRemote ? fromLocal : nil
    }
}
