import Foundation
import NotesModel

extension NotesLoan {
    /// Reads the notes of `ids` a slice at a time, as the search text's builder does, and
    /// then has their snapshot keep only their bodies (`SnapshotBodies`): the rest of the
    /// store file's copy goes before the search text takes its memory. Does nothing when
    /// the loan ends first, or when the snapshot already keeps only its bodies.
    func keepOnlySnapshotBodies(of ids: [UUID]) {
        var bodies = SnapshotBodies()
        for start in stride(from: 0, to: ids.count, by: Self.bodySliceCount) {
            let range = start..<min(start + Self.bodySliceCount, ids.count)
            guard let slice = read({ notes in ids[range].map { notes[$0] } }) else { return }
            for case let note? in slice { bodies.add(note) }
            if bodies.isDone { return }
        }
        bodies.keepOnlyThese()
    }

    /// How many notes a slice holds (what a commit may wait for, as the builder's).
    private static let bodySliceCount = 2_048
}
