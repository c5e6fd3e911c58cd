import Testing
@testable import NotesMarkdown

/// The rule above the footnotes (a quarter of the widest rule).
private let rule = String(repeating: "─", count: 20)

/// Footnotes as GitHub and Obsidian show them: references as `[n]` numbered by first
/// reference, the definitions gathered at the end under a rule.
@Suite struct FootnoteTests {
    @Test func referencesAreNumberedByFirstReferenceAndDefinitionsGatheredAtTheEnd() {
        let body = "A[^b] and B[^a], A again[^b].\n\n[^a]: Defined first.\n[^b]: Defined second.\n\nAfter."
        let rendering = rendered(body)
        #expect(rendering.texts == ["A[1] and B[2], A again[1].", "", "After.", "", rule,
                                    "[1] Defined second.", "[2] Defined first."])
        #expect(run("[1]", in: rendering)?.styles == [.link(target: "#fn-1")])
        #expect(run("[2]", in: rendering)?.styles == [.link(target: "#fn-2")])
        #expect(rendering.lines[5].runs.first?.styles == [.link(target: "#fnref-1")])
    }

    @Test func aReferenceWithoutADefinitionStaysAsWrittenAndAnUnusedDefinitionIsLeftOut() {
        let rendering = rendered("See[^missing] and[^1].\n\n[^1]: One.\n[^unused]: Never referenced.")
        #expect(rendering.texts == ["See[^missing] and[1].", "", rule, "[1] One."])
    }

    @Test func namedLabelsShowAsNumbersAndLongDefinitionsHangUnderTheirText() {
        let body = "Named[^note].\n\n[^note]: Named footnotes still appear as numbers, over lines.\n    A second paragraph line."
        let rendering = rendered(body, width: 30)
        #expect(rendering.texts == ["Named[1].", "", rule, "[1] Named footnotes still",
                                    "    appear as numbers, over", "    lines. A second paragraph", "    line."])
    }

    @Test func aDefinitionFarFromItsReferenceInALongNoteIsFound() {
        let paragraphs = (1...3000).map { "Paragraph \($0) of a long note." }
        let body = "Start[^far].\n\n" + paragraphs.joined(separator: "\n\n") + "\n\n[^far]: Defined at the very end."
        let rendering = rendered(body)
        #expect(rendering.texts.first == "Start[1].")
        #expect(rendering.texts.suffix(2) == [rule, "[1] Defined at the very end."])
    }

    @Test func aFootnoteLinkLeadsToItsDefinitionAndBack() {
        let rendering = rendered("Text[^x].\n\nMore.\n\n[^x]: The note.")
        #expect(rendering.footnoteLine(anchor: "fn-1") == 5)
        #expect(rendering.footnoteLine(anchor: "fnref-1") == 0)
        #expect(rendering.footnoteLine(anchor: "fn-2") == nil)
        #expect(rendering.footnoteLine(anchor: "heading") == nil)
    }
}

/// Obsidian's `%%comments%%`, hidden as its reading view hides them.
@Suite struct CommentTests {
    @Test func anInlineCommentIsHidden() {
        #expect(lines("This is an %%inline%% comment.") == ["This is an comment."])
        #expect(lines("Two%%a%% and%%b%% here") == ["Two and here"])
    }

    @Test func aCommentAcrossLinesAndBlocksIsHidden() {
        let body = "Before.\n\n%%\nThis is a block comment.\n\n# Not a heading\n\nBlock comments can span lines.\n%%\n\nAfter."
        #expect(lines(body) == ["Before.", "", "After."])
        #expect(lines("Para %%starts\n\n- hidden item\n\nends%% tail.") == ["Para tail."])
    }

    @Test func aCommentOnItsOwnLineLeavesNoGap() {
        let body = "%% These headings use HTML %%\n<h1>Heading 1</h1>\n\nline one\n%% note %%\nline two"
        #expect(lines(body) == ["<h1>Heading 1</h1>", "", "line one line two"])
    }

    @Test func percentSignsInCodeStayText() {
        #expect(lines("Characters: `# | ^ : %% [[ ]]` and 50% more.", width: 60) == ["Characters: # | ^ : %% [[ ]] and 50% more."])
        #expect(lines("```\nx %% y\n\nz %%\n```\n\nafter %%hidden%%") == ["  x %% y", "  ", "  z %%", "", "after"])
        #expect(lines("Escaped \\%% stays %% and so does this") == ["Escaped %% stays"])
    }

    @Test func anUnclosedCommentHidesTheRestAsObsidianDoes() {
        #expect(lines("Kept.\n\n%% open\n\nnever closed") == ["Kept."])
    }

    @Test func tasksAfterACommentKeepTheirBytes() throws {
        let body = "%% a\nlong comment %%\n- [ ] after"
        let rendering = rendered(body)
        #expect(rendering.texts == ["☐ after"])
        let task = try #require(rendering.tasks.first)
        #expect(MarkdownRenderer.toggleTask(in: body, at: task) == "%% a\nlong comment %%\n- [x] after")
        #expect(rendering.lines[0].source == 21..<32)
    }

    @Test func blocksDoNotEndInsideACommentSoEachParsesAsTheWhole() {
        let body = "One.\n\n%%\nhidden\n\nstill hidden\n%%\n\nTwo %%x%%.\n\n```\n%%\n```\n\nThree."
        var blocks = MarkdownBlocks(Array(body.utf8))
        let paged = MarkdownRenderer.render(from: 0, of: &blocks, minimumLines: .max, width: 30, displayWidth: testWidth)
        #expect(paged.rendering.texts == ["One.", "", "Two .", "", "  %%", "", "Three."])
        #expect(paged.rendering.texts == rendered(body, width: 30).texts)
    }

    @Test func aRunCutInsideACommentStartsHidden() {
        var boundaries = BlockBoundaries()
        for line in ["para", "", "%% open", "", "inside"] {
            boundaries.feed(Array(line.utf8))
        }
        #expect(boundaries.isInComment)
        #expect(!boundaries.canCut(before: Array("inside".utf8)))
        let body = Array("still hidden %% shown".utf8)
        let block = MarkdownBlock(range: 0..<body.count, startsInComment: true)
        #expect(MarkdownRenderer.render(block, of: body, width: 30, displayWidth: testWidth).texts == ["shown"])
    }
}
