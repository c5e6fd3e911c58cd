import Foundation
import Testing
@testable import NotesExchange

/// YAML front matter from outside: nesting is refused before Yams (which recurses) sees it,
/// and our own work is linear. Work is counted (parser events, key comparisons), never timed.
struct YAMLFrontMatterLimitsTests {
    private static let depth = 100_000

    /// Every way YAML nests in a few bytes a level: flow sequences and mappings, and block
    /// sequences written on one line (`- - - x`, the 10 KB file that crashed at 5,000 deep).
    static let nestings: [(name: String, value: String)] = [
        ("flow sequences", String(repeating: "[", count: depth) + String(repeating: "]", count: depth)),
        ("flow mappings", String(repeating: "{a: ", count: depth) + "x" + String(repeating: "}", count: depth)),
        ("block sequences", "\n  " + String(repeating: "- ", count: depth) + "x"),
    ]

    @Test(arguments: nestings.indices)
    func nesting100000DeepIsAnErrorNotACrash(index: Int) throws {
        // Given a header whose second key nests 100,000 deep
        let text = "---\ntitle: deep\ntags: \(Self.nestings[index].value)\n---\nbody\n"

        // When it is read, then it is refused at the line where the nesting goes too deep
        var work = 0
        var failure: FrontMatterError?
        do { _ = try YAMLFrontMatter.split(text, work: &work) } catch { failure = error }
        let error = try #require(failure, "\(Self.nestings[index].name)")
        #expect(error.reason.hasPrefix("nested more than \(YAMLNestingLimit.maxDepth) levels deep"), "\(error)")
        #expect(error.line == 3 || error.line == 4, "\(error)")
        // And the check stopped at the limit instead of reading all of it
        #expect(work < 10 * YAMLNestingLimit.maxDepth, "work \(work)")
    }

    @Test func nestingByIndentationIsLimitedToo() throws {
        // Given mappings nested by indentation, one more space a level, 100 levels
        let lines = (0..<100).map { String(repeating: " ", count: $0) + "k\($0):" }
        let text = "---\n" + lines.joined(separator: "\n") + " x\n---\n"

        // Then it is refused, and nesting up to the limit is still read
        #expect(throws: FrontMatterError.self) { try YAMLFrontMatter.split(text) }
        let fine = "---\n" + lines.prefix(YAMLNestingLimit.maxDepth).joined(separator: "\n") + " x\n---\n"
        #expect(try YAMLFrontMatter.split(fine)?.entries.count == 1)
    }

    @Test func aSequenceOf20000LinesAndMappingOf20000KeysAreReadInLinearWork() throws {
        // Given a list of 20,000 lines, and 20,000 keys (each checked against the others for duplicates)
        let list = "---\ntags:\n" + (0..<20_000).map { "  - tag \($0)" }.joined(separator: "\n") + "\n---\n"
        let keys = "---\n" + (0..<20_000).map { "key\($0): \($0)" }.joined(separator: "\n") + "\n---\n"

        // When they are read, counting events and key comparisons
        var listWork = 0
        var keysWork = 0
        let listHeader = try #require(try YAMLFrontMatter.split(list, work: &listWork))
        let keysHeader = try #require(try YAMLFrontMatter.split(keys, work: &keysWork))

        // Then everything is read, in work proportional to the lines
        #expect(NoteHeader(yaml: listHeader).entry("tags")?.value == .list((0..<20_000).map { "tag \($0)" }))
        #expect(keysHeader.entries.count == 20_000)
        #expect(listWork <= 2 * 20_000 + 20, "work \(listWork)")
        #expect(keysWork <= 3 * 20_000 + 20, "work \(keysWork)")
    }

    @Test func aDeepHeaderInAFileIsRefusedNamingTheFileAndLine() throws {
        // Given a note file whose header nests 20,000 deep (what crashed every sync)
        let text = "---\ntitle: deep\ntags: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n---\nbody\n"
        let reader = MarkdownNoteReader(file: "deep.md", fileTitle: "deep", modified: nil,
                                        stableID: StableNoteID.make(relativePath: "deep.md", source: Data(text.utf8)))
        var bundle = ExchangeBundle()

        // When it is read, then the error names the file and the line
        #expect(throws: ExchangeError.invalidDocument(file: "deep.md", place: "front matter line 3",
                                                      reason: "nested more than 64 levels deep (column 70)")) {
            try reader.read(text, into: &bundle)
        }
        #expect(bundle.notes.isEmpty)
    }
}
