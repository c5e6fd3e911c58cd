import Foundation
import NotesTestBasics
import Testing
@testable import AgeFormat

/// The age format written and read by notes: round trips, keys, canonical base64, exact
/// padding, and a reader that refuses every changed or cut file without crashing.
struct AgeFormatTests {
    @Test func roundTripsAcrossChunkBoundaries() throws {
        let identity = AgeX25519Identity()
        for count in [0, 1, 65_535, 65_536, 65_537, 131_072, 131_073] {
            let data = [UInt8]((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let file = try AgeFormat.encrypt(data, to: [identity.recipient])
            #expect(try AgeFormat.decrypt(file, with: [identity]) == data, "size \(count)")
            // The payload: a 16-byte nonce, then each 64 KiB chunk (at least one) with its 16-byte tag.
            let header = try #require(file.indices.first { file[$0...].starts(with: Array("\n--- ".utf8)) })
            let chunks = max(1, (count + 65_535) / 65_536)
            #expect(file.count == header + 1 + 4 + 43 + 1 + 16 + count + 16 * chunks, "size \(count)")
            #expect(AgeFormat.looksEncrypted(file))
        }
    }

    @Test func aFileKeyCanBeWrappedForSeveralRecipients() throws {
        let first = AgeX25519Identity(), second = AgeX25519Identity()
        let file = try AgeFormat.encrypt(Array("two readers".utf8), to: [first.recipient, second.recipient])
        #expect(try AgeFormat.decrypt(file, with: [second]) == Array("two readers".utf8))
        #expect(try AgeFormat.decrypt(file, with: [first]) == Array("two readers".utf8))
    }

    @Test func aPassphraseRoundTrips() throws {
        let passphrase = try AgeScryptPassphrase("correct horse", workFactor: 10)
        let file = try AgeFormat.encrypt(Array("secret".utf8), to: [passphrase])
        #expect(try AgeFormat.decrypt(file, with: [passphrase]) == Array("secret".utf8))
        #expect(throws: AgeError.noMatchingIdentity) {
            try AgeFormat.decrypt(file, with: [try AgeScryptPassphrase("wrong horse", workFactor: 10)])
        }
        #expect(throws: AgeError.self) { try AgeScryptPassphrase("") }
    }

    @Test func keysRoundTripThroughTheirText() throws {
        let identity = AgeX25519Identity()
        #expect(identity.text.hasPrefix("AGE-SECRET-KEY-1"))
        #expect(identity.recipient.text.hasPrefix("age1"))
        #expect(try AgeX25519Identity(identity.text).recipient == identity.recipient)
        #expect(try AgeX25519Recipient(identity.recipient.text) == identity.recipient)
        // Mixed case, a changed character (bad checksum) and the wrong kind of key are refused.
        let mixed = identity.text.prefix(20).lowercased() + identity.text.dropFirst(20)
        #expect(throws: AgeError.self) { try AgeX25519Identity(mixed) }
        var changed = Array(identity.recipient.text)
        changed[10] = changed[10] == "q" ? "p" : "q"
        #expect(throws: AgeError.self) { try AgeX25519Recipient(String(changed)) }
        #expect(throws: AgeError.self) { try AgeX25519Recipient(identity.text) }
        #expect(throws: AgeError.self) { try AgeX25519Identity(identity.recipient.text) }
    }

    @Test func base64IsCanonicalAndUnpadded() {
        for count in 0..<70 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
            let text = AgeBase64.encode(bytes)
            #expect(!text.contains(UInt8(ascii: "=")))
            #expect(text == Array(Data(bytes).base64EncodedString().utf8.filter { $0 != UInt8(ascii: "=") }))
            #expect(AgeBase64.decode(text) == bytes)
        }
        #expect(AgeBase64.decode(Array("AA==".utf8)) == nil)
        #expect(AgeBase64.decode(Array("AB".utf8)) == nil)  // unused low bits set: not canonical
        #expect(AgeBase64.decode(Array("AA".utf8)) == [0])
        #expect(AgeBase64.decode(Array("A".utf8)) == nil)
        #expect(AgeBase64.decode(Array("A-_A".utf8)) == nil)
    }

    @Test func paddingMakesTheFileExactlyTheAskedSize() throws {
        let identity = AgeX25519Identity()
        var random = SeededRandom(seed: 26)
        for round in 0..<300 {
            let count = Int.random(in: 0...5000, using: &random)
            // The first rounds ask for the smallest size (an empty padding body) and the next few bytes.
            let extra = round < 8 ? round : Int.random(in: 0...3000, using: &random)
            var smallest = 0
            let file = try AgeFormat.encrypt([UInt8](repeating: 65, count: count), to: [identity.recipient]) { minimum in
                smallest = minimum
                return minimum + extra
            }
            #expect(file.count == smallest + extra, "plaintext \(count), padding \(extra)")
            #expect(try AgeFormat.decrypt(file, with: [identity]) == [UInt8](repeating: 65, count: count))
        }
    }

    /// Every single-bit change and every truncation of a small file is refused with an
    /// `AgeError` (never a crash, never other plaintext).
    @Test func everyChangedOrCutFileIsRefused() throws {
        let identity = AgeX25519Identity()
        let file = try AgeFormat.encrypt(Array("a note that must not be forged".utf8), to: [identity.recipient]) { $0 + 20 }
        for index in file.indices {
            for bit in [0, 3, 7] {
                var changed = file
                changed[index] ^= UInt8(1 << bit)
                #expect(throws: AgeError.self, "byte \(index) bit \(bit)") { try AgeFormat.decrypt(changed, with: [identity]) }
            }
        }
        for length in 0..<file.count {
            #expect(throws: AgeError.self, "cut at \(length)") { try AgeFormat.decrypt(Array(file[0..<length]), with: [identity]) }
        }
        #expect(throws: AgeError.self) { try AgeFormat.decrypt(file + [0], with: [identity]) }
    }

    @Test func limitsRefuseHugeHeaders() throws {
        var header = Array("age-encryption.org/v1\n".utf8)
        for _ in 0...AgeHeader.maximumStanzas { header += Array("-> x\n\n".utf8) }
        header += Array("--- AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n".utf8)
        #expect(throws: AgeError.malformedHeader("has more than \(AgeHeader.maximumStanzas) stanzas")) {
            try AgeFormat.decrypt(header, with: [AgeX25519Identity()])
        }
    }
}
