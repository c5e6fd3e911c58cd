import Crypto

/// The payload of an age file: a 16-byte nonce, then the plaintext in chunks of 64 KiB,
/// each sealed with ChaCha20-Poly1305 under the payload key and a nonce of an 11-byte
/// big-endian counter and a last-chunk flag (1 on the last chunk only). The last chunk may
/// be short, and is empty only when the whole payload is.
enum AgeStream {
    static let chunkSize = 64 << 10
    static let tagSize = 16
    static let nonceSize = 16

    static func nonce(counter: UInt64, last: Bool) -> [UInt8] {
        var nonce = [UInt8](repeating: 0, count: 12)
        for index in 0..<8 { nonce[10 - index] = UInt8(truncatingIfNeeded: counter >> UInt64(8 * index)) }
        nonce[11] = last ? 1 : 0
        return nonce
    }

    static func payloadKey(fileKey: [UInt8], nonce: [UInt8]) -> SymmetricKey {
        AgeCrypto.hkdf(fileKey, salt: nonce, info: Array("payload".utf8))
    }

    /// The sealed chunks of `plaintext` (without the nonce in front).
    static func seal(_ plaintext: [UInt8], key: SymmetricKey) throws(AgeError) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(sealedSize(plaintextCount: plaintext.count))
        var start = 0, counter: UInt64 = 0
        repeat {
            let end = Swift.min(start + chunkSize, plaintext.count)
            let last = end == plaintext.count
            output += try AgeCrypto.seal(Array(plaintext[start..<end]), key: key, nonce: nonce(counter: counter, last: last))
            start = end
            counter += 1
        } while start < plaintext.count
        return output
    }

    /// The size of the sealed chunks of a plaintext of `count` bytes.
    static func sealedSize(plaintextCount count: Int) -> Int {
        count + tagSize * Swift.max(1, (count + chunkSize - 1) / chunkSize)
    }
}

/// Reads an age file chunk by chunk: the header is parsed, a file key unwrapped with the
/// identities and the header MAC checked when it is made; `nextChunk` then gives each
/// chunk's plaintext only once it has authenticated, and throws on the first damaged,
/// truncated, misflagged or trailing part of the payload.
public struct AgeDecryptor {
    private let file: [UInt8]
    private let key: SymmetricKey
    private var position: Int
    private var counter: UInt64 = 0
    private var finished = false
    private var pendingError: AgeError?

    public init(file: [UInt8], identities: [any AgeIdentity]) throws(AgeError) {
        let (header, payloadStart) = try AgeHeader.parse(file)
        if header.stanzas.contains(where: { $0.type == AgeScryptPassphrase.stanzaType }), header.stanzas.count != 1 {
            throw .malformedHeader("has an scrypt stanza beside other stanzas (it must be alone)")
        }
        var fileKey: [UInt8]?
        for identity in identities {
            fileKey = try identity.unwrap(header.stanzas)
            if fileKey != nil { break }
        }
        guard let fileKey else { throw .noMatchingIdentity }
        let macKey: SymmetricKey = AgeCrypto.hkdf(fileKey, salt: [], info: Array("header".utf8))
        guard AgeCrypto.hmacMatches(header.mac, data: header.macInput, key: macKey) else { throw .headerMACMismatch }
        guard file.count - payloadStart >= AgeStream.nonceSize else {
            throw .malformedHeader("is not followed by the payload's 16-byte nonce")
        }
        let nonce = Array(file[payloadStart..<payloadStart + AgeStream.nonceSize])
        self.file = file
        key = AgeStream.payloadKey(fileKey: fileKey, nonce: nonce)
        position = payloadStart + AgeStream.nonceSize
    }

    /// The next chunk's plaintext, or nil after the last one.
    public mutating func nextChunk() throws(AgeError) -> [UInt8]? {
        if let pendingError { throw pendingError }
        guard !finished else { return nil }
        let remaining = file.count - position
        let sealedChunk = AgeStream.chunkSize + AgeStream.tagSize
        guard remaining >= AgeStream.tagSize else {
            throw .malformedPayload(counter == 0 && remaining == 0 ? "it has no chunk at all" : "its last chunk is truncated")
        }
        let count = Swift.min(remaining, sealedChunk)
        let sealed = Array(file[position..<position + count])
        let last = remaining <= sealedChunk
        guard let plaintext = AgeCrypto.open(sealed, key: key, nonce: AgeStream.nonce(counter: counter, last: last)) else {
            // A full chunk that authenticates with the other flag is genuine: it is given, as
            // age does, and the misplaced end is the error of the next call. (A short chunk
            // can only be the last one.)
            guard count == sealedChunk,
                  let genuine = AgeCrypto.open(sealed, key: key, nonce: AgeStream.nonce(counter: counter, last: !last)) else {
                throw .malformedPayload("chunk \(counter + 1) does not authenticate (changed, truncated or followed by other data)")
            }
            position += count
            counter += 1
            pendingError = .malformedPayload(last ? "it ends without its last chunk (the file was cut)"
                                                  : "a chunk marked last is followed by more data")
            return genuine
        }
        if last, plaintext.isEmpty, counter > 0 { throw .malformedPayload("its last chunk is empty") }
        position += count
        counter += 1
        finished = last
        return plaintext
    }
}

