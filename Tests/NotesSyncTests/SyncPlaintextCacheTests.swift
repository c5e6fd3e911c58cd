import Foundation
import NotesTestSupport
import Testing
@testable import AgeFormat
@testable import NotesSync

/// The plaintext cache of an encrypted sync reads back what it wrote, and reads as empty
/// (never as a wrong entry) when its file is changed, cut or written under another key.
struct SyncPlaintextCacheTests {
    @Test func roundTripsAndRefusesAChangedFile() throws {
        let folder = try TemporaryFolder(prefix: "plaintext-cache")
        defer { folder.remove() }
        let key = [UInt8](repeating: 7, count: 32)
        let cache = SyncPlaintextCache()
        var entries: [[UInt8]: String] = [:]
        for index in 0..<50 {
            let hash = AgeCrypto.keyedHash(Data("file \(index)".utf8), key: key)
            let blob = String(repeating: String(index % 10), count: 40)
            cache.record(hash, blob: blob)
            entries[hash] = blob
        }
        cache.save(to: folder.url, key: key)
        let loaded = SyncPlaintextCache.load(from: folder.url, key: key)
        for (hash, blob) in entries { #expect(loaded.blob(for: hash) == blob) }

        let url = folder.file(SyncPlaintextCache.fileName)
        let bytes = [UInt8](try Data(contentsOf: url))
        for index in stride(from: 0, to: bytes.count, by: 97) {
            var changed = bytes
            changed[index] ^= 0x20
            try Data(changed).write(to: url)
            let read = SyncPlaintextCache.load(from: folder.url, key: key)
            #expect(entries.keys.allSatisfy { read.blob(for: $0) == nil }, "byte \(index) changed")
        }
        try Data(bytes.dropLast(5)).write(to: url)
        #expect(entries.keys.allSatisfy { SyncPlaintextCache.load(from: folder.url, key: key).blob(for: $0) == nil })
        try Data(bytes).write(to: url)
        let otherKey = [UInt8](repeating: 8, count: 32)
        #expect(entries.keys.allSatisfy { SyncPlaintextCache.load(from: folder.url, key: otherKey).blob(for: $0) == nil })
    }

    @Test func paddedSizesAreBucketsOfAtLeastOneKibibyte() {
        #expect(SyncPadding.size(1) == 1024)
        #expect(SyncPadding.size(1024) == 1024)
        #expect(SyncPadding.size(1025) == 1088)
        #expect(SyncPadding.size(1500) == 1536)
        for size in stride(from: 1, to: 300_000, by: 997) {
            let padded = SyncPadding.size(size)
            #expect(padded >= size && padded >= 1024)
            #expect(Double(padded) <= max(1024, Double(size) * 1.12), "size \(size) → \(padded)")
            #expect(SyncPadding.size(padded) == padded)
        }
    }
}
