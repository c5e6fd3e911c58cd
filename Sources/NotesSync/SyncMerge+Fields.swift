import NotesModel

/// One note changed on both homes in different fields (one pinned it, the other edited
/// its body; each added a tag): both changes are kept. Each side's changes to the fields a
/// user edits (`NoteEdit`, over `NoteField`) are applied to the other side's version, and
/// the attachments merge as files attached and detached (`mergedAttachments`);
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
        let attachments = mergedAttachments(base: base.attachments, local.attachments, remote.attachments)
        fromLocal.attachments = attachments
        fromRemote.attachments = attachments
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
        var merged = edit.applied(to: kept)
        merged.attachments = mergedAttachments(base: base.attachments, kept.attachments, other.attachments)
        return merged
    }

    /// The attachments of a note both sides changed: a side's list where only it changed
    /// them (a file attached on one home and a body edited on the other is no conflict, and
    /// the file stays on the note whichever side is later); changed on both, the base's files
    /// neither side detached, in the base's order, then those either side attached, in path
    /// order, so that both homes make the same list.
    static func mergedAttachments(base: [AttachmentPath], _ one: [AttachmentPath],
                                  _ other: [AttachmentPath]) -> [AttachmentPath] {
        if one == base || one == other { return other }
        if other == base { return one }
        let kept = Set(one).intersection(other)
        let added = Set(one).union(other).subtracting(base)
        return base.filter(kept.contains) + added.sorted { $0.relativePath < $1.relativePath }
    }
}
