import Crypto
import _CryptoExtras
import Foundation

/// Someone a file key can be wrapped for: makes the stanza(s) of a new file's header.
public protocol AgeRecipient: Sendable {
    func wrap(fileKey: [UInt8]) throws(AgeError) -> [AgeStanza]
}

/// Something that can unwrap a file key from a header's stanzas. Returns nil when no
/// stanza is for it; throws `AgeError.malformedHeader` when a stanza of its type is malformed.
public protocol AgeIdentity: Sendable {
    func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> [UInt8]?
}

/// An X25519 recipient, `age1…`: a Curve25519 public key.
public struct AgeX25519Recipient: AgeRecipient, Equatable {
    public let publicKey: [UInt8]
    static let prefix = "age"
    static let stanzaType = "X25519"
    static let wrapInfo = Array("age-encryption.org/v1/X25519".utf8)

    public init(_ text: String) throws(AgeError) {
        guard let (prefix, data) = AgeBech32.decode(text), prefix == Self.prefix, data.count == 32,
              text == text.lowercased() else {
            throw .invalidKey("'\(text.prefix(80))' is not an age recipient (age1… with 32 bytes of key)")
        }
        publicKey = data
    }

    init(publicKey: [UInt8]) { self.publicKey = publicKey }

    /// The recipient as `age1…`.
    public var text: String { AgeBech32.encode(prefix: Self.prefix, data: publicKey) }

    public func wrap(fileKey: [UInt8]) throws(AgeError) -> [AgeStanza] {
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let share = [UInt8](ephemeral.publicKey.rawRepresentation)
        guard let recipientKey = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: publicKey),
              let secret = try? ephemeral.sharedSecretFromKeyAgreement(with: recipientKey) else {
            throw .invalidKey("the recipient's key cannot be used for X25519")
        }
        let sharedSecret = secret.withUnsafeBytes { [UInt8]($0) }
        guard sharedSecret.contains(where: { $0 != 0 }) else { throw .invalidKey("the recipient's key is a low-order point") }
        let wrapKey = AgeCrypto.hkdfBytes(sharedSecret, salt: share + publicKey, info: Self.wrapInfo)
        let body = try AgeCrypto.sealWithZeroNonce(fileKey, key: wrapKey)
        return [AgeStanza(arguments: [Self.stanzaType, AgeBase64.encodeString(share)], body: body)]
    }
}

/// An X25519 identity, `AGE-SECRET-KEY-1…`: the Curve25519 private key of an `age1…` recipient.
public struct AgeX25519Identity: AgeIdentity {
    /// The raw private key (32 bytes); swift-crypto's key type is not `Sendable`.
    private let secret: [UInt8]
    private var privateKey: Curve25519.KeyAgreement.PrivateKey {
        // `secret` was accepted by this same initializer when the identity was made.
        (try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: secret)) ?? Curve25519.KeyAgreement.PrivateKey()
    }
    static let prefix = "age-secret-key-"

    /// A new random identity.
    public init() { secret = [UInt8](Curve25519.KeyAgreement.PrivateKey().rawRepresentation) }

    public init(_ text: String) throws(AgeError) {
        guard let (prefix, data) = AgeBech32.decode(text), prefix == Self.prefix, data.count == 32,
              text == text.uppercased(), (try? Curve25519.KeyAgreement.PrivateKey(rawRepresentation: data)) != nil else {
            throw .invalidKey("this is not an age identity (a line AGE-SECRET-KEY-1… with 32 bytes of key)")
        }
        secret = data
    }

    /// The identity as `AGE-SECRET-KEY-1…` (upper case, as age writes it).
    public var text: String {
        AgeBech32.encode(prefix: Self.prefix, data: secret).uppercased()
    }

    /// A 32-byte key for another purpose, derived from this identity with HKDF-SHA-256 and `label`.
    package func derivedKey(label: String) -> [UInt8] {
        AgeCrypto.hkdfBytes(secret, salt: [], info: Array(label.utf8))
    }

    public var recipient: AgeX25519Recipient {
        AgeX25519Recipient(publicKey: [UInt8](privateKey.publicKey.rawRepresentation))
    }

    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> [UInt8]? {
        let ownKey = recipient.publicKey
        for stanza in stanzas where stanza.type == AgeX25519Recipient.stanzaType {
            guard stanza.arguments.count == 2, let share = AgeBase64.decode(Array(stanza.arguments[1].utf8)), share.count == 32 else {
                throw .malformedHeader("has an X25519 stanza whose argument is not one 32-byte share in canonical base64")
            }
            guard stanza.body.count == 32 else { throw .malformedHeader("has an X25519 stanza whose body is not a 16-byte wrapped file key") }
            guard let shareKey = try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: share),
                  let secret = try? privateKey.sharedSecretFromKeyAgreement(with: shareKey) else {
                throw .malformedHeader("has an X25519 share that is not a Curve25519 point")
            }
            let sharedSecret = secret.withUnsafeBytes { [UInt8]($0) }
            guard sharedSecret.contains(where: { $0 != 0 }) else {
                throw .malformedHeader("has an X25519 share that is a low-order point (the shared secret is zero)")
            }
            let wrapKey = AgeCrypto.hkdfBytes(sharedSecret, salt: share + ownKey, info: AgeX25519Recipient.wrapInfo)
            if let fileKey = AgeCrypto.openWithZeroNonce(stanza.body, key: wrapKey) { return fileKey }
        }
        return nil
    }
}

