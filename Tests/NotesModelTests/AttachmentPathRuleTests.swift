import NotesTestBasics
import Testing
@testable import NotesModel

/// An attachment's path is kept as is when it is already normalized and is otherwise
/// normalized by the rule (split on `/`, `.` dropped, `..` climbing, never out of the
/// store's folder): whatever the path, the same result as the rule spelled out. (A NUL
/// is left out: the rule's `contains("\0")` does not find one, so such a path is read
/// as it always was, by the rule itself.)
@Suite struct AttachmentPathRuleTests {
    /// The rule, spelled out: the normalized path, or nil where it is refused.
    private func normalized(_ path: String) -> String? {
        guard !path.isEmpty, !path.hasPrefix("/") else { return nil }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if parts.isEmpty { return nil }
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    @Test func everyPathGivesWhatTheRuleGives() {
        let seed = TestSeed.seed(for: "AttachmentPathRuleTests.everyPathGivesWhatTheRuleGives")
        var random = SeededRandom(seed: seed)
        let pieces = ["a", "b", "file.pdf", "/", "/", ".", "..", "...", ".a", "a.", "é", " ", "\\", "\u{301}"]
        var paths = ["a", "a/b", "a//b", "a/", "./a", "a/.", "a/..", "../a", "a/../b", "..", ".", "", "/a", ".../a", "a/.b/c..",
                     "attachments/8F3A/IMG 0001.jpeg", "a/\u{301}b", "./\u{301}", "../\u{301}a", "a/\u{301}/.."]
        for _ in 0..<20_000 {
            paths.append((0..<random.int(1...7)).map { _ in random.pick(pieces) }.joined())
        }
        for path in paths {
            let made = try? AttachmentPath(path)
            #expect(made?.relativePath == normalized(path), "\(path.debugDescription)")
        }
    }
}
