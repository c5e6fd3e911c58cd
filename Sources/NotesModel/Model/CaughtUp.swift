import Foundation

/// What taking in other processes' commits did to a repository's contents: nothing, the
/// changes of the journal lines it read (in order, as applied), or a reload (the files were
/// replaced or rewritten, so the contents were read again without comparing notes).
/// The UI applies `changes` in place as it applies its own commits; only `reloaded`
/// makes it build its snapshot again.
public enum CaughtUp: Equatable, Sendable {
    case nothing
    case changes([StoreChange])
    case reloaded

    /// Whether anything changed.
    public var changed: Bool { self != .nothing }

    /// `self`, then `later`: one list of changes, unless either was a reload.
    public func followed(by later: CaughtUp) -> CaughtUp {
        switch (self, later) {
        case (.nothing, _): later
        case (_, .nothing): self
        case (.changes(let first), .changes(let second)): .changes(first + second)
        default: .reloaded
        }
    }
}
