import NotesJSON

/// The bodies that notes read from a snapshot still hold there, gathered note by note so
/// that the copy of the snapshot can then keep only them (`SnapshotFile.keepOnly`): the
/// app lets the rest of the file's bytes go once it is open. Each body is checked as it is
/// gathered (what its first read would do), so that a damaged one is placed in the file
/// while the whole copy is still there.
package struct SnapshotBodies {
    private var file: SnapshotFile?
    private var strings: [RawJSONString] = []

    package init() {}

    /// Takes in `note`'s body, if it is still in a snapshot (the first such note's snapshot:
    /// a store reads one).
    package mutating func add(_ note: Note) {
        guard case .inSnapshot(let string) = note.bodyStorage else { return }
        if file == nil { file = string.file }
        guard string.file === file else { return }
        _ = string.isValid
        strings.append(string.raw)
    }

    /// Whether the snapshot of the bodies taken in already keeps only its strings (an index
    /// built again over the same notes): nothing more to gather.
    package var isDone: Bool { file?.keepsOnlyStrings == true }

    /// Makes the snapshot keep only the bodies taken in (see `SnapshotFile.keepOnly`).
    package mutating func keepOnlyThese() {
        file?.keepOnly(&strings)
        strings = []
        file = nil
    }
}
