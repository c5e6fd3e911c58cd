import NotesModel

/// One note changed on both homes in different fields (one pinned it, the other edited
/// its body; each added a tag): both changes are kept. Each side's changes to the fields a
/// user edits (`NoteEdit`, over `NoteField`) are applied to the other side's version;
/// when the two results agree, that is the note, dated the later of the two. When they
/// do not (one field changed two ways, or a change outside those fields), the note-level
/// rule decides: the later version, and a conflict copy of the other (`mergeBothChanged`);
/// the later version still takes the fields only the other side changed
/// (`withOneSidedChanges`), as the write path does: one home renamed and rewrote a note,
/// the other rewrote its body later, and the note keeps the new title beside the later body.
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

    /// `kept` with the changes `other` made over `base` to fields that `kept` left as they
    /// were: a field both sides changed keeps `kept`'s value; tags merge as sets (each side's
    /// additions and removals). The same whichever side is called local.
    static func withOneSidedChanges(of other: Note, in kept: Note, over base: Note) -> Note {
        var edit = NoteEdit(from: base, to: other)
        for field in NoteField.changed(from: base, to: kept) {
            switch field {
            case .title: edit.title = nil
            case .body: edit.body = nil
            case .category: edit.category = nil
            case .tags: break
            case .kind: edit.kind = nil
            case .pinned: edit.pinned = nil
            case .aliases: edit.aliases = nil
            }
        }
        return edit.applied(to: kept)
    }
}
