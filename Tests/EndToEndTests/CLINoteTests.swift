import Foundation
import NotesTestSupport
import Testing

/// `notes add / list / show / rm` through the real binary.
@Suite struct CLINoteTests {
    @Test func addPrintsTheNewIDAndListShowsTheNote() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }

        let id = try sandbox.add("Buy milk", "--body", "two liters", "--tag", "#Errand", "--tag", "home")

        #expect(UUID(uuidString: id) != nil)
        let notes = try sandbox.notes()
        #expect(notes.count == 1)
        let note = try #require(notes.first)
        #expect(note["id"] as? String == id)
        #expect(note["title"] as? String == "Buy milk")
        #expect(note["body"] as? String == "two liters")
        #expect(note["category"] is NSNull)
        #expect(note["tags"] as? [String] == ["errand", "home"])
        #expect(note["kind"] as? String == "note")
        #expect(note["attachments"] as? [String] == [])
        let created = try #require(note["created"] as? String)
        #expect(created.hasSuffix("Z") && created.count == 24, "ISO 8601 with milliseconds: \(created)")
        #expect(note["updated"] as? String == created)

        let plain = try sandbox.ok("list")
        let line = try #require(plain.split(separator: "\n").first)
        #expect(line.hasPrefix(String(id.prefix(8))))
        #expect(line.contains("Buy milk") && line.contains("#errand #home"))
    }

    @Test func showPrintsAHeaderAndTheBodyAndAcceptsAnIDPrefix() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work", "--color", "ff8800")
        let id = try sandbox.add("Plan", "--body", "line one\nline two", "--category", "work", "--kind", "checklist")

        let text = try sandbox.ok("show", String(id.prefix(6)).lowercased())

        #expect(text.hasPrefix("Plan\n"))
        #expect(text.contains("id:         \(id)"))
        #expect(text.contains("category:   Work (#FF8800)"))
        #expect(text.contains("kind:       checklist"))
        #expect(text.hasSuffix("\nline one\nline two\n"))

        let json = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(json["id"] as? String == id)
        #expect(json["category"] as? String == "Work")
        #expect(json["kind"] as? String == "checklist")
        #expect(json["body"] as? String == "line one\nline two")
    }

    @Test func bodyDashReadsStandardInput() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }

        let id = try sandbox.ok("add", "From stdin", "--body", "-", stdin: "piped\ntext ✓\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)

        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "piped\ntext ✓\n")
    }

    @Test func listOrdersByUpdatedNewestFirst() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let first = try sandbox.add("first")
        let second = try sandbox.add("second")
        let third = try sandbox.add("third")

        // Each `add` is its own process, so the three dates are at least a millisecond apart.
        let ids = try sandbox.notes().compactMap { $0["id"] as? String }

        #expect(ids == [third, second, first])
        let plainIDs = try sandbox.ok("list").split(separator: "\n").map { String($0.prefix(8)) }
        #expect(plainIDs == [third, second, first].map { String($0.prefix(8)) })
    }

    @Test func filtersByCategoryTagAndSearch() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        try sandbox.ok("category", "add", "Home")
        let report = try sandbox.add("Quarterly report", "--category", "Work", "--tag", "urgent")
        let standup = try sandbox.add("Standup notes", "--category", "work", "--body", "Discuss the Café menu")
        let groceries = try sandbox.add("Groceries", "--category", "Home", "--tag", "urgent", "--tag", "shopping")
        let loose = try sandbox.add("Loose idea")

        func ids(_ filters: String...) throws -> Set<String> {
            let result = try sandbox.runner.run(["list"] + filters + ["--json", "--store", sandbox.storePath])
            #expect(result.status == 0, "\(result)")
            let notes = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
            return Set(notes.compactMap { $0["id"] as? String })
        }
        #expect(try ids("--category", "WORK") == [report, standup])
        #expect(try ids("--tag", "Urgent") == [report, groceries])
        #expect(try ids("--tag", "urgent", "--tag", "shopping") == [groceries])
        #expect(try ids("--search", "cafe") == [standup])
        #expect(try ids("--search", "REPORT") == [report])
        #expect(try ids("--category", "Home", "--search", "report") == [])
        // `-term` leaves out; `#`/`@` alone are any tag / any category (one rule with the UI filter).
        #expect(try ids("--search", "-urgent") == [standup, loose])
        #expect(try ids("--search", "-#") == [standup, loose])
        #expect(try ids("--search", "#") == [report, groceries])
        #expect(try ids("--search", "@ -#") == [standup])
        #expect(try ids("--search", "-@work", "--tag", "urgent") == [groceries])
    }

    @Test func rmMovesTheNoteOutOfTheList() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let keep = try sandbox.add("keep")
        let gone = try sandbox.add("gone")

        try sandbox.ok("rm", gone)

        #expect(try sandbox.notes().compactMap { $0["id"] as? String } == [keep])
        let again = try sandbox.run("show", gone)
        #expect(again.status != 0)
        #expect(again.stderr.hasPrefix("error: the note '\(gone)' is in the trash ('notes restore \(gone)' brings it back)"))
    }

    @Test func storeOptionWorksBeforeTheCommandName() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("here")

        let result = try sandbox.runner.run(["--store", sandbox.storePath, "list"])

        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(String(id.prefix(8))))
    }
}
