import Foundation
import Testing
@testable import NotesExchange

/// TOML front matter from outside: linear in its size, and nesting that cannot overflow the
/// stack. Work is counted (characters looked at), never timed.
struct TOMLFrontMatterLimitsTests {
    /// A header of `lines` between the fences, and a body.
    private func document(_ lines: [String]) -> String {
        "+++\n" + lines.joined(separator: "\n") + "\n+++\nbody\n"
    }

    @Test func aMultiLineArrayOf20000LinesIsReadInLinearWork() throws {
        // Given an array written one item a line, 20,000 lines (about 190 KB), and one of 10,000
        let large = document(["tags = ["] + (0..<20_000).map { "  \"tag number \($0)\"," } + ["]"])
        let small = document(["tags = ["] + (0..<10_000).map { "  \"tag number \($0)\"," } + ["]"])

        // When both are read, counting the characters the parser looks at
        var largeWork = 0
        var smallWork = 0
        let parsed = try TOMLFrontMatter.split(large, work: &largeWork)
        _ = try TOMLFrontMatter.split(small, work: &smallWork)

        // Then every item is there, and the work is a small multiple of the size, growing with it linearly
        guard case .list(let tags)? = parsed?.header.entry("tags")?.value else {
            Issue.record("no tags list")
            return
        }
        #expect(tags.count == 20_000)
        #expect(largeWork <= 8 * large.unicodeScalars.count, "work \(largeWork) for \(large.unicodeScalars.count) characters")
        let largePerCharacter = Double(largeWork) / Double(large.unicodeScalars.count)
        let smallPerCharacter = Double(smallWork) / Double(small.unicodeScalars.count)
        #expect(largePerCharacter <= 1.1 * smallPerCharacter, "work a character: \(largePerCharacter) vs \(smallPerCharacter) for half the lines")
    }

    @Test func twentyThousandKeysAreReadInLinearWork() throws {
        // Given 20,000 distinct keys (each checked against the others for duplicates)
        let text = document((0..<20_000).map { "key\($0) = \($0)" })

        // When it is read
        var work = 0
        let parsed = try TOMLFrontMatter.split(text, work: &work)

        // Then every key is kept, in linear work
        #expect(parsed?.header.entries.count == 20_000)
        #expect(work <= 8 * text.unicodeScalars.count, "work \(work) for \(text.unicodeScalars.count) characters")
    }

    @Test(arguments: [false, true])
    func arraysNested100000DeepAreAnErrorNotACrash(oneBracketALine: Bool) throws {
        // Given arrays nested 100,000 deep, on one line or one bracket a line
        let depth = 100_000
        let opening = Array(repeating: "[", count: depth)
        let closing = Array(repeating: "]", count: depth)
        let lines = oneBracketALine
            ? ["tags = ["] + opening.dropFirst() + ["\"x\""] + closing
            : ["tags = " + opening.joined() + "\"x\"" + closing.joined()]
        let text = document(lines)

        // When it is read
        var work = 0
        var failure: FrontMatterError?
        do { _ = try TOMLFrontMatter.split(text, work: &work) } catch { failure = error }

        // Then it is refused at the key's line, with the reason, in linear work
        #expect(failure == FrontMatterError(line: 2, reason: "an array may only hold single values here (TOML)"))
        #expect(work <= 8 * text.unicodeScalars.count, "work \(work) for \(text.unicodeScalars.count) characters")
    }

    @Test func aNestedArrayInAFileIsRefusedNamingTheFileAndLine() throws {
        // Given a note file whose TOML header nests arrays 100,000 deep
        let depth = 100_000
        let text = "+++\ntitle = 'deep'\ntags = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n+++\nbody\n"
        let reader = MarkdownNoteReader(file: "deep.md", fileTitle: "deep", modified: nil,
                                        stableID: StableNoteID.make(relativePath: "deep.md", source: Data(text.utf8)))
        var bundle = ExchangeBundle()

        // When it is read, then the error names the file and the line
        #expect(throws: ExchangeError.invalidDocument(file: "deep.md", place: "front matter line 3",
                                                      reason: "an array may only hold single values here (TOML)")) {
            try reader.read(text, into: &bundle)
        }
        #expect(bundle.notes.isEmpty)
    }
}
