import Foundation
import NotesLinks
import Testing

/// The rewrite of renames changes the link targets and no other byte.
@Suite struct LinkRewriteTests {
    @Test func wikiLinksKeepHeadingsAndLabels() {
        let body = "[[Old]] [[old#H]] [[OLD|shown]] [[Older]] `[[Old]]` [[Old#H|x]]\r\n"
        let result = LinkRewrite.rewrite(body, from: "Old", to: "New name", order: .targetFirst)
        #expect(result.body == "[[New name]] [[New name#H]] [[New name|shown]] [[Older]] `[[Old]]` [[New name#H|x]]\r\n")
        #expect(result.count == 4)
    }

    @Test func fileLinksKeepTheirFolderAndEncoding() {
        let body = "[a](Old%20note.md) [b](notes/Old%20note.md#Top) [c](<Old note.md>) [d](Old%20note.pdf)"
        let result = LinkRewrite.rewrite(body, from: "Old note", to: "Café (new)", order: .targetFirst)
        #expect(result.body == "[a](Caf\u{E9}%20%28new%29.md) [b](notes/Caf\u{E9}%20%28new%29.md#Top) "
                + "[c](<Café (new).md>) [d](Old%20note.pdf)")
        #expect(result.count == 3)
    }

    @Test func plainFileLinkStaysPlainWhenItCan() {
        #expect(LinkRewrite.rewrite("[a](Old.md)", from: "Old", to: "Newer", order: .targetFirst).body == "[a](Newer.md)")
        #expect(LinkRewrite.rewrite("[a](Old.md)", from: "Old", to: "Two words", order: .targetFirst).body == "[a](Two%20words.md)")
    }

    @Test func aBodyWithoutLinksToTheTitleIsUnchanged() {
        let body = "no links to [[Other]] here, ![[Old.png]] is a file"
        let result = LinkRewrite.rewrite(body, from: "Old", to: "New", order: .targetFirst)
        #expect(result.body == body)
        #expect(result.count == 0)
    }

    @Test func anEmbeddedNoteIsRewrittenAsALinkIs() {
        let result = LinkRewrite.rewrite("![[Old]] and ![[Old#Part|text]] but ![[Old.png]]", from: "Old", to: "New", order: .targetFirst)
        #expect(result.body == "![[New]] and ![[New#Part|text]] but ![[Old.png]]")
        #expect(result.count == 2)
    }

    @Test func cjkTitles() {
        #expect(LinkRewrite.rewrite("[[日本]] and [[日本#見出し]]", from: "日本", to: "東京", order: .targetFirst).body == "[[東京]] and [[東京#見出し]]")
    }
}
