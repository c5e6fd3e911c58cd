import Foundation
import AgeFormat

/// The one size limit of a synced file (a note's file, `categories.json`, an attachment):
/// 64 MiB of plaintext. A sender checks the plaintext it is about to send; a receiver checks
/// the blob git holds before reading it, which in an encrypted sync is the sealed age file,
/// so the limit there is the size the largest allowed plaintext is sealed and padded to.
/// Both sides call `allows(_:sealed:)`, so a file one home sends is never one another refuses.
enum SyncFileLimit {
    /// The largest plaintext of a synced file.
    static let plaintextBytes = 64 << 20

    /// The largest age file an encrypted sync makes: `plaintextBytes` sealed for one X25519
    /// recipient and padded (`SyncKey.encrypt`).
    static let sealedBytes = AgeFormat.encryptedSize(
        plaintextCount: plaintextBytes, stanzas: [x25519StanzaShape], paddedSize: SyncPadding.size)

    /// Whether a synced file of `bytes` may be sent or received: `bytes` of plaintext
    /// (`sealed` false: what a home sends, or a plain sync receives), or of the sealed file
    /// an encrypted sync receives (`sealed` true).
    static func allows(_ bytes: Int, sealed: Bool) -> Bool {
        bytes <= limit(sealed: sealed)
    }

    /// The limit `allows` applies, for messages.
    static func limit(sealed: Bool) -> Int {
        sealed ? sealedBytes : plaintextBytes
    }

    /// A stanza the size of the one an X25519 recipient writes (`-> X25519 <share>` and a 32-byte body).
    private static let x25519StanzaShape = AgeStanza(
        arguments: ["X25519", String(repeating: "A", count: 43)], body: [UInt8](repeating: 0, count: 32))
}
