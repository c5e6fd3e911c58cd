import Foundation

/// Why a store could not be opened or written. Every case names the file.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not a store we can read; `place` says where (line and column, or a JSON path).
    case corrupt(file: String, place: String, reason: String)
    case tooNew(file: String, found: Int, supported: Int)
    case io(file: String, operation: String, reason: String)

    public var description: String {
        switch self {
        case .corrupt(let file, let place, let reason):
            "\(file): \(place): \(reason)"
        case .tooNew(let file, let found, let supported):
            "\(file) has store format version \(found), but this notes understands up to \(supported); it was not changed (upgrade notes to open it)"
        case .io(let file, let operation, let reason):
            "\(file): cannot \(operation): \(reason)"
        }
    }
}
