import Testing
@testable import NotesMarkdown

@Suite struct HeadingAndParagraphTests {
    @Test func atxAndSetextHeadingsShowTheirLevelAsMarkers() {
        let rendering = rendered("# One\n\nTwo\n---\n\n### Three *it*\n\nSetext one\n===")
        #expect(rendering.texts == ["# One", "", "## Two", "", "### Three it", "", "# Setext one"])
        #expect(run("Two", in: rendering)?.styles == [.heading(level: 2)])
        #expect(run("## ", in: rendering)?.styles == [.heading(level: 2), .dim])
        #expect(run("it", in: rendering)?.styles == [.heading(level: 3), .emphasis])
    }

    @Test func paragraphsWrapAtSpacesWithABlankLineBetween() {
        #expect(lines("one two three four\nfive\n\nnext", width: 10) == ["one two", "three four", "five", "", "next"])
    }

    @Test func hardBreaksEndALine() {
        #expect(lines("one  \ntwo\\\nthree") == ["one", "two", "three"])
    }

    @Test func thematicBreakIsARuleAsWideAsTheWidth() {
        let rendering = rendered("a\n\n***\n\nb", width: 12)
        #expect(rendering.texts == ["a", "", String(repeating: "─", count: 12), "", "b"])
        #expect(rendering.lines[2].runs.first?.styles == [.thematicBreak])
    }

    @Test func htmlIsShownAsText() {
        #expect(lines("<div>\n  <b>hi</b>\n</div>\n\nx <span>y</span>") == ["<div>", "  <b>hi</b>", "</div>", "", "x <span>y</span>"])
    }

    @Test func frontMatterLikeTextIsShownAsText() {
        let rule = String(repeating: "─", count: 40)
        #expect(lines("---\ntitle: x\n---\n\nbody") == [rule, "", "## title: x", "", "body"])
    }
}

@Suite struct CodeBlockTests {
    @Test func fencedCodeNamesItsLanguageAndKeepsIndentation() {
        let rendering = rendered("```swift\nlet x = 1\n  if x {}\n```")
        #expect(rendering.texts == ["  swift", "  let x = 1", "    if x {}"])
        #expect(run("swift", in: rendering)?.styles == [.codeBlock(language: "swift"), .dim])
        #expect(run("let x = 1", in: rendering)?.styles == [.codeBlock(language: "swift")])
    }

    @Test func indentedCodeHasNoLanguageLine() {
        let rendering = rendered("text\n\n    code here\n    more")
        #expect(rendering.texts == ["text", "", "  code here", "  more"])
        #expect(run("code here", in: rendering)?.styles == [.codeBlock(language: nil)])
    }

    @Test func tabsAdvanceToTheNextStopOfFour() {
        #expect(lines("```\na\tb\n\tc\nabcd\te\n```") == ["  a   b", "      c", "  abcd    e"])
    }

    @Test func longCodeLinesWrapAtSpacesNeverInsideAWord() {
        let code = "```\nlet value = compute(alpha, beta)\n```"
        #expect(lines(code, width: 20) == ["  let value =", "  compute(alpha,", "  beta)"])
    }

    @Test func aCodeWordWiderThanTheBlockIsCut() {
        #expect(lines("```\nabcdefghij\n```", width: 6) == ["  abcd", "  efgh", "  ij"])
    }

    @Test func aLongLanguageNameIsCutToTheWidth() {
        #expect(lines("~~~ averyverylonglanguagename\nx\n~~~", width: 12) == ["  averyvery…", "  x"])
    }

    @Test func wikiLinksInCodeAreNotLinks() {
        let rendering = rendered("```\n[[Not a link]]\n```\n\n`[[nor this]]`")
        #expect(rendering.texts == ["  [[Not a link]]", "", "[[nor this]]"])
        #expect(!rendering.lines.flatMap(\.runs).contains { $0.styles.contains { if case .wikiLink = $0 { true } else { false } } })
    }
}

@Suite struct QuoteAndListTests {
    @Test func nestedQuotesDrawABarPerLevel() {
        let rendering = rendered("> outer\n>\n> > inner\n\nafter")
        #expect(rendering.texts == ["│ outer", "│", "│ │ inner", "", "after"])
        #expect(rendering.lines[2].runs.map(\.styles) == [[.quoteBar(depth: 1)], [.quoteBar(depth: 2)], []])
    }

    @Test func quotedTextWrapsInsideTheBar() {
        #expect(lines("> one two three", width: 9) == ["│ one two", "│ three"])
    }

    @Test func aTaskInsideAQuoteIsATask() {
        let body = "> notes\n>\n> - [ ] open\n> - [x] done"
        let rendering = rendered(body)
        #expect(rendering.texts == ["│ notes", "│", "│ ☐ open", "│ ☑ done"])
        #expect(rendering.tasks.map(\.checked) == [false, true])
        #expect(rendering.tasks.map(\.line) == [2, 3])
        #expect(rendering.tasks.map { Array(body.utf8)[$0.boxOffset] } == [UInt8(ascii: " "), UInt8(ascii: "x")])
    }

    @Test func nestedListsIndentByTheirMarkers() {
        let body = "1. first\n2. second\n   - a\n   - b\n     - deep\n3. third"
        let rendering = rendered(body)
        #expect(rendering.texts == ["1. first", "2. second", "   • a", "   • b", "     • deep", "3. third"])
        #expect(run("• ", in: rendering)?.styles == [.listMarker])
    }

    @Test func numbersAlignRightAndWrappedItemsHangUnderTheirText() {
        let items = (1...10).map { "\($0). item" }.joined(separator: "\n")
        let result = lines(items + " with more words", width: 14)
        #expect(result.first == " 1. item")
        #expect(result.suffix(2) == ["10. item with", "    more words"])
    }

    @Test func looseListsKeepABlankLineBetweenItems() {
        #expect(lines("- a\n\n- b") == ["• a", "", "• b"])
    }

    @Test func tasksShowBoxesAndTheirOffsets() {
        let body = "- [ ] one\n- [x] two\n  - [X] nested\n1. [ ] numbered"
        let rendering = rendered(body)
        #expect(rendering.texts == ["☐ one", "☑ two", "  ☑ nested", "", "1. ☐ numbered"])
        #expect(rendering.tasks.map(\.line) == [0, 1, 2, 4])
        #expect(rendering.tasks.map(\.checked) == [false, true, true, false])
        #expect(run("☐ ", in: rendering)?.styles == [.taskBox(checked: false)])
        let bytes = Array(body.utf8)
        for task in rendering.tasks {
            #expect(bytes[task.boxOffset - 1] == UInt8(ascii: "[") && bytes[task.boxOffset + 1] == UInt8(ascii: "]"))
        }
    }
}

@Suite struct LineBreakOptionTests {
    @Test func softBreaksBecomeLineBreaksWhenKept() {
        let text = "first line\nsecond *line*\n\nnext"
        let kept = MarkdownRenderer.render(text, width: 40, displayWidth: testWidth, options: MarkdownOptions(keepsLineBreaks: true))
        #expect(kept.texts == ["first line", "second line", "", "next"])
        #expect(kept.lines[1].runs.last == MarkdownRun("line", [.emphasis]))
        #expect(lines(text) == ["first line second line", "", "next"])
    }
}
