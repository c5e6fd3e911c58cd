import CSystemZlib
import Crypto
import Foundation
import Testing
import AgeFormat

/// The age test kit (C2SP/CCTV `age/testdata`, see `Fixtures/age-testkit/ORIGIN.md`): every
/// vector is decrypted with the identities and passphrases it names; its `expect` must be
/// the outcome, and the plaintext released (all of it, or what came before a payload
/// failure) must hash to its `payload`.
struct AgeTestKitTests {
    static let folder = Bundle.module.url(forResource: "age-testkit", withExtension: nil, subdirectory: "Fixtures")

    static var names: [String] {
        guard let folder else { return [] }
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0 != "LICENSE" && $0 != "ORIGIN.md" }.sorted()
    }

    @Test func theKitIsThere() {
        // 92 vectors: the whole kit less its armor and hybrid (ML-KEM) families.
        #expect(Self.names.count == 92)
    }

    @Test(arguments: names)
    func vector(_ name: String) throws {
        let url = try #require(Self.folder?.appendingPathComponent(name))
        let vector = try TestKitVector(bytes: [UInt8](try Data(contentsOf: url)))
        var identities: [any AgeIdentity] = []
        for text in vector.values("identity") { identities.append(try AgeX25519Identity(text)) }
        for text in vector.values("passphrase") { identities.append(try AgeScryptPassphrase(text)) }

        var released: [UInt8] = []
        var outcome = "success"
        do {
            var decryptor = try AgeDecryptor(file: vector.file, identities: identities)
            while let chunk = try decryptor.nextChunk() { released += chunk }
        } catch {
            switch error {
            case .malformedHeader: outcome = "header failure"
            case .noMatchingIdentity: outcome = "no match"
            case .headerMACMismatch: outcome = "HMAC failure"
            case .malformedPayload: outcome = "payload failure"
            case .invalidKey(let reason): outcome = "key error: \(reason)"
            }
        }
        let expected = try #require(vector.values("expect").first)
        #expect(outcome == expected, "\(name): \(vector.values("comment").first ?? "")")
        if expected == "success" || expected == "payload failure" {
            let hash = SHA256.hash(data: released).map { String(format: "%02x", $0) }.joined()
            #expect(hash == vector.values("payload").first, "\(name): the plaintext released differs")
        }
    }
}

/// One test-kit file: `key: value` lines, an empty line, then the age file (zlib-compressed
/// when `compressed: zlib`).
struct TestKitVector {
    var header: [(String, String)] = []
    var file: [UInt8]

    struct Malformed: Error {}

    init(bytes: [UInt8]) throws {
        var position = 0
        while true {
            guard let newline = bytes[position...].firstIndex(of: 0x0A) else { throw Malformed() }
            let line = String(decoding: bytes[position..<newline], as: UTF8.self)
            position = newline + 1
            if line.isEmpty { break }
            guard let separator = line.range(of: ": ") else { throw Malformed() }
            header.append((String(line[..<separator.lowerBound]), String(line[separator.upperBound...])))
        }
        let rest = Array(bytes[position...])
        file = header.contains { $0 == ("compressed", "zlib") } ? try Self.inflate(rest) : rest
    }

    func values(_ key: String) -> [String] { header.filter { $0.0 == key }.map(\.1) }

    static func inflate(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw Malformed() }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var source = input
        var status: Int32 = Z_OK
        try source.withUnsafeMutableBufferPointer { sourcePointer in
            stream.next_in = sourcePointer.baseAddress
            stream.avail_in = UInt32(sourcePointer.count)
            repeat {
                let produced = buffer.withUnsafeMutableBufferPointer { bufferPointer -> Int in
                    stream.next_out = bufferPointer.baseAddress
                    stream.avail_out = UInt32(bufferPointer.count)
                    status = CSystemZlib.inflate(&stream, Z_NO_FLUSH)
                    return bufferPointer.count - Int(stream.avail_out)
                }
                output += buffer[0..<produced]
                guard status == Z_OK || status == Z_STREAM_END else { throw Malformed() }
            } while status != Z_STREAM_END
        }
        return output
    }
}
