import Foundation
import NotesTestSupport
import Testing

/// `notes rm` → `notes trash --json` → `notes restore` → `notes trash empty`, through the real binary.
@Suite struct CLITrashTests {
    @Test func rmTrashRestoreAndEmpty() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        let plan = try sandbox.add("Plan", "--category", "Work", "--tag", "q3")
        let loose = try sandbox.add("Loose")
        let keep = try sandbox.add("Keep")

        // Given two notes moved to the trash
        let removed = try sandbox.ok("rm", plan, String(loose.prefix(6)))
        #expect(removed.contains("moved to the trash: \(plan.prefix(8))  Plan"))
        #expect(removed.contains("moved to the trash: \(loose.prefix(8))  Loose"))

        // Then lists, counts and exports leave them out, and the trash lists them
        #expect(try sandbox.notes().compactMap { $0["id"] as? String } == [keep])
        #expect(try sandbox.categories().first?["notes"] as? Int == 0)
        let export = try #require(try Self.parse(sandbox.ok("export", "--format", "json")) as? [String: Any])
        #expect((export["notes"] as? [Any])?.count == 1)
        let withTrash = try #require(try Self.parse(sandbox.ok("export", "--format", "json", "--include-trash")) as? [String: Any])
        let exported = try #require(withTrash["notes"] as? [[String: Any]])
        #expect(exported.count == 3)
        #expect(exported.filter { $0["deleted"] is String }.count == 2)
        let trash = try #require(try sandbox.json("trash") as? [[String: Any]])
        #expect(Set(trash.compactMap { $0["id"] as? String }) == [plan, loose])
        let planEntry = try #require(trash.first { $0["id"] as? String == plan })
        #expect(planEntry["title"] as? String == "Plan")
        #expect(planEntry["category"] as? String == "Work")
        #expect(planEntry["categoryDeleted"] as? Bool == false)
        #expect(planEntry["tags"] as? [String] == ["q3"])
        let deleted = try #require(planEntry["deleted"] as? String)
        #expect(deleted.hasSuffix("Z") && deleted.count == 24)

        let plain = try sandbox.ok("trash").split(separator: "\n").map(String.init)
        #expect(plain.count == 2)
        #expect(plain.contains { $0.hasPrefix("\(plan.prefix(8))  deleted ") && $0.hasSuffix("  Work  Plan") })
        #expect(plain.contains { $0.hasPrefix("\(loose.prefix(8))  deleted ") && $0.hasSuffix("  -     Loose") })

        // When the category goes too, a restore says where the note went
        try sandbox.ok("category", "rm", "Work")
        #expect(try sandbox.ok("trash").contains("  Work (deleted)  Plan"))
        let afterCategory = try #require(try sandbox.json("trash") as? [[String: Any]])
        #expect(afterCategory.first { $0["id"] as? String == plan }?["categoryDeleted"] as? Bool == true)
        let restored = try sandbox.ok("restore", plan)
        #expect(restored.contains("restored \(plan.prefix(8))  Plan"))
        #expect(restored.contains("'Work' was deleted: now uncategorized"))
        #expect(Set(try sandbox.notes().compactMap { $0["id"] as? String }) == [plan, keep])

        // Restoring a note that is not in the trash is an error that changes nothing
        let before = sandbox.storeBytes()
        let wrong = try sandbox.run("restore", loose, keep)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.hasPrefix("error: the note '\(keep)' is not in the trash"))
        #expect(sandbox.storeBytes() == before)

        // Emptying: nothing is old enough, then everything goes for good
        let notOld = try sandbox.ok("trash", "empty", "--older-than", "3")
        #expect(notOld.hasPrefix("deleted 0 notes for good; 1 newer note stays in the trash"))
        let emptied = try sandbox.ok("trash", "empty")
        #expect(emptied.hasPrefix("deleted 1 note for good"))
        #expect((try sandbox.json("trash") as? [Any])?.isEmpty == true)
        let empty = try sandbox.run("trash")
        #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr == "the trash is empty\n")
        let gone = try sandbox.run("restore", loose)
        #expect(gone.status != 0)
        #expect(gone.stderr.hasPrefix("error: no note with id"))
    }

    private static func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func rmWithAnUnknownIDMovesNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let keep = try sandbox.add("Keep")
        let before = sandbox.storeBytes()

        let result = try sandbox.run("rm", keep, "no-such-id")

        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: no note with id 'no-such-id'"))
        #expect(sandbox.storeBytes() == before)
        #expect(try sandbox.notes().count == 1)
    }
}
