import NotesTestSupport
import Testing
@testable import NotesTerminal

/// What the terminal rewrites between two frames (`FrameDiff`), one quirk of wide
/// characters and emoji clusters a test, and the clusters the terminal layer draws
/// itself (`ClusterOverlays`) after applying those writes.
@Suite struct FrameDiffTests {
    /// A one-row buffer holding `text` from column 0.
    func row(_ text: String, width: Int = 12) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: TerminalSize(width: width, height: 1))
        buffer.write(text, x: 0, y: 0)
        return buffer
    }

    @Test func equalFramesWriteNothingAndNoPreviousFrameWritesEveryCell() {
        let frame = row("abc 東京")
        #expect(FrameDiff.writes(from: frame, to: frame, width: 12, height: 1).isEmpty)
        let all = FrameDiff.writes(from: nil, to: frame, width: 12, height: 1)
        #expect(all.count == 12)
        #expect(all[5] == .covered(x: 5, y: 0))  // the right half of 東
    }

    @Test func oneChangedLetterWritesOneCell() {
        #expect(FrameDiff.writes(from: row("abc"), to: row("abd"), width: 12, height: 1) == [.cell(x: 2, y: 0)])
    }

    /// A wide character where narrow ones were: its left half is written, its right half
    /// is covered (nothing drawn there before may stay).
    @Test func aWideCharacterOverNarrowOnes() {
        #expect(FrameDiff.writes(from: row("ab"), to: row("東"), width: 12, height: 1)
                == [.cell(x: 0, y: 0), .covered(x: 1, y: 0)])
    }

    /// Narrow characters where a wide one was: the column left of the old right half is
    /// written again (it held the wide character's left half).
    @Test func narrowCharactersOverAWideOne() {
        #expect(FrameDiff.writes(from: row("x東"), to: row("x東"), width: 12, height: 1).isEmpty)
        #expect(FrameDiff.writes(from: row("東"), to: row("ab"), width: 12, height: 1)
                == [.cell(x: 0, y: 0), .cell(x: 0, y: 0), .cell(x: 1, y: 0)])
    }

    /// A wide character shifted by one column: the old right half's column gets the new
    /// wide character's left half written again.
    @Test func aWideCharacterMovedOneColumnLeft() {
        #expect(FrameDiff.writes(from: row(" 東"), to: row("東 "), width: 12, height: 1)
                == [.cell(x: 0, y: 0), .covered(x: 1, y: 0), .cell(x: 0, y: 0), .cell(x: 2, y: 0)])
    }

    /// The case: a cluster (`👍🏽`) moved right while a wide character (`京`) took
    /// its old place. The old place is now the right half of `京`: covered, so the cluster
    /// is not drawn there again over it.
    @Test func aClusterWhoseOldPlaceIsNowTheRightHalfOfAWideCharacter() {
        let before = row("東 👍🏽 x"), after = row("東京 👍🏽 x")
        let writes = FrameDiff.writes(from: before, to: after, width: 12, height: 1)
        #expect(writes.contains(.covered(x: 3, y: 0)))
        #expect(Self.overlays(after: [before, after]) == Self.clusters(in: after))
    }

    /// After any sequence of frames, the clusters the terminal layer would draw itself are
    /// exactly the clusters of the last frame: none is left at a place it held before.
    @Test func overlaysFollowEveryFrameExactly() {
        let pieces = ["a", "b", " ", "東", "京", "👍🏽", "🇯🇵", "✈️", "👨‍👩‍👧", "é", "x"]
        var generator = SeededRandom(seed: 0x5EED_F00D)
        for round in 0..<300 {
            var frames: [ScreenBuffer] = []
            for _ in 0..<4 {
                var text = ""
                for _ in 0..<Int.random(in: 0...7, using: &generator) { text += pieces.randomElement(using: &generator) ?? "" }
                frames.append(row(text))
            }
            let got = Self.overlays(after: frames)
            let want = Self.clusters(in: frames[frames.count - 1])
            #expect(got == want, "round \(round), seed 0x5EED_F00D: \(frames.map { $0.line(0) })")
            if got != want { return }
        }
    }

    /// Applies each frame's writes to a `ClusterOverlays` as the terminal layer does, and
    /// returns the clusters it would draw: position → text.
    static func overlays(after frames: [ScreenBuffer]) -> [Int: String] {
        var overlays = ClusterOverlays()
        var previous: ScreenBuffer?
        for frame in frames {
            for write in FrameDiff.writes(from: previous, to: frame, width: frame.size.width, height: frame.size.height) {
                switch write {
                case .cell(let x, let y):
                    let cell = frame[x, y]
                    let overlay = TerminalGlyph.fitsOneCursesCell(cell.text, scalarLimit: 5) ? nil
                        : ClusterOverlays.Overlay(text: cell.text, width: DisplayWidth.of(cell.text), attributes: 0, pair: 0)
                    overlays.replace(at: x, y: y, with: overlay)
                case .covered(let x, let y):
                    overlays.replace(at: x, y: y, with: nil)
                }
            }
            previous = frame
        }
        return Dictionary(uniqueKeysWithValues: overlays.onScreen.map { ($0.key.x, $0.value.text) })
    }

    /// The clusters curses cannot hold in a frame's first row: position → text.
    static func clusters(in frame: ScreenBuffer) -> [Int: String] {
        var result: [Int: String] = [:]
        for x in 0..<frame.size.width where !frame[x, 0].isContinuation
            && !TerminalGlyph.fitsOneCursesCell(frame[x, 0].text, scalarLimit: 5) {
            result[x] = frame[x, 0].text
        }
        return result
    }
}

