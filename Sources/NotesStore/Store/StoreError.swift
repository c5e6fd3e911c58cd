import Foundation
import NotesModel

/// Why a store could not be opened or written. Every case names the file.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not a store we can read; `place` says where (line and column, or a JSON path).
    case corrupt(file: String, place: String, reason: String)
    case tooNew(file: String, found: Int, supported: Int)
    case io(file: String, operation: String, reason: String)
    /// Another process held the store's lock for longer than the timeout.
    case locked(file: String, holder: String)
    /// The store's schema names a transformer that is not registered (see `SchemaError`).
    case schema(String)
    /// A migration step failed; the original file is unchanged.
    case migrationFailed(file: String, step: String, reason: String)
    /// The store was used after `close()`.
    case closed

    public var description: String {
        switch self {
        case .corrupt(let file, let place, let reason):
            "\(file): \(place): \(reason)"
        case .tooNew(let file, let found, let supported):
            "\(file) has store format version \(found), but this notes understands up to \(supported); it was not changed (upgrade notes to open it)"
        case .io(let file, let operation, let reason):
            "\(file): cannot \(operation): \(reason)"
        case .locked(let file, let holder):
            "\(file): the store is busy: \(holder) has held its lock for several seconds; try again when it is done"
        case .schema(let reason):
            "the store's schema is not usable: \(reason)"
        case .migrationFailed(let file, let step, let reason):
            "\(file): migration '\(step)' failed: \(reason); the file was not changed"
        case .closed:
            "the store was used after it was closed"
        }
    }
}

/// Something wrong in a store that did not stop it from loading, e.g. a category
/// whose color archive cannot be read.
public struct StoreWarning: Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension StoreError: LockContention {
    /// Who holds the lock, for `.locked`.
    public var lockHolder: String? {
        if case .locked(_, let holder) = self { holder } else { nil }
    }
}
