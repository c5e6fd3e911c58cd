import Foundation
import NotesTestSupport
import Testing

/// Every emoji sequence stays whole on a real terminal (tmux), whatever curses makes of
/// it: flags, skin tones, ZWJ families, `U+FE0F` presentation sequences, keycaps and
/// combining marks; what follows stays in its column, and nothing stale is left behind.
///
/// tmux 3.3 (Debian 12) joins flags and ZWJ sequences but draws a skin-tone modifier
/// as an emoji of its own and `✈️` one column wide: there the modifier is drawn over
/// (the row stays aligned) and `✈️` is followed by a blank column.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalEmojiTests {
    static let kinds: [(name: String, cluster: String)] = [
        ("flag", "🇯🇵"), ("skin tone", "👍🏽"), ("ZWJ family", "👩‍👩‍👧"), ("VS16", "✈️"),
        ("rainbow flag", "🏳️‍🌈"), ("keycap", "#️⃣"), ("combining marks", "e\u{301}\u{302}"), ("CJK", "漢"),
    ]

    /// The part of a cluster every terminal shows: all of it, but the skin-tone
    /// modifier, which tmux before 3.4 draws as an emoji apart.
    private func visiblePart(_ cluster: String) -> String {
        String(String.UnicodeScalarView(cluster.unicodeScalars.filter { !(0x1F3FB...0x1F3FF).contains($0.value) }))
    }

    @Test(arguments: kinds.map(\.name))
    func clusterInATitleStaysWholeAndAligned(kind: String) throws {
        let cluster = try #require(Self.kinds.first { $0.name == kind }?.cluster)
        // Given a note whose title holds the cluster between two words, and a plain one
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Plain title")
        _ = try sandbox.add("Trip \(cluster) ok", "--body", "body \(cluster) end")
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 100, height: 20, term: "xterm-256color")
        defer { session.kill() }

        // Then the title shows it whole in the list and in the preview (the clusters go
        // out just after the rest of the frame: wait for them)
        let visible = visiblePart(cluster)
        let screen = try session.waitUntil("the whole cluster in the list and the preview") {
            $0.contains("Trip \(visible)") && $0.contains("body \(visible)") && $0.contains("Plain title")
        }
        // and the column after it is where the cluster's two (or one) columns end
        let lines = screen.components(separatedBy: "\n")
        let row = try #require(lines.first { $0.contains("Trip ") && $0.contains("│") })
        let plain = try #require(lines.first { $0.contains("Plain title") && $0.contains("│") })
        #expect(dateColumn(of: row) == dateColumn(of: plain), "\(row)\n\(plain)")

        // When the selection moves to the plain note, the preview changes
        try session.sendKeys("j")
        let after = try session.waitUntil("the plain note's preview") { !$0.contains("body ") }
        // Then nothing of the cluster is left in the preview
        let previews = after.components(separatedBy: "\n").map { $0.components(separatedBy: "│").dropFirst(2).joined() }
        for scalar in visible.unicodeScalars where scalar.value > 0x7F {
            #expect(!previews.joined().unicodeScalars.contains(scalar), "\(after)")
        }
    }

    /// Rows whose clusters move by a column as the list scrolls or filters (`T9` and `T18`
    /// differ in width), so that a cluster's old place becomes the right half of `京`: after
    /// `G`, `g`, a filter and `Esc`, every row shows its title once, whole, nothing doubled.
    @Test func clustersMovedUnderWideCharactersLeaveNothingBehind() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let clusters = ["👍🏽", "🇯🇵", "👨‍👩‍👧", "✈️"]
        for number in 1...40 {
            _ = try sandbox.add("T\(number) aaaaaaa 東京 \(clusters[number % clusters.count]) x")
        }
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 100, height: 30, term: "xterm-256color")
        defer { session.kill() }
        _ = try session.waitFor(text: "T40 aaaaaaa")

        let steps: [(keys: [String], shows: String)] = [
            (["G"], "T1 aaaaaaa"), (["g"], "T40 aaaaaaa"), (["/", "1"], "T31 aaaaaaa"), (["Escape", "Escape"], "T39 aaaaaaa"),
        ]
        let visible = clusters.map(visiblePart)
        /// Whether every list row shows its title whole: one cluster where it belongs, nothing doubled.
        func everyRowIsWhole(_ screen: String) -> Bool {
            screen.components(separatedBy: "\n").filter { $0.contains("aaaaaaa") }.allSatisfy { line in
                let listPart = visiblePart(line.components(separatedBy: "│").dropFirst().first ?? "")
                guard let match = listPart.firstMatch(of: #/T[0-9]+ aaaaaaa 東京 (\S+) {1,2}x\b/#) else { return false }
                return visible.contains(String(match.output.1))
            }
        }
        for step in steps {
            for key in step.keys { try session.sendKeys(key) }
            // The clusters go out just after the rest of each frame: wait until the screen
            // is whole. A cluster drawn again at its old place never goes away (the bug).
            _ = try session.waitUntil("every row whole after \(step.keys)") { $0.contains(step.shows) && everyRowIsWhole($0) }
        }
    }

    /// Another program writes over the screen (here: straight to the pane's terminal);
    /// `Ctrl-L` repaints every cell, so the UI shows what it holds again.
    @Test func ctrlLRepaintsWhatAnotherProgramWroteOver() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Trip 🇯🇵 東京 ok")
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 80, height: 20, term: "xterm-256color")
        defer { session.kill() }
        _ = try session.waitFor(text: "Trip")
        let tty = try session.format("#{pane_tty}")
        let handle = try #require(FileHandle(forWritingAtPath: tty))
        handle.write(Data("\u{1B}[2J\u{1B}[5;1HGARBAGE-FROM-ELSEWHERE".utf8))
        try handle.close()
        _ = try session.waitFor(text: "GARBAGE-FROM-ELSEWHERE")

        try session.sendKeys("C-l")
        let screen = try session.waitUntil("the UI repainted") { !$0.contains("GARBAGE") && $0.contains("Trip") }
        #expect(screen.contains("Categories"))
    }

    /// The display column (terminal cells) where the list row's date begins.
    private func dateColumn(of line: String) -> Int? {
        guard let range = line.range(of: "20") else { return nil }
        return line[..<range.lowerBound].reduce(0) { $0 + TerminalCellWidth.of($1) }
    }
}

/// Columns tmux 3.3 gives a character in a capture, for finding a column in a captured line.
enum TerminalCellWidth {
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII || first.properties.generalCategory == .nonspacingMark { return first.isASCII ? 1 : 0 }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return scalars.count > 1 ? 2 : 1 }
        if first.properties.isEmojiPresentation || (0x4E00...0x9FFF).contains(first.value) { return 2 }
        return 1
    }
}
