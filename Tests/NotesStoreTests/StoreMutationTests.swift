import Foundation
import NotesTestData
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore

/// Mutated stores never crash the reader: each loads or fails with a `StoreError`,
/// and a store that fails is left byte for byte as it was.
@Suite struct StoreMutationTests {
    /// SplitMix64: a small seeded generator, so every run mutates the same way.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// A valid snapshot (no categories: color archives are checked by the archive's own tests).
    private func validSnapshot() throws -> [UInt8] {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let (_, notes) = try StoreFixtures.sample()
        let store = try NotesStore.open(at: url)
        var plain = notes
        plain[0].categoryID = nil
        try store.commit(plain.map { .putNote($0) } + [.setRecentColors([RGB8(red: 1, green: 2, blue: 3)])])
        try store.compactNow()
        store.close()
        return [UInt8](try Data(contentsOf: url))
    }

    private func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        let replacements: [[UInt8]] = ["NaN", "1e999", "-", "\"", "\\u", "\\ud800", "{", "[", "null", "99", "\u{FF}"].map { Array($0.utf8) }
            + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x00]]
        for _ in 0...Int.random(in: 0...2, using: &random) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: bytes.removeSubrange(at...)
            case 1: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            case 2: bytes.replaceSubrange(at..<min(bytes.count, at + Int.random(in: 0...3, using: &random)),
                                          with: replacements[Int.random(in: 0..<replacements.count, using: &random)])
            default: bytes.remove(at: at)
            }
        }
        return bytes
    }

    @Test func mutatedSnapshotsLoadOrFailCleanly() throws {
        let original = try validSnapshot()
        var random = SeededGenerator(state: 20_261_122)
        var failures = 0
        for _ in 0..<400 {
            let (folder, url) = try StoreFixtures.store()
            defer { folder.remove() }
            let mutated = mutate(original, &random)
            try Data(mutated).write(to: url)
            do {
                let store = try NotesStore.open(at: url)
                store.close()
            } catch let error as StoreError {
                failures += 1
                #expect(!error.description.isEmpty)
                #expect([UInt8](try Data(contentsOf: url)) == mutated)
            }
            // The doctor never crashes on it either.
            _ = StoreDoctor.examine(at: url).description
        }
        #expect(failures > 200)
    }

    @Test func mutatedJournalsLoadOrFailCleanly() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        for index in 1...5 { try store.commit(.putNote(Note(title: "note \(index)", body: "body \(index)\nline"))) }
        store.close()
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        let original = [UInt8](try Data(contentsOf: journal))
        var random = SeededGenerator(state: 7)
        for _ in 0..<300 {
            let mutated = mutate(original, &random)
            try Data(mutated).write(to: journal)
            do {
                let reopened = try NotesStore.open(at: url)
                #expect(reopened.contents.notes.count <= 5)
                reopened.close()
            } catch is StoreError {
                #expect([UInt8](try Data(contentsOf: journal)) == mutated)
            }
        }
    }
}