/// A passphrase (age's `scrypt` recipient and identity): the file key wrapped with a key
/// derived by scrypt (N = 2^workFactor, r = 8, p = 1). Such a stanza must be alone in its header.
public struct AgeScryptPassphrase: AgeRecipient, AgeIdentity {
    static let stanzaType = "scrypt"
    static let saltLabel = Array("age-encryption.org/v1/scrypt".utf8)
    /// The largest work factor read (age's own default limit): 2^22 blocks take 4 GiB.
    public static let maximumWorkFactor = 22
    /// What new files get: 2^18, about a second, as age itself.
    public static let defaultWorkFactor = 18

    private let passphrase: [UInt8]
    public var workFactor: Int

    public init(_ passphrase: String, workFactor: Int = AgeScryptPassphrase.defaultWorkFactor) throws(AgeError) {
        guard !passphrase.isEmpty else { throw .invalidKey("the passphrase is empty") }
        guard (1...Self.maximumWorkFactor).contains(workFactor) else {
            throw .invalidKey("an scrypt work factor must be 1 to \(Self.maximumWorkFactor)")
        }
        self.passphrase = Array(passphrase.utf8)
        self.workFactor = workFactor
    }

    public func wrap(fileKey: [UInt8]) throws(AgeError) -> [AgeStanza] {
        let salt = AgeCrypto.randomBytes(16)
        let wrapKey = try derive(salt: salt, workFactor: workFactor)
        let body = try AgeCrypto.sealWithZeroNonce(fileKey, key: wrapKey)
        return [AgeStanza(arguments: [Self.stanzaType, AgeBase64.encodeString(salt), String(workFactor)], body: body)]
    }

    public func unwrap(_ stanzas: [AgeStanza]) throws(AgeError) -> [UInt8]? {
        for stanza in stanzas where stanza.type == Self.stanzaType {
            guard stanza.arguments.count == 3, let salt = AgeBase64.decode(Array(stanza.arguments[1].utf8)), salt.count == 16 else {
                throw .malformedHeader("has an scrypt stanza whose salt is not 16 bytes in canonical base64")
            }
            let factorText = stanza.arguments[2]
            guard let first = factorText.utf8.first, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(first),
                  factorText.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  factorText.utf8.count <= 2, let factor = Int(factorText) else {
                throw .malformedHeader("has an scrypt work factor that is not a decimal number without leading zeros")
            }
            guard factor <= Self.maximumWorkFactor else {
                throw .malformedHeader("has an scrypt work factor of \(factor), more than the \(Self.maximumWorkFactor) this reader allows")
            }
            guard stanza.body.count == 32 else { throw .malformedHeader("has an scrypt stanza whose body is not a 16-byte wrapped file key") }
            let wrapKey = try derive(salt: salt, workFactor: factor)
            if let fileKey = AgeCrypto.openWithZeroNonce(stanza.body, key: wrapKey) { return fileKey }
        }
        return nil
    }

    private func derive(salt: [UInt8], workFactor: Int) throws(AgeError) -> [UInt8] {
        do {
            let key = try KDF.Scrypt.deriveKey(from: passphrase, salt: Self.saltLabel + salt, outputByteCount: 32,
                                               rounds: 1 << workFactor, blockSize: 8, parallelism: 1)
            return key.withUnsafeBytes { [UInt8]($0) }
        } catch {
            throw .invalidKey("scrypt failed: \(error)")
        }
    }
}
