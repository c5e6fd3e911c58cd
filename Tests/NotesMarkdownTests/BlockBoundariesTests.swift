import Testing
@testable import NotesMarkdown

/// Where a long body may be cut into runs that parse alone as in the whole body.
@Suite struct BlockBoundariesTests {
    /// The lines of `text` before which a cut is allowed (0-based line numbers).
    private func cuts(_ text: String) -> [Int] {
        var boundaries = BlockBoundaries()
        var result: [Int] = []
        let lines = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            if boundaries.canCut(before: line) { result.append(number) }
            boundaries.feed(line)
        }
        return result
    }

    @Test func aCutFallsBeforeALineAtColumnZeroAfterABlankLine() {
        #expect(cuts("para\n\nnext\n  indented\n\n# Heading") == [2, 5])
        #expect(cuts("para\r\n\r\nnext") == [2], "a line of a carriage return is blank")
    }

    @Test func noCutInsideFencedCode() {
        #expect(cuts("```swift\nlet a = 1\n\nlet b = 2\n```\n\nafter") == [6])
        #expect(cuts("~~~~\n```\n\nstill code\n~~~~\n\nafter") == [6], "only the same fence closes")
    }

    @Test func noCutInsideAnHTMLBlockThatRunsOverBlankLines() {
        #expect(cuts("<!-- a comment\n\nstill comment -->\n\nafter") == [4])
        #expect(cuts("<pre>\n\ncode\n</pre>\n\nafter") == [5])
        #expect(cuts("<!-- one line -->\n\nafter") == [2])
    }

    @Test func noCutBeforeAListItemADefinitionOrHTML() {
        #expect(cuts("- a\n\n- b\n\n1. c\n\n[x]: /url\n\n<div>\n\n| t |\n\ntext") == [12])
    }

    @Test func aFenceWithAnInfoStringOpensEvenWhereOneSeemedOpen() {
        // Starting inside a block (its opening unseen), the closing fence looks like an
        // opening one; the next opening, with its info string, puts it right.
        var boundaries = BlockBoundaries()
        for line in ["code", "```", "", "text", "", "```swift", "x", "", "y", "```", ""] { boundaries.feed(line.utf8) }
        #expect(boundaries.isClosed)
        #expect(boundaries.canCut(before: "after".utf8))
    }

    @Test func aRunCutInsideCodeStartsInsideItsFence() throws {
        let fence = try #require(FenceLine("```python".utf8))
        var boundaries = BlockBoundaries(insideFence: fence)
        boundaries.feed("print(1)".utf8)
        boundaries.feed("".utf8)
        #expect(!boundaries.canCut(before: "x".utf8))
        boundaries.feed("```".utf8)
        boundaries.feed("".utf8)
        #expect(boundaries.canCut(before: "x".utf8))
    }
}
