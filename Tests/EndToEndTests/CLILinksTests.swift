import Foundation
import NotesTestSupport
import Testing

/// `notes links`, `notes list --links-to/--linked-from`, `notes links --dead`, `doctor`'s
/// link notices, and `notes set --title` rewriting the links to a note.
@Suite struct CLILinksTests {
    private func vault(_ sandbox: CLISandbox) throws -> (plan: String, hub: String, other: String) {
        let plan = try sandbox.add("Plan Q3", "--body", "## Goals\nship")
        let hub = try sandbox.add("Hub", "--body", "See [[plan q3#Goals|the plan]], [x](Plan%20Q3.md), [[Gone]] and `[[Plan Q3]]`.")
        let other = try sandbox.add("Other", "--body", "[y](notes://\(plan)) and https://example.com")
        return (plan, hub, other)
    }

    @Test func linksPrintsOutgoingAndIncoming() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let (plan, hub, other) = try vault(sandbox)
        let outgoing = try sandbox.ok("links", hub)
        #expect(outgoing.contains("[[plan q3#Goals]]  → \(plan.prefix(4))"))
        #expect(outgoing.contains("[[Gone]]  → missing"))
        #expect(outgoing.hasPrefix("outgoing (3):"))
        let json = try #require(try sandbox.json("links", plan) as? [String: Any])
        let incoming = try #require(json["incoming"] as? [[String: Any]])
        #expect(Set(incoming.compactMap { $0["id"] as? String }) == [hub, other])
        let fromHub = try #require(try sandbox.json("links", hub) as? [String: Any])
        let statuses = (fromHub["outgoing"] as? [[String: Any]])?.compactMap { $0["status"] as? String }
        #expect(statuses == ["resolved", "resolved", "missing"])
        let linking = try sandbox.notes("--links-to", plan).compactMap { $0["id"] as? String }
        #expect(Set(linking) == [hub, other])
        #expect(try sandbox.notes("--linked-from", hub).compactMap { $0["id"] as? String } == [plan])
    }

    @Test func deadLinksAreListedForScriptsAndByDoctor() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try vault(sandbox)
        let dead = try sandbox.run("links", "--dead")
        #expect(dead.status == 1)
        #expect(dead.stdout.contains("Hub  [[Gone]]  missing"))
        let doctor = try sandbox.run("doctor")
        #expect(doctor.status == 0, "\(doctor)")
        #expect(doctor.stdout.contains("links: 1 dead or ambiguous in 1 note"))
    }

    @Test func aNewTitleRewritesTheLinksToTheNote() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let (plan, hub, _) = try vault(sandbox)
        let output = try sandbox.ok("set", plan, "--title", "Plan Q4")
        #expect(output == "title: Plan Q3 → Plan Q4\nupdated links in 1 note\n")
        let body = try #require((try sandbox.json("show", hub) as? [String: Any])?["body"] as? String)
        #expect(body == "See [[Plan Q4#Goals|the plan]], [x](Plan%20Q4.md), [[Gone]] and `[[Plan Q3]]`.")
        #expect(try sandbox.ok("set", plan, "--title", "Plan Q5", "--no-update-links") == "title: Plan Q4 → Plan Q5\n")
        let kept = try #require((try sandbox.json("show", hub) as? [String: Any])?["body"] as? String)
        #expect(kept == body)
    }
}
