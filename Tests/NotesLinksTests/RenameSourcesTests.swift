import Foundation
import NotesLinks
import NotesModel
import Testing

/// The rename index kept beside a snapshot: which notes share a title and which link to
/// one, under the folding, and its bytes read back only when whole.
@Suite struct RenameSourcesTests {
    private let stamp = RenameSources.Stamp(size: 1_234, inode: 99, seconds: 1_700_000_000, nanoseconds: 5)

    private func sample() -> (RenameSources, cafe: Note, linking: Note, code: Note, unrelated: Note) {
        let cafe = Note(title: "Café Straße")
        let linking = Note(title: "Hub", body: "See [[cafe\u{301} STRASSE|the café]] and [x](Other.md).")
        let code = Note(title: "Code", body: "`[[Café Straße]]` is code, and so is\n\n    [[Café Straße]]\n")
        let unrelated = Note(title: "Other", body: "[[Elsewhere]] and https://example.com")
        return (RenameSources(stamp: stamp, notes: [cafe, linking, code, unrelated]), cafe, linking, code, unrelated)
    }

    @Test func linksAndTitlesAreFoundUnderTheFoldingOfAnySpelling() {
        let (sources, cafe, linking, _, unrelated) = sample()
        for spelling in ["Café Straße", "CAFE\u{301} strasse", "  café straße "] {
            #expect(sources.notes(titled: spelling) == [cafe.id])
            #expect(sources.notes(linkingTo: spelling) == [linking.id])
        }
        #expect(sources.notes(linkingTo: "Other") == [linking.id])
        #expect(sources.notes(linkingTo: "Elsewhere") == [unrelated.id])
        #expect(sources.notes(titled: "Nowhere").isEmpty)
        #expect(sources.notes(linkingTo: "Nowhere").isEmpty)
    }

    @Test func linksInCodeAreNotLinks() {
        let (sources, _, linking, code, _) = sample()
        #expect(!sources.notes(linkingTo: "Café Straße").contains(code.id))
        #expect(sources.notes(linkingTo: "Café Straße").contains(linking.id))
    }

    @Test func theBytesReadBackAsTheSameIndex() throws {
        let (sources, cafe, linking, _, _) = sample()
        let read = try RenameSources(decoding: sources.encoded())
        #expect(read == sources)
        #expect(read.stamp == stamp)
        #expect(read.notes(titled: "cafe straße") == [cafe.id])
        #expect(read.notes(linkingTo: "CAFÉ STRASSE") == [linking.id])
        let empty = RenameSources(stamp: stamp, notes: [])
        #expect(try RenameSources(decoding: empty.encoded()) == empty)
    }

    @Test func aDamagedOrTornFileIsRefused() {
        let bytes = sample().0.encoded()
        for index in [0, 9, 45, bytes.count / 2, bytes.count - 1] {
            var damaged = bytes
            damaged[index] ^= 0x20
            #expect(throws: RenameSources.Unreadable.self) { try RenameSources(decoding: damaged) }
        }
        #expect(throws: RenameSources.Unreadable.self) { try RenameSources(decoding: Array(bytes.dropLast(5))) }
        #expect(throws: RenameSources.Unreadable.self) { try RenameSources(decoding: []) }
    }
}
