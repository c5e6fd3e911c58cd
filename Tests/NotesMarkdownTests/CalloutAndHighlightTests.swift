import Testing
@testable import NotesMarkdown

/// Obsidian's callouts (GitHub's alerts) and `==highlights==` as the read view shows them.
@Suite struct CalloutTests {
    @Test func aCalloutShowsItsKindAndTitleThenItsBody() {
        let rendering = rendered("> [!tip]- Drag and drop embed\n> On desktop, drop files.\n>\n> More **text**.")
        #expect(rendering.texts == ["│ Tip: Drag and drop embed", "│ On desktop, drop files.", "│", "│ More text."])
        #expect(run("Tip: Drag and drop embed", in: rendering)?.styles == [.calloutTitle(kind: "tip")])
        #expect(run("On desktop, drop files.", in: rendering)?.styles == [])
        #expect(rendering.lines[0].runs.first?.styles == [.quoteBar(depth: 1)])
    }

    @Test func aCalloutWithoutATitleOrWithItsKindAsTitleShowsTheKind() {
        #expect(lines("> [!NOTE]\n> Useful information.") == ["│ Note", "│ Useful information."])
        #expect(lines("> [!note] Note\n> Body") == ["│ Note", "│ Body"])
        #expect(lines("> [!info]+\n>\n> ![[shot.png]]") == ["│ Info", "│", "│ [embed: shot.png]"])
    }

    @Test func theTitleKeepsItsInlineStylesAndWraps() {
        let rendering = rendered("> [!warning] Do **not** use [[Old note]]", width: 20)
        #expect(rendering.texts == ["│ Warning: Do not", "│ use Old note"])
        #expect(run("not", in: rendering)?.styles == [.strong, .calloutTitle(kind: "warning")])
        #expect(rendering.lines[1].runs.contains { $0.styles.contains(.wikiLink(target: "Old note")) })
    }

    @Test func aQuoteThatIsNoCalloutStaysAQuote() {
        #expect(lines("> [!] empty kind\n> [x] not one") == ["│ [!] empty kind [x] not one"])
        #expect(lines("> Just [!tip] inside") == ["│ Just [!tip] inside"])
        #expect(lines("> `[!tip]` as code") == ["│ [!tip] as code"])
    }

    @Test func aCalloutInsideAQuoteIsACalloutToo() {
        #expect(lines("> outer\n>\n> > [!danger] Careful\n> > inner") == ["│ outer", "│", "│ │ Danger: Careful", "│ │ inner"])
    }
}

@Suite struct HighlightTests {
    @Test func markersAreDroppedAndTheTextBetweenIsHighlighted() {
        let rendering = rendered("Some ==important words== here")
        #expect(rendering.texts == ["Some important words here"])
        #expect(run("important words", in: rendering)?.styles == [.highlight])
        #expect(run("Some ", in: rendering)?.styles == [])
    }

    @Test func aHighlightSpansOtherStyles() {
        let rendering = rendered("==a **bold** b== c")
        #expect(rendering.texts == ["a bold b c"])
        #expect(run("bold", in: rendering)?.styles == [.strong, .highlight])
        #expect(run("a ", in: rendering)?.styles == [.highlight])
        #expect(run(" c", in: rendering)?.styles == [])
    }

    @Test func unpairedOrBlankFlankedMarkersStayText() {
        #expect(lines("a == b and c == d") == ["a == b and c == d"])
        #expect(lines("padding abc== only") == ["padding abc== only"])
        #expect(lines("x === y === z") == ["x === y === z"])
        #expect(rendered("a == b").lines.allSatisfy { $0.runs.allSatisfy { !$0.styles.contains(.highlight) } })
    }

    @Test func codeAndLinksKeepTheirMarkers() {
        #expect(lines("`a ==b== c` and [x==y==](https://e.com/?q==z==)") == ["a ==b== c and x==y=="])
        #expect(lines("two ==one== and ==two==") == ["two one and two"])
    }
}
