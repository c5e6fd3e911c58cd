import Foundation
import NotesModel

/// How the body the read view's offsets point into was held (`ReadPosition.block` is an
/// offset into the body's bytes as held, see `BodyBytes`). When another process compacts
/// the store, the same body (same change time) comes back held in the snapshot with its
/// JSON escapes; `AppState.followReadHolding` then carries the offsets over to the same
/// place in the text, so the view does not jump.
struct ReadHolding: Equatable, Sendable {
    let id: UUID
    let updated: Date
    let isEscaped: Bool

    init(_ note: Note) {
        (id, updated, isEscaped) = (note.id, note.updated, note.withBodyBytes(\.isEscaped))
    }
}

extension AppState {
    /// Keeps `readTop` and the current match at the same place in the text when the read
    /// note's body, unchanged, is now held with escapes (a changed body is left to
    /// `ReadLayout.clamped`, which moves a position to the start of its block).
    mutating func followReadHolding(in snapshot: NotesSnapshot) {
        guard case .reading(let id) = screen, let note = snapshot.database.notes[id] else {
            readHolding = nil
            return
        }
        let now = ReadHolding(note)
        defer { readHolding = now }
        guard let before = readHolding, before.id == id, before.updated == note.updated,
              !before.isEscaped, now.isEscaped else { return }
        note.withBodyBytes { bytes in
            readTop.block = bytes.offset(ofDecoded: readTop.block)
            if var search = readSearch, var match = search.currentMatch {
                match.position.block = bytes.offset(ofDecoded: match.position.block)
                search.currentMatch = match
                readSearch = search
            }
        }
    }
}