/// Encrypting and decrypting whole age files (age-encryption.org/v1) in memory.
public enum AgeFormat {
    /// The stanza type of the padding `encrypt` adds: unknown to age, so every reader skips it.
    public static let paddingStanzaType = "notes.padding"

    /// `plaintext` encrypted for `recipients`. With `paddedSize`, a padding stanza of random
    /// bytes makes the file exactly `paddedSize(n)` bytes long, where n is the smallest
    /// size the file can have with one (`paddedSize` must return at least n).
    public static func encrypt(_ plaintext: [UInt8], to recipients: [any AgeRecipient],
                               paddedSize: ((Int) -> Int)? = nil) throws(AgeError) -> [UInt8] {
        guard !recipients.isEmpty else { throw .invalidKey("no recipient to encrypt for") }
        let fileKey = AgeCrypto.randomBytes(16)
        var stanzas: [AgeStanza] = []
        for recipient in recipients { stanzas += try recipient.wrap(fileKey: fileKey) }
        if stanzas.contains(where: { $0.type == AgeScryptPassphrase.stanzaType }), stanzas.count != 1 {
            throw .invalidKey("a passphrase must be the only recipient of a file")
        }
        if let paddedSize {
            stanzas.append(padding(stanzas: stanzas, plaintextCount: plaintext.count, paddedSize: paddedSize))
        }
        var output = AgeHeader.encodeWithoutMAC(stanzas)
        let macKey: SymmetricKey = AgeCrypto.hkdf(fileKey, salt: [], info: Array("header".utf8))
        output += Array(" ".utf8) + AgeBase64.encode(AgeCrypto.hmac(output, key: macKey)) + [0x0A]
        let nonce = AgeCrypto.randomBytes(AgeStream.nonceSize)
        output += nonce
        output += try AgeStream.seal(plaintext, key: AgeStream.payloadKey(fileKey: fileKey, nonce: nonce))
        return output
    }

    /// The whole plaintext of `file`, or the first reason it cannot be had.
    public static func decrypt(_ file: [UInt8], with identities: [any AgeIdentity]) throws(AgeError) -> [UInt8] {
        var decryptor = try AgeDecryptor(file: file, identities: identities)
        var plaintext: [UInt8] = []
        while let chunk = try decryptor.nextChunk() { plaintext += chunk }
        return plaintext
    }

    /// Whether `bytes` start like an age file (its version line).
    public static func looksEncrypted<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        bytes.starts(with: AgeHeader.versionLine)
    }

    /// A stanza `-> notes.padding X…` with a random body, sized so that the file is exactly
    /// `paddedSize(smallest)` bytes: the body's length moves the size in steps of 1 to 3 bytes,
    /// the argument's length (1 to 3 characters) closes the last gap.
    private static func padding(stanzas: [AgeStanza], plaintextCount: Int, paddedSize: (Int) -> Int) -> AgeStanza {
        let macLine = 1 + 43 + 1  // " " + MAC + "\n" after "---"
        let fixed = AgeHeader.encodeWithoutMAC(stanzas).count + macLine + AgeStream.nonceSize
            + AgeStream.sealedSize(plaintextCount: plaintextCount)
        func size(body: Int, argument: Int) -> Int {
            fixed + AgeHeader.encodedSize(arguments: [paddingStanzaType, String(repeating: "x", count: argument)], bodyCount: body)
        }
        let target = Swift.max(paddedSize(size(body: 0, argument: 1)), size(body: 0, argument: 1))
        // The largest body that fits with a 1-character argument (binary search: size grows with the body).
        var low = 0, high = target
        while low < high {
            let middle = (low + high + 1) / 2
            if size(body: middle, argument: 1) <= target { low = middle } else { high = middle - 1 }
        }
        let argument = 1 + Swift.min(2, target - size(body: low, argument: 1))
        return AgeStanza(arguments: [paddingStanzaType, String(repeating: "x", count: argument)], body: AgeCrypto.randomBytes(low))
    }
}
