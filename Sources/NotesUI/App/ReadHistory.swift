import Foundation

/// Where the read view has been while following links: `H`/`Backspace`/`Ctrl-O` go back
/// along it, `L` forward. Opening a note from the list starts a new history.
struct ReadHistory: Equatable, Sendable {
    /// A note read, and where it was scrolled to.
    struct Place: Equatable, Sendable {
        let noteID: UUID
        let top: ReadPosition
    }

    private(set) var back: [Place] = []
    private(set) var forward: [Place] = []

    /// Following a link from `place`: it goes on the back stack, the forward one is cleared.
    mutating func leave(_ place: Place) {
        back.append(place)
        forward = []
    }

    /// The place to go back to, with `current` kept to come forward to; nil when there is none.
    /// Places whose note is gone (`exists` says) are passed over and forgotten.
    mutating func goBack(from current: Place, exists: (UUID) -> Bool) -> Place? {
        while let place = back.popLast() {
            guard exists(place.noteID) else { continue }
            forward.append(current)
            return place
        }
        return nil
    }

    /// The place to go forward to, with `current` kept to come back to; nil when there is none.
    mutating func goForward(from current: Place, exists: (UUID) -> Bool) -> Place? {
        while let place = forward.popLast() {
            guard exists(place.noteID) else { continue }
            back.append(current)
            return place
        }
        return nil
    }
}
