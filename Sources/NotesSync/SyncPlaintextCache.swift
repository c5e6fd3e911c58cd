import Foundation
import AgeFormat

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
        let bytes = [UInt8](body.dropFirst(magic.count))
        cache.blobs.reserveCapacity(bytes.count / 74)
        for line in bytes.split(separator: 0x0A) {
            // "<32 hex digits of the hash> <blob id>"
            guard line.count > 33, line[line.startIndex + 32] == 0x20, let hash = hexBytes(line.prefix(32)) else {
                return SyncPlaintextCache()
            }
            let blob = String(decoding: line.dropFirst(33), as: UTF8.self)
            guard SyncBlobCache.isObjectID(blob) else { return SyncPlaintextCache() }
            cache.blobs[hash] = blob
        }
        return cache
    }

    /// Writes the cache when it changed (a new file renamed over the old); a failure is ignored.
    func save(to gitFolder: URL, key: [UInt8]) {
        let data: Data? = lock.withLock {
            guard changed else { return nil }
            changed = false
            var bytes = Self.magic
            bytes.reserveCapacity(Self.magic.count + blobs.count * 74 + 16)
            for (hash, blob) in blobs {
                for byte in hash {
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 15)])
                }
                bytes.append(0x20)
                bytes += blob.utf8
                bytes.append(0x0A)
            }
            var data = Data(bytes)
            data.append(contentsOf: AgeCrypto.keyedHash(data, key: key))
            return data
        }
        guard let data else { return }
        try? data.write(to: gitFolder.appendingPathComponent(Self.fileName), options: .atomic)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// 16 bytes from 32 lower-case hex digits, or nil.
    private static func hexBytes(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case 48...57: digit - 48
            case 97...102: digit - 87
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var index = text.startIndex
        while index + 1 < text.endIndex {
            guard let high = value(text[index]), let low = value(text[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
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
