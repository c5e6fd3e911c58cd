import Crypto
import Foundation

/// The primitives the age format uses, all from swift-crypto: HKDF-SHA-256, HMAC-SHA-256,
/// ChaCha20-Poly1305 and random bytes. Nothing cryptographic is written here.
package enum AgeCrypto {
    /// `count` random bytes from the system's generator (through swift-crypto); none for 0,
    /// which swift-crypto's key size refuses.
    static func randomBytes(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        return SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { [UInt8]($0) }
    }

    /// HKDF-SHA-256 with a 32-byte output.
    static func hkdf(_ inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8]) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: inputKeyMaterial), salt: salt, info: info, outputByteCount: 32)
    }

    static func hkdfBytes(_ inputKeyMaterial: [UInt8], salt: [UInt8], info: [UInt8]) -> [UInt8] {
        let key: SymmetricKey = hkdf(inputKeyMaterial, salt: salt, info: info)
        return key.withUnsafeBytes { [UInt8]($0) }
    }

    /// ChaCha20-Poly1305 with an all-zero nonce (each wrap key is used once): ciphertext then tag.
    static func sealWithZeroNonce(_ plaintext: [UInt8], key: [UInt8]) throws(AgeError) -> [UInt8] {
        try seal(plaintext, key: SymmetricKey(data: key), nonce: [UInt8](repeating: 0, count: 12))
    }

    static func openWithZeroNonce(_ sealed: [UInt8], key: [UInt8]) -> [UInt8]? {
        open(sealed, key: SymmetricKey(data: key), nonce: [UInt8](repeating: 0, count: 12))
    }

    static func seal(_ plaintext: [UInt8], key: SymmetricKey, nonce: [UInt8]) throws(AgeError) -> [UInt8] {
        do {
            let box = try ChaChaPoly.seal(plaintext, using: key, nonce: try ChaChaPoly.Nonce(data: nonce))
            return [UInt8](box.ciphertext) + [UInt8](box.tag)
        } catch {
            throw .invalidKey("ChaCha20-Poly1305 failed: \(error)")
        }
    }

    /// The plaintext of `sealed` (ciphertext then 16-byte tag), or nil when it does not authenticate.
    static func open(_ sealed: [UInt8], key: SymmetricKey, nonce: [UInt8]) -> [UInt8]? {
        guard sealed.count >= 16, let nonce = try? ChaChaPoly.Nonce(data: nonce),
              let box = try? ChaChaPoly.SealedBox(nonce: nonce, ciphertext: sealed.dropLast(16), tag: sealed.suffix(16)),
              let plaintext = try? ChaChaPoly.open(box, using: key) else { return nil }
        return [UInt8](plaintext)
    }

    static func hmac(_ data: [UInt8], key: SymmetricKey) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: data, using: key))
    }

    static func hmacMatches(_ mac: [UInt8], data: [UInt8], key: SymmetricKey) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: data, using: key)
    }
}

extension AgeCrypto {
    /// HMAC-SHA-256 of `data` under `key`, cut to 16 bytes: a keyed hash of contents.
    package static func keyedHash(_ data: Data, key: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: key)).prefix(16))
    }
}
