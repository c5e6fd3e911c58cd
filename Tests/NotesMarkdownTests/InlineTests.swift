import Testing
@testable import NotesMarkdown

@Suite struct InlineTests {
    @Test func emphasisStrongStrikethroughAndCodeAreStylesNotMarkers() {
        let rendering = rendered("a *em* **strong** ~~gone~~ `code` ***both***")
        #expect(rendering.texts == ["a em strong gone code both"])
        #expect(run("em", in: rendering)?.styles == [.emphasis])
        #expect(run("strong", in: rendering)?.styles == [.strong])
        #expect(run("gone", in: rendering)?.styles == [.strikethrough])
        #expect(run("code", in: rendering)?.styles == [.inlineCode])
        #expect(run("both", in: rendering)?.styles == [.emphasis, .strong])
    }

    @Test func linksKeepTheirTextAndCarryTheirTarget() {
        let rendering = rendered("see [the *docs*](https://example.com/a) or <https://x.org> or www.example.net.")
        #expect(rendering.texts == ["see the docs or https://x.org or", "www.example.net."])
        #expect(run("the ", in: rendering)?.styles == [.link(target: "https://example.com/a")])
        #expect(run("docs", in: rendering)?.styles == [.link(target: "https://example.com/a"), .emphasis])
        #expect(run("https://x.org", in: rendering)?.styles == [.link(target: "https://x.org")])
        #expect(run("www.example.net", in: rendering)?.styles == [.link(target: "http://www.example.net")])
    }

    @Test func imagesAndEmbedsArePlaceholders() {
        let rendering = rendered("![A cat](img/cat.png) ![](dir/dog.jpg) ![[scan.pdf]]")
        #expect(rendering.texts == ["[image: A cat] [image: dog.jpg]", "[embed: scan.pdf]"])
        #expect(run("[image: A cat]", in: rendering)?.styles == [.image(source: "img/cat.png")])
        #expect(run("[embed: scan.pdf]", in: rendering)?.styles == [.embed(name: "scan.pdf")])
    }

    @Test func wikiLinksAreMarkedWithTheirTarget() {
        let rendering = rendered("go to [[Home]], [[Plans#Q3|the plan]] or **[[Bold]]**; [[ ]] stays")
        #expect(rendering.texts == ["go to Home, the plan or Bold; [[ ]]", "stays"])
        #expect(run("Home", in: rendering)?.styles == [.wikiLink(target: "Home")])
        #expect(run("the plan", in: rendering)?.styles == [.wikiLink(target: "Plans#Q3")])
        #expect(run("Bold", in: rendering)?.styles == [.strong, .wikiLink(target: "Bold")])
    }
}

@Suite struct WrapTests {
    @Test func aWordShorterThanTheWidthIsNeverSplit() {
        #expect(lines("aa bbbbbb cc", width: 7) == ["aa", "bbbbbb", "cc"])
    }

    @Test func aWordLongerThanTheWidthIsCutAtTheWidth() {
        #expect(lines("go abcdefghijkl end", width: 5) == ["go", "abcde", "fghij", "kl", "end"])
    }

    @Test func wideCharactersNeverHangPastTheWidth() {
        let result = lines("漢字かな交じり文です", width: 7)
        #expect(result == ["漢字か", "な交じ", "り文で", "す"])
        #expect(result.allSatisfy { columns($0) <= 7 })
    }

    @Test func emojiSequencesAndCombiningMarksStayWhole() {
        let family = "👨‍👩‍👧", flag = "🇫🇷", accented = "e\u{301}"
        let text = String(repeating: family, count: 3) + String(repeating: flag, count: 2) + accented + accented
        let result = lines(text, width: 5)
        #expect(result == [family + family, family + flag, flag + accented + accented])
        #expect(result.joined() == text)
    }

    @Test func stylesFollowTheirTextAcrossLines() {
        let rendering = rendered("plain **bold words here** end", width: 10)
        #expect(rendering.texts == ["plain bold", "words here", "end"])
        #expect(rendering.lines[1].runs == [MarkdownRun("words here", [.strong])])
    }

    @Test func zeroOrNegativeWidthRendersNothing() {
        #expect(rendered("# a", width: 0).lines.isEmpty)
        #expect(rendered("# a", width: -3).lines.isEmpty)
    }
}
