import Foundation
import NotesLinks
import NotesModel
import Testing

/// The link syntax and the scanner: each construct, and the places that are not links.
@Suite struct LinkScannerTests {
    private func targets(_ body: String) -> [LinkTarget] { LinkScanner.links(in: body, order: .targetFirst).map(\.target) }

    @Test func wikiLinksWithLabelAndHeading() {
        let links = LinkScanner.links(in: "See [[Home]], [[Plans#Q3|the plan]] and [[ Spaced ]].", order: .targetFirst)
        #expect(links.map(\.target) == [.title("Home"), .title("Plans"), .title("Spaced")])
        #expect(links.map(\.heading) == [nil, "Q3", nil])
        #expect(links.map(\.label) == ["Home", "the plan", "Spaced"])
        #expect(links.map(\.form) == [.wiki, .wiki, .wiki])
        let body = Array("See [[Home]]".utf8)
        #expect(String(decoding: body[links[0].range], as: UTF8.self) == "[[Home]]")
        #expect(String(decoding: body[links[0].titleRange], as: UTF8.self) == "Home")
    }

    @Test func aBarEscapedInATableCellSeparatesTheLabel() {
        // Obsidian writes `\|` inside a table so that the bar does not end the cell.
        let body = "| Views |\n| --- |\n| [[Table view\\|table]] [[Plans#Q3\\|plan]] |"
        let links = LinkScanner.links(in: body, order: .targetFirst)
        #expect(links.map(\.target) == [.title("Table view"), .title("Plans")])
        #expect(links.map(\.heading) == [nil, "Q3"])
        #expect(links.map(\.label) == ["table", "plan"])
        #expect(String(decoding: Array(body.utf8)[links[0].titleRange], as: UTF8.self) == "Table view")
    }

    @Test func embedsAreFiles() {
        let links = LinkScanner.links(in: "![[photo.png]] and ![cat](assets/cat%201.jpg)", order: .targetFirst)
        #expect(links.map(\.target) == [.file("photo.png"), .file("assets/cat 1.jpg")])
        #expect(links.map(\.form) == [.embed, .embed])
    }

    @Test func anEmbedWithoutAFileExtensionNamesANote() {
        // Obsidian embeds a note's text (or a section or block of it) with `![[Note#…]]`.
        let body = "![[Credits#^lucide]] ![[Plans.md]] ![[Sync/Security and privacy#Hosting|Security]] ![[doc.pdf#page=2]]"
        let links = LinkScanner.links(in: body, order: .targetFirst)
        #expect(links.map(\.target) == [.title("Credits"), .title("Plans.md"), .title("Sync/Security and privacy"), .file("doc.pdf#page=2")])
        #expect(links.map(\.heading) == ["^lucide", nil, "Hosting", nil])
        #expect(links.map(\.form) == [.embed, .embed, .embed, .embed])
        #expect(String(decoding: Array(body.utf8)[links[0].titleRange], as: UTF8.self) == "Credits")
        // A Dendron note's names hold dots: its embeds stay files.
        #expect(LinkScanner.links(in: "![[a.b]]", order: .labelFirst).map(\.target) == [.file("a.b")])
    }

    @Test func markdownLinksToNotesFilesIdsAndURLs() {
        let id = UUID()
        let body = "[a](Other%20note.md) [b](../notes/Plan.md#Q3) [c](notes://\(id.uuidString)) "
            + "[d](https://example.com/x.md) [e](mailto:a@b.c) [f](assets/x.pdf) [g](#local) [h](<My note.md>)"
        #expect(targets(body) == [.title("Other note"), .title("notes/Plan"), .noteID(id), .url("https://example.com/x.md"),
                                  .url("mailto:a@b.c"), .file("assets/x.pdf"), .thisNote, .title("My note")])
        #expect(LinkScanner.links(in: body, order: .targetFirst)[1].heading == "Q3")
    }

    @Test func codeIsNotScanned() {
        let body = """
        `[[inline]]` and ``code `[[x]]` too`` then [[Real]]
        ```
        [[fenced]]
        ```
        ~~~~
        [[tilde]]
        ~~~
        still [[tilde2]]
        ~~~~

            [[indented]]

        - item

            [[continued]]
        """
        #expect(targets(body) == [.title("Real"), .title("continued")])
    }

    @Test func escapedAndBrokenBracketsAreNotLinks() {
        #expect(targets(#"\[[Not]] [[]] [[ ]] [[open [[Inner]] [[line"#) == [.title("Inner")])
        #expect(targets(#"\[x](Other.md) and ![[]]"#) == [])
        // As CommonMark reads it: an escaped bracket inside a link's text is text.
        #expect(LinkScanner.links(in: #"[a \[b](Other.md)"#, order: .targetFirst).map(\.label) == [#"a \[b"#])
        #expect(targets("[[split\n]]") == [])
        #expect(targets("[[a [b]]]") == [])
    }

    @Test func crlfBodies() {
        let body = "one [[A]]\r\n```\r\n[[B]]\r\n```\r\n[[C|c]]\r\n"
        #expect(targets(body) == [.title("A"), .title("C")])
    }

    @Test func nestedBracketsInMarkdownLinkText() {
        let links = LinkScanner.links(in: "[see [this] one](Other.md)", order: .targetFirst)
        #expect(links.map(\.target) == [.title("Other")])
        #expect(links.first?.label == "see [this] one")
    }

    @Test func cjkAndAccentedTitles() {
        #expect(targets("[[日本語のノート]] [[Café]] [x](%E6%97%A5%E6%9C%AC.md)")
                == [.title("日本語のノート"), .title("Café"), .title("日本")])
    }

    @Test func bodiesWithoutLinkSyntaxAreNone() {
        #expect(targets("plain [text] and (parens) ] ( [") == [])
        #expect(targets("") == [])
    }
}

/// Links to a place in the note they are written in: Obsidian's `[[#Heading]]` and
/// `[[#^block]]`, Markdown's `[text](#anchor)`. They lead to their own note, are never dead
/// and never backlinks.
@Suite struct SameNoteLinkTests {
    @Test func aHeadingOrBlockAloneNamesThisNote() {
        let links = LinkScanner.links(in: "See [[#Supported types]], [[#Setup|the setup]], [[#^block-1]] and [up](#top-part).",
                                      order: .targetFirst)
        #expect(links.map(\.target) == [.thisNote, .thisNote, .thisNote, .thisNote])
        #expect(links.map(\.heading) == ["Supported types", "Setup", "^block-1", "top-part"])
        #expect(links.map(\.label) == ["Supported types", "the setup", "^block-1", "up"])
        #expect(!LinkTarget.thisNote.isNote)
    }

    @Test func anEmptySameNoteLinkIsNoLink() {
        #expect(LinkScanner.links(in: "[[#]] [[ # ]] [x](#)", order: .targetFirst).isEmpty)
    }

    @Test func itLeadsToItsOwnNote() {
        let note = Note(title: "Guide", body: "Go to [[#Setup]].\n\n## Setup\n\ndone")
        #expect(LinkResolver.resolve(.thisNote, from: note, order: .targetFirst, candidates: []) == .note(note.id))
        let graph = LinkGraph(notes: [note])
        #expect(graph.backlinks(of: note, lookup: { $0 == note.id ? note : nil }).isEmpty)
        #expect(graph.brokenLinks(lookup: { $0 == note.id ? note : nil }).isEmpty)
    }
}
