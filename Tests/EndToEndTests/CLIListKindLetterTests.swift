import Foundation
import NotesTestSupport
import Testing

/// `notes list` shows a journal, reference or checklist note's kind letter before its
/// title, as the app's list does; `--format` and `--json` are as they were.
@Suite struct CLIListKindLetterTests {
    @Test func theTextLinesShowTheKindLetter() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Plain")
        _ = try sandbox.add("Monday", "--kind", "journal")
        let manual = try sandbox.add("Manual", "--kind", "reference")
        try sandbox.ok("pin", manual)

        let lines = try sandbox.ok("list").split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("  R * Manual"), "\(lines)")
        #expect(lines[1].hasSuffix("  J Monday"), "\(lines)")
        #expect(lines[2].hasSuffix("  Plain"), "\(lines)")
        #expect(try sandbox.ok("list", "--format", "{kind} {title}") == "reference Manual\njournal Monday\nnote Plain\n")
        #expect(try sandbox.notes().map { $0["title"] as? String } == ["Manual", "Monday", "Plain"])
    }
}
