import Foundation
import NotesTestSupport
import Testing

/// `notes show` prints a checklist's progress (ticked/all tasks) in its header, as the UI's
/// header shows it; a note of another kind has no progress line.
@Suite struct CLIShowProgressTests {
    @Test func showPrintsAChecklistsProgress() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let body = "- [ ] passport\n- [x] tickets\n> - [X] charger\n\n```\n- [ ] in code\n```\n"
        let checklist = try sandbox.add("Trip", "--kind", "checklist", "--body", body)
        let plain = try sandbox.add("Plain", "--body", body)

        let shown = try sandbox.ok("show", checklist)

        #expect(shown.contains("kind:       checklist\nprogress:   2/3\n"), "\(shown)")
        #expect(shown.hasSuffix("\n\n" + body))
        #expect(!(try sandbox.ok("show", plain)).contains("progress:"))
    }
}
