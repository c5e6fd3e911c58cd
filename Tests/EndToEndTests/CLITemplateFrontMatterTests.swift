import Foundation
import NotesTestSupport
import Testing

/// A template's own front matter sets the new note's fields (placeholders filled) and is not
/// part of its body; one that cannot be read is a warning naming the template and the line,
/// and the note is still made, the whole template its body.
@Suite struct CLITemplateFrontMatterTests {
    static let plan = """
        ---
        title: {{date}} {{title}}
        tags: [work, meeting]
        category: Inbox
        kind: reference
        pinned: true
        aliases: ["{{title}} notes"]
        ---

        Agenda for {{title}}
        {{cursor}}

        """

    @Test func theFrontMatterSetsTheFieldsAndLeavesTheBody() throws {
        let home = try CLIConfigTests.Home(templates: ["plan": Self.plan])
        defer { home.sandbox.folder.remove() }
        try home.sandbox.ok("category", "add", "Inbox")
        // A title YAML would misread if it were pasted into the front matter as it is.
        let added = try home.run("add", "Standup: #1", "--template", "plan", "--tag", "extra")
        #expect(added.status == 0 && added.stderr.isEmpty, "\(added)")
        let note = try #require(try home.sandbox.notes().first)
        let title = try #require(note["title"] as? String)
        #expect(title.hasPrefix("20") && title.hasSuffix(" Standup: #1"), "\(title)")
        #expect(Set(note["tags"] as? [String] ?? []) == ["work", "meeting", "extra"])
        #expect(note["category"] as? String == "Inbox")
        #expect(note["kind"] as? String == "reference")
        #expect(note["pinned"] as? Bool == true)
        #expect(note["aliases"] as? [String] == ["Standup: #1 notes"])
        #expect(note["body"] as? String == "Agenda for Standup: #1\n\n")
    }

    @Test func aBadFrontMatterIsNamedAndTheNoteIsStillMade() throws {
        let bad = "---\ntags: [a]\nkind: jornal\n---\nBody of {{title}}\n"
        let home = try CLIConfigTests.Home(templates: ["bad": bad, "away": "---\ncategory: Nowhere\n---\nText\n"])
        defer { home.sandbox.folder.remove() }
        let added = try home.run("add", "Kept", "--template", "bad")
        #expect(added.status == 0, "\(added)")
        #expect(added.stderr.contains("template bad.md, front matter line 3: unknown kind 'jornal'"), "\(added.stderr)")
        let note = try #require(try home.sandbox.notes().first { $0["title"] as? String == "Kept" })
        #expect(note["body"] as? String == "---\ntags: [a]\nkind: jornal\n---\nBody of Kept\n")
        let away = try home.run("add", "Away", "--template", "away")
        #expect(away.status == 0 && away.stderr.contains("template away.md: no category named 'Nowhere'"), "\(away)")
        let made = try #require(try home.sandbox.notes().first { $0["title"] as? String == "Away" })
        #expect(made["body"] as? String == "Text\n")
    }
}
