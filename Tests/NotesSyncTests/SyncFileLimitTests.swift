import Foundation
import Testing
@testable import AgeFormat
@testable import NotesSync

/// The one size limit of a synced file (`SyncFileLimit`, issue 32): the plaintext a home sends
/// and the file a home receives, sealed in an encrypted sync, are checked by one function, so
/// the largest file a home may send is one every home accepts.
@Suite struct SyncFileLimitTests {
    func entry(_ path: String, size: Int) throws -> TreeEntry {
        let line = "100644 blob \(String(repeating: "a", count: 40)) \(size)\t\(path)"
        return try #require(TreeEntry(ArraySlice(Array(line.utf8))))
    }

    @Test func sendingChecksThePlaintextAtTheLimitAndOneByteOver() {
        #expect(SyncFileLimit.allows(SyncFileLimit.plaintextBytes, sealed: false))
        #expect(!SyncFileLimit.allows(SyncFileLimit.plaintextBytes + 1, sealed: false))
        #expect(SyncRepository.maximumFileBytes == 64 << 20)
    }

    @Test func receivingChecksTheFileGitHoldsAtTheLimitAndOneByteOver() throws {
        let path = "notes/3F/\(UUID().uuidString).md"
        // Plain sync: the file is the plaintext.
        #expect(SyncRepository.problem(with: try entry(path, size: SyncFileLimit.plaintextBytes), sealed: false) == nil)
        #expect(SyncRepository.problem(with: try entry(path, size: SyncFileLimit.plaintextBytes + 1), sealed: false) != nil)
        // Encrypted sync: the sealed, padded file of the largest plaintext passes; a byte more does not.
        #expect(SyncRepository.problem(with: try entry(path, size: SyncFileLimit.sealedBytes), sealed: true) == nil)
        let over = SyncRepository.problem(with: try entry(path, size: SyncFileLimit.sealedBytes + 1), sealed: true)
        #expect(over?.contains("more than the \(SyncFileLimit.sealedBytes)") == true, "\(over ?? "accepted")")
        #expect(SyncFileLimit.sealedBytes > SyncFileLimit.plaintextBytes)
    }

    /// The sealed limit is the size a plaintext of exactly the limit is encrypted to, as a home sends it.
    @Test func theLargestPlaintextSealsToExactlyTheSealedLimit() throws {
        let sealed = try SyncKey.encrypt(Data(count: SyncFileLimit.plaintextBytes), for: AgeX25519Identity().recipient)
        #expect(sealed.count == SyncFileLimit.sealedBytes)
        #expect(SyncFileLimit.allows(sealed.count, sealed: true))
    }

    @Test(arguments: [0, 1, 100, 64 << 10, (64 << 10) + 1, 200_000])
    func theComputedSizeIsTheSizeEncryptMakes(plaintext: Int) throws {
        let recipient = AgeX25519Identity().recipient
        let stanzas = try recipient.wrap(fileKey: [UInt8](repeating: 1, count: 16))
        for padded in [nil, SyncPadding.size as (Int) -> Int] {
            let file = try AgeFormat.encrypt([UInt8](repeating: 7, count: plaintext), to: [recipient], paddedSize: padded)
            #expect(file.count == AgeFormat.encryptedSize(plaintextCount: plaintext, stanzas: stanzas, paddedSize: padded))
        }
    }
}
