import Crypto
import Foundation

/// MD5, only to find which `<resource>` an Evernote `<en-media hash="…">` names: ENML
/// names attachments by the MD5 of their bytes. Not for security (swift-crypto's
/// `Insecure.MD5`).
enum MD5 {
    /// The digest of `data` as 32 lowercase hex digits.
    static func hex(_ data: Data) -> String {
        Insecure.MD5.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }
}
