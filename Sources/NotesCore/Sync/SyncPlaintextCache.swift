import Foundation

/// Which blob holds which plaintext, in an encrypted sync: a keyed hash (HMAC-SHA-256 under
/// a key derived from the identity, cut to 128 bits) of each file's plaintext → the blob
/// id of an age file that decrypts to it. Every entry is a fact found by decrypting or
/// encrypting, so a note received from the remote and rendered again here takes the
/// remote's blob instead of a new ciphertext (which would be a change to push).
///
/// Kept in `.git/notes-sync-plaintext` with an HMAC over its bytes; a missing, torn or
/// altered file reads as empty (the next sync only encrypts more). At most
/// `maximumEntries` are kept: past that the cache starts again.
final class SyncPlaintextCache: @unchecked Sendable {
    static let fileName = "notes-sync-plaintext"
    static let maximumEntries = 500_000
    private static let magic = Array("notes-sync-plaintext 1\n".utf8)

    private var blobs: [[UInt8]: String] = [:]
    private var changed = false
    private let lock = NSLock()

    func blob(for hash: [UInt8]) -> String? { lock.withLock { blobs[hash] } }

    func record(_ hash: [UInt8], blob: String) {
        lock.withLock {
            guard blobs[hash] != blob else { return }
            if blobs.count >= Self.maximumEntries { blobs = [:] }
            blobs[hash] = blob
            changed = true
        }
    }

    static func load(from gitFolder: URL, key: [UInt8]) -> SyncPlaintextCache {
        let cache = SyncPlaintextCache()
        guard let data = WorkTreeEntry.regularFileContents(gitFolder.appendingPathComponent(fileName)),
              data.count >= magic.count + 16, data.starts(with: magic) else { return cache }
        let body = data.dropLast(16)
        guard AgeCrypto.keyedHash(Data(body), key: key) == Array(data.suffix(16)) else { return cache }
        let text = String(decoding: body.dropFirst(magic.count), as: UTF8.self)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts[0].utf8.count == 32, SyncBlobCache.isObjectID(String(parts[1])),
                  let hash = hexBytes(parts[0]) else { return SyncPlaintextCache() }
            cache.blobs[hash] = String(parts[1])
        }
        return cache
    }

    /// Writes the cache when it changed (a new file renamed over the old); a failure is ignored.
    func save(to gitFolder: URL, key: [UInt8]) {
        let data: Data? = lock.withLock {
            guard changed else { return nil }
            changed = false
            var text = ""
            for (hash, blob) in blobs { text += hash.map { String(format: "%02x", $0) }.joined() + " " + blob + "\n" }
            var data = Data(Self.magic)
            data.append(contentsOf: Array(text.utf8))
            data.append(contentsOf: AgeCrypto.keyedHash(data, key: key))
            return data
        }
        guard let data else { return }
        try? data.write(to: gitFolder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    private static func hexBytes(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        return bytes.count == 16 ? bytes : nil
    }
}

/// The size an encrypted file is padded to, so that the remote sees a bucket, not a
/// note's exact length: at least 1 KiB, then Padmé (Nikitin et al., 2019): the size rounded
/// up so that only its top bits vary, costing at most about 12 % and leaking O(log log n) bits.
enum SyncPadding {
    static let minimum = 1024

    static func size(_ unpadded: Int) -> Int {
        let length = max(minimum, unpadded)
        let exponent = Int.bitWidth - length.leadingZeroBitCount - 1
        let exponentBits = Int.bitWidth - exponent.leadingZeroBitCount
        let mask = (1 << (exponent - exponentBits)) - 1
        return (length + mask) & ~mask
    }
}
