/// How a `Note` holds its body: as text, or as a string still in the snapshot file
/// it was read from, decoded each time it is asked for (opening a large store then
/// never builds the bodies the list does not show; see `SnapshotFile`).
enum NoteBody: Sendable {
    case text(String)
    case inSnapshot(SnapshotString)

    var text: String {
        switch self {
        case .text(let text): text
        case .inSnapshot(let string): string.text
        }
    }

    static func == (left: NoteBody, right: NoteBody) -> Bool {
        if case .inSnapshot(let one) = left, case .inSnapshot(let other) = right, one.isSame(as: other) { return true }
        return left.text == right.text
    }
}
