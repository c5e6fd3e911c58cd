import Foundation

/// Why an age file could not be read or written. The cases follow the age test kit's
/// classes of failure, so a caller (and the tests) can tell a malformed header from a
/// wrong key, a header changed after it was made, and a damaged payload.
public enum AgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The header does not follow the format (or breaks a limit of this reader).
    case malformedHeader(String)
    /// The header is well formed, but no stanza opens with the identities given.
    case noMatchingIdentity
    /// A file key was unwrapped, but the header's MAC does not match: the header was changed.
    case headerMACMismatch
    /// The payload after the header is damaged, truncated or has data after its last chunk.
    case malformedPayload(String)
    /// A recipient or identity string (`age1…`, `AGE-SECRET-KEY-1…`) or a passphrase that cannot be used.
    case invalidKey(String)

    public var description: String {
        switch self {
        case .malformedHeader(let reason): "not a valid age file: its header \(reason)"
        case .noMatchingIdentity: "it is encrypted for another key (no recipient in its header matches this identity)"
        case .headerMACMismatch: "its header was changed after it was written (the header MAC does not match)"
        case .malformedPayload(let reason): "its encrypted contents are damaged: \(reason)"
        case .invalidKey(let reason): reason
        }
    }
}
