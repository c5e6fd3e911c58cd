import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesTerminal
@testable import NotesUI

/// Issue 11, attacked: the read view over a body held with JSON escapes must show what
/// it shows over the same text as plain UTF-8, whichever way each character is escaped,
/// wherever an escape or a line break falls against the 32 KB pieces, and walking it
/// forward, backward, by random steps, or searching it.
@Suite struct EscapedBodyAttackTests {
    // MARK: - Bodies escaped every way JSON allows

    /// A text and the inside of a JSON string holding it, built side by side.
    struct Body {
        var text = ""
        var escaped: [UInt8] = []

        /// Appends `piece`, each scalar escaped one of the ways JSON allows (picked by `random`),
        /// or always with `\u` when `forceHex`.
        mutating func append(_ piece: String, random: inout SeededRandom, forceHex: Bool = false) {
            text += piece
            for scalar in piece.unicodeScalars {
                let choice = forceHex ? 1 : random.next() % 4
                let upper = random.next() % 2 == 0
                func hex(_ value: UInt32) {
                    escaped += Array(String(format: upper ? "\\u%04X" : "\\u%04x", value).utf8)
                }
                let value = scalar.value
                if value >= 0x10000 {
                    if choice == 0 || choice == 3 { escaped += Array(String(scalar).utf8); continue }
                    hex(0xD800 + ((value - 0x10000) >> 10))
                    hex(0xDC00 + ((value - 0x10000) & 0x3FF))
                    continue
                }
                if choice == 1 { hex(value); continue }
                let short: [UInt32: String] = [0x22: "\\\"", 0x5C: "\\\\", 0x0A: "\\n", 0x09: "\\t", 0x0D: "\\r",
                                               0x08: "\\b", 0x0C: "\\f", 0x2F: "\\/"]
                if choice == 2, let escape = short[value] { escaped += Array(escape.utf8); continue }
                switch value {
                case 0x22, 0x5C, 0x0A, 0x09, 0x0D, 0x08, 0x0C:
                    escaped += Array((short[value] ?? "").utf8)
                case 0..<0x20: hex(value)
                default: escaped += Array(String(scalar).utf8)
                }
            }
        }

        /// Pads with `x` until the escaped bytes are `count` long.
        mutating func pad(to count: Int) {
            while escaped.count < count {
                text += "x"
                escaped.append(UInt8(ascii: "x"))
            }
        }
    }

    static let pieces = ["a", "word", "café", "漢字", "👍🏽", "e\u{301}", "\t", "\r\n", "\"q\"", "\\", "/", "\n", "\n\n",
                         " ", "  ", "\u{1}", "\u{8}", "\u{c}", "x", "é", "\u{20}", "\\\"", "longerwordhere", "🇫🇷",
                         "\u{0}", "\r", "\u{7f}", "\u{2028}", "\u{feff}", "\u{ffff}", "\u{10ffff}", "\u{5c}u0041"]

    /// A random body: pieces joined by spaces, long backslash runs, and (when `long`) very
    /// long lines with and without spaces, line breaks and escapes right at multiples of 32 KB.
    static func randomBody(seed: UInt64, words: Int, long: Bool) -> Body {
        var random = SeededRandom(seed: seed)
        var body = Body()
        for _ in 0..<words {
            switch random.next() % 40 {
            case 0: body.append(String(repeating: "\\", count: random.int(1...60)), random: &random)
            case 1 where long:
                // A line longer than three pieces, with or without spaces.
                let spaces = random.next() % 2 == 0
                let length = random.int(3 * BodyBlocks.pieceBytes...4 * BodyBlocks.pieceBytes)
                let start = body.escaped.count
                while body.escaped.count - start < length {
                    body.append(spaces && random.next() % 7 == 0 ? " " : pieces[Int(random.next() % 6)], random: &random)
                }
            case 2 where long:
                // A line break or an escape right around the next multiple of 32 KB.
                let multiple = (body.escaped.count / BodyBlocks.pieceBytes + 1) * BodyBlocks.pieceBytes
                let target = multiple + random.int(-12...12)
                body.pad(to: target)
                let special = ["\n", "é", "👍", "\\", "\u{A}", " ", "\\\\\\\\"][Int(random.next() % 7)]
                body.append(special, random: &random, forceHex: random.next() % 2 == 0)
            default:
                body.append(pieces[Int(random.next() % UInt64(pieces.count))], random: &random)
            }
            if random.next() % 3 != 0 { body.append(" ", random: &random) }
        }
        return body
    }

    // MARK: - Checking a layout

    /// Runs `use` with the layouts of `body` held with escapes and as plain UTF-8.
    static func withLayouts<R>(_ body: Body, width: Int,
                               _ use: (inout ReadLayout, inout ReadLayout) -> R) -> R {
        let key = WrappedBodyCache.Key(Note(title: "t", body: body.text), width: width)
        var plain = Array(body.text.utf8)
        return body.escaped.withUnsafeBufferPointer { escapedSource in
            plain.withUnsafeMutableBufferPointer { plainSource in
                var escaped = ReadLayout(bytes: BodyBytes(escaped: escapedSource), width: width, key: key, cache: WrappedBodyCache())
                var plainLayout = ReadLayout(bytes: BodyBytes(plain: UnsafeBufferPointer(plainSource)), width: width,
                                             key: key, cache: WrappedBodyCache())
                return use(&escaped, &plainLayout)
            }
        }
    }

    /// Checks that `layout` agrees with itself: backward meets every line forward met,
    /// random steps land where counting lines says, and `endTop`/`clampedTop` fit; returns its lines.
    static func checkSelf(_ layout: inout ReadLayout, seed: UInt64, label: String) -> [String] {
        let all = layout.lines(from: .top, count: .max)
        let texts = all.map(\.text)
        var index: [ReadPosition: Int] = [:]
        for (number, line) in all.enumerated() { index[line.position] = number }
        #expect(index.count == all.count, "\(label): positions are distinct")
        // Backward, one line at a time, from the last line.
        var position = layout.lastLine()
        #expect(index[position] == all.count - 1, "\(label): last line")
        var backward: [ReadPosition] = [position]
        while position != .top, backward.count <= all.count {
            position = layout.backward(position, by: 1)
            backward.append(position)
        }
        #expect(backward.reversed() == all.map(\.position), "\(label): backward meets the forward lines")
        // Random steps both ways.
        var random = SeededRandom(seed: seed)
        position = .top
        var at = 0
        for _ in 0..<60 {
            let step = random.int(1...max(1, min(300, all.count)))
            if random.next() % 2 == 0 {
                position = layout.forward(position, by: step)
                at = min(all.count - 1, at + step)
            } else {
                position = layout.backward(position, by: step)
                at = max(0, at - step)
            }
            #expect(index[position] == at, "\(label): step to line \(at)")
            let rows = random.int(1...30)
            #expect(layout.lines(from: position, count: rows).map(\.text) == Array(texts[at..<min(all.count, at + rows)]),
                    "\(label): lines from line \(at)")
            #expect(index[layout.endTop(rows: rows)] == max(0, all.count - rows), "\(label): endTop \(rows)")
            #expect(index[layout.clampedTop(position, rows: rows)] == min(at, max(0, all.count - rows)),
                    "\(label): clampedTop \(at) \(rows)")
        }
        return texts
    }

    /// Whether every paragraph of `body`, as held with escapes, is shorter than a piece (so nothing is cut).
    static func noLongParagraph(_ body: Body) -> Bool {
        body.text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
            $0.utf8.count * 12 < BodyBlocks.pieceBytes - 64
        }
    }

    // MARK: - Tests

    @Test func escapedAndPlainBodiesShowTheSameLines() {
        for seed in 1...40 {
            let body = Self.randomBody(seed: UInt64(seed), words: 400, long: false)
            #expect(Self.noLongParagraph(body))
            for width in [1, 2, 7, 40, 80] {
                Self.withLayouts(body, width: width) { escaped, plain in
                    let label = "seed \(seed) width \(width)"
                    let escapedLines = Self.checkSelf(&escaped, seed: UInt64(seed), label: "escaped " + label)
                    let plainLines = Self.checkSelf(&plain, seed: UInt64(seed), label: "plain " + label)
                    #expect(escapedLines == plainLines, "\(label)")
                }
            }
        }
    }

    @Test func longEscapedBodiesAgreeWithThemselvesAndKeepEveryCharacter() {
        for seed in 1...4 {
            let body = Self.randomBody(seed: UInt64(seed) &+ 1000, words: 1500, long: true)
            #expect(body.escaped.count > 4 * BodyBlocks.pieceBytes)
            #expect(String(decoding: body.escaped.withUnsafeBufferPointer { source in
                BodyBytes(escaped: source).decoded(0..<source.count)
            }.utf8, as: UTF8.self) == body.text)
            for width in seed == 1 ? [13, 80] : [80] {
                Self.withLayouts(body, width: width) { escaped, plain in
                    let label = "seed \(seed) width \(width)"
                    let escapedLines = Self.checkSelf(&escaped, seed: UInt64(seed), label: "escaped " + label)
                    let plainLines = Self.checkSelf(&plain, seed: UInt64(seed), label: "plain " + label)
                    let visible = { (lines: [String]) in lines.joined().unicodeScalars.filter { $0 != " " } }
                    #expect(String(String.UnicodeScalarView(visible(escapedLines)))
                        == String(String.UnicodeScalarView(visible(plainLines))), "\(label)")
                }
            }
        }
    }

    /// The matches `/` then `n` (or `N`) meet, going once round, as line numbers and columns.
    static func searchWalk(_ layout: inout ReadLayout, _ text: String, forward: Bool, limit: Int = 200) -> [String] {
        let all = layout.lines(from: .top, count: .max).map(\.position)
        var index: [ReadPosition: Int] = [:]
        for (number, position) in all.enumerated() { index[position] = number }
        let patterns = ReadSearch.patterns(for: text)
        guard var match = ReadSearch.first(from: .top, patterns: patterns, in: &layout)?.match else { return [] }
        var met = ["\(index[match.position] ?? -1):\(match.characters)"]
        for _ in 0..<limit {
            guard let step = ReadSearch.step(from: match, forward: forward, patterns: patterns, in: &layout),
                  !step.wentRound else { break }
            match = step.match
            met.append("\(index[match.position] ?? -1):\(match.characters)")
        }
        return met
    }

    @Test func searchFindsTheSameMatchesInEscapedAndPlainBytes() {
        for seed in 1...12 {
            let body = Self.randomBody(seed: UInt64(seed) &+ 500, words: 300, long: false)
            for text in ["word", "café", "\\", "\"q", "漢", "E\u{301}", "x", "👍", "/"] {
                for forward in [true, false] {
                    Self.withLayouts(body, width: 9) { escaped, plain in
                        let found = Self.searchWalk(&escaped, text, forward: forward)
                        #expect(found == Self.searchWalk(&plain, text, forward: forward), "seed \(seed) \(text) \(forward)")
                        #expect(!found.isEmpty || !body.text.contains(text.lowercased()), "seed \(seed) \(text)")
                    }
                }
            }
        }
    }

    @Test func aLastParagraphShorterThanAPieceIsNotCutAfterAnEscapedLineBreakAcrossAPiece() {
        // `\u000a` across offset 32768; then a last paragraph of 32766 bytes that passes 65536.
        var random = SeededRandom(seed: 1)
        var body = Body()
        body.pad(to: BodyBlocks.pieceBytes - 3)
        body.append("\n", random: &random, forceHex: true)
        body.pad(to: body.escaped.count + BodyBlocks.pieceBytes - 2)
        #expect(body.text.split(separator: "\n").allSatisfy { $0.utf8.count < BodyBlocks.pieceBytes })
        Self.withLayouts(body, width: 80) { escaped, plain in
            let lines = escaped.lines(from: .top, count: .max).map(\.text)
            #expect(lines == TextWrap.lines(body.text, width: 80))
            #expect(lines == plain.lines(from: .top, count: .max).map(\.text))
        }
    }

    @Test func bodiesWrittenByTheStoreShowTheSameLinesAsTheirText() throws {
        for seed in 1...6 {
            var body = Self.randomBody(seed: UInt64(seed) &+ 77, words: 600, long: seed <= 2)
            body.text = "\"" + body.text + "\\"
            let (folder, store, note) = try EscapedBodyTests.storedNote(body: body.text)
            defer { store.close(); folder.remove() }
            #expect(note.body == body.text)
            #expect(note.withBodyBytes(\.isEscaped))
            let stored = ReadLayout.with(note, width: 31, cache: WrappedBodyCache()) { layout in
                Self.checkSelf(&layout, seed: UInt64(seed), label: "stored seed \(seed)")
            }
            let plain = ReadLayout.with(Note(title: "t", body: body.text), width: 31, cache: WrappedBodyCache()) { layout in
                layout.lines(from: .top, count: .max).map(\.text)
            }
            if seed > 2 {
                #expect(stored == plain, "seed \(seed)")
                // The plain layout is the full wrap but at CRLF (see `LazyReadViewTests`, docs/decisions/0038).
                if !body.text.contains("\r") { #expect(stored == TextWrap.lines(body.text, width: 31), "seed \(seed)") }
            } else {
                #expect(stored.joined().filter { $0 != " " } == plain.joined().filter { $0 != " " }, "seed \(seed)")
            }
        }
    }

    @Test func edgeBodies() {
        var random = SeededRandom(seed: 3)
        let texts = ["", "\n", "\n\n\n", "\\", "\"", "é", "👍", "\r\n", "\n👍\n", "\\\n\\", "a\n", "\na",
                     String(repeating: "\n", count: 300), String(repeating: "\\", count: 5000) + "\n" + String(repeating: "\"", count: 5000)]
        for text in texts {
            for _ in 0..<6 {
                var body = Body()
                body.append(text, random: &random)
                for width in [1, 2, 80] {
                    Self.withLayouts(body, width: width) { escaped, plain in
                        let label = "\(body.escaped.count) bytes width \(width)"
                        let lines = Self.checkSelf(&escaped, seed: 9, label: label)
                        #expect(lines == Self.checkSelf(&plain, seed: 9, label: "plain " + label), "\(label)")
                        if !text.contains("\r\n") { #expect(lines == TextWrap.lines(text, width: width), "\(label)") }
                    }
                }
            }
        }
    }

    @Test func aBodyOfOneLongBackslashRunIsWalkedInLinearWork() {
        // 500 000 backslashes: one paragraph of a million escaped bytes, cut into 30 pieces.
        let text = String(repeating: "\\", count: 500_000)
        let escaped = Array(String(repeating: "\\\\", count: 500_000).utf8)
        escaped.withUnsafeBufferPointer { source in
            var blocks = BodyBlocks(BodyBytes(escaped: source))
            var starts = [0]
            while let next = blocks.block(at: starts[starts.count - 1]).next { starts.append(next) }
            #expect(starts.count > 25)
            #expect(blocks.bytes.backslashesCounted <= 2 * source.count, "walked \(blocks.bytes.backslashesCounted)")
            var backward = [blocks.lastBlockStart()]
            while backward[backward.count - 1] > 0 { backward.append(blocks.blockStart(before: backward[backward.count - 1])) }
            #expect(backward.reversed() == starts)
            #expect(blocks.bytes.backslashesCounted <= 4 * source.count, "walked \(blocks.bytes.backslashesCounted)")
        }
        let body = Body(text: text, escaped: escaped)
        Self.withLayouts(body, width: 80) { escaped, plain in
            let lines = escaped.lines(from: .top, count: .max).map(\.text)
            #expect(lines.joined() == text)
            #expect(lines.allSatisfy { $0.count <= 80 })
            #expect(plain.lines(from: .top, count: .max).map(\.text).joined() == text)
            let top = escaped.endTop(rows: 5)
            #expect(escaped.lines(from: top, count: 5).map(\.text) == Array(lines.suffix(5)))
        }
    }

    @Test func aPositionLeftFromAnotherHoldingOfTheBodyIsMovedToTheStartOfItsBlock() {
        // The read view keeps `readTop` while the store may swap the note's body from plain
        // text to the snapshot's escaped bytes (another process compacted): its block offset
        // then falls anywhere in the escaped bytes, inside an escape or a UTF-8 sequence.
        for seed in 1...4 {
            let body = Self.randomBody(seed: UInt64(seed) &+ 300, words: 120, long: false)
            Self.withLayouts(body, width: 11) { escaped, plain in
                for layout in [escaped, plain] {
                    var layout = layout
                    let all = layout.lines(from: .top, count: .max)
                    let starts = Set(all.map(\.position.block))
                    for offset in 0...layout.byteCount + 2 {
                        let position = layout.clamped(ReadPosition(block: offset, line: 1))
                        #expect(starts.contains(position.block), "seed \(seed) offset \(offset) -> \(position.block)")
                        #expect(position.block <= offset + BodyBytes.longestUnit, "seed \(seed) offset \(offset)")
                        guard let at = all.firstIndex(where: { $0.position == position }) else { continue }
                        #expect(layout.lines(from: position, count: 3).map(\.text) == all[at..<min(all.count, at + 3)].map(\.text))
                    }
                }
            }
        }
    }

    /// A store whose one note, a 400-line log with escapes, is still in the journal (held
    /// as plain text until another process compacts the store).
    static func storeWithALog() throws -> (TemporaryFolder, URL, NotesStore, Note) {
        let folder = try TemporaryFolder()
        let url = folder.file("notes.json")
        let reader = try NotesStore.open(at: url)
        let body = (0..<400).map { "line \($0): café \"quoted\" \\ 👍 done" }.joined(separator: "\n")
        let note = Note(title: "log", body: body)
        try reader.commit([.putNote(note)])
        return (folder, url, reader, note)
    }

    @Test func theReadViewStaysOnTheTextWhenAnotherProcessCompactsTheStore() throws {
        let (folder, url, reader, note) = try Self.storeWithALog()
        defer { reader.close(); folder.remove() }
        let body = note.body
        let reference = TextWrap.lines(body, width: 30)
        let held = try #require(reader.contents.notes[note.id])
        #expect(!held.withBodyBytes(\.isEscaped))
        let top = ReadLayout.with(held, width: 30, cache: WrappedBodyCache()) { $0.forward(.top, by: 500) }
        // Another process compacts: the reader reads the store again, the body now in the snapshot.
        let other = try NotesStore.open(at: url)
        try other.compactNow()
        other.close()
        _ = try reader.refresh()
        let reread = try #require(reader.contents.notes[note.id])
        #expect(reread.withBodyBytes(\.isEscaped))
        let shown = ReadLayout.with(reread, width: 30, cache: WrappedBodyCache()) { layout in
            layout.lines(from: layout.clampedTop(top, rows: 8), count: 8).map(\.text)
        }
        let at = try #require(reference.firstIndex(of: shown[0]), "\(shown[0]) is a line of the body")
        #expect(shown == Array(reference[at..<at + 8]))
        #expect(shown[0].hasPrefix("line "), "the view is at the start of a line of the text")
    }

    @Test func theReadViewKeepsItsPlaceWhenAnotherProcessCompactsTheStore() throws {
        let (folder, url, reader, note) = try Self.storeWithALog()
        defer { reader.close(); folder.remove() }
        var state = AppState(size: TerminalSize(width: 40, height: 20))
        state.reconcile(with: NotesSnapshot(reader.contents))
        let held = try #require(reader.contents.notes[note.id])
        state.screen = .reading(note.id)
        state.readHolding = ReadHolding(held)
        state.readTop = ReadLayout.with(held, width: 30, cache: WrappedBodyCache()) { $0.forward(.top, by: 501) }
        let shown = { (note: Note, top: ReadPosition) in
            ReadLayout.with(note, width: 30, cache: WrappedBodyCache()) { $0.lines(from: $0.clamped(top), count: 8).map(\.text) }
        }
        let before = shown(held, state.readTop)
        #expect(before.first == "done")
        let other = try NotesStore.open(at: url)
        try other.compactNow()
        other.close()
        _ = try reader.refresh()
        let reread = try #require(reader.contents.notes[note.id])
        #expect(reread.withBodyBytes(\.isEscaped))
        state.reconcile(with: NotesSnapshot(reader.contents))
        #expect(shown(reread, state.readTop) == before)
    }

    @Test func anOffsetInTheDecodedTextIsFoundInTheEscapedBytes() {
        for seed in 1...10 {
            let body = Self.randomBody(seed: UInt64(seed) &+ 40, words: 200, long: false)
            body.escaped.withUnsafeBufferPointer { source in
                let bytes = BodyBytes(escaped: source)
                var offset = 0
                for scalar in body.text.unicodeScalars {
                    let at = bytes.offset(ofDecoded: offset)
                    #expect(bytes.decoded(0..<at).utf8.count == offset, "seed \(seed) offset \(offset)")
                    offset += String(scalar).utf8.count
                }
                #expect(bytes.offset(ofDecoded: offset) == source.count)
                #expect(bytes.offset(ofDecoded: offset + 5) == source.count)
            }
        }
    }

    @Test func nAndNAfterTheBodyChangedUnderTheMatchEndWhenThePhraseIsGone() {
        // The match `n`/`N` step from was found in an earlier version of the body (another
        // process edited or compacted it): its block offset may be no block start now. With
        // the phrase gone, going round must still end where it began.
        var random = SeededRandom(seed: 4)
        var body = Body()
        for line in 0..<40 { body.append("line \(line) café \"q\" \\ 👍\n", random: &random) }
        Self.withLayouts(body, width: 12) { escaped, plain in
            for layout in [escaped, plain] {
                var layout = layout
                let patterns = ReadSearch.patterns(for: "needle")
                for offset in [1, 3, 7, 50, 333, layout.byteCount / 2 + 1, layout.byteCount - 1] {
                    let stale = ReadSearch.Match(position: ReadPosition(block: offset, line: 0), characters: 0..<6)
                    #expect(ReadSearch.step(from: stale, forward: true, patterns: patterns, in: &layout) == nil)
                    #expect(ReadSearch.step(from: stale, forward: false, patterns: patterns, in: &layout) == nil)
                    #expect(ReadSearch.first(from: stale.position, patterns: patterns, in: &layout) == nil)
                }
                // A phrase still there is found from a stale match, at a real position.
                let starts = Set(layout.lines(from: .top, count: .max).map(\.position.block))
                let stale = ReadSearch.Match(position: ReadPosition(block: 7, line: 0), characters: 0..<6)
                let found = ReadSearch.step(from: stale, forward: true, patterns: ReadSearch.patterns(for: "café"), in: &layout)
                #expect(found.map { starts.contains($0.match.position.block) } == true)
            }
        }
    }

    @Test func paragraphsShorterThanAPieceWithLineBreaksAroundMultiplesOfAPieceAreNeverCut() {
        var random = SeededRandom(seed: 11)
        let piece = BodyBlocks.pieceBytes
        for round in 0..<60 {
            let spaces = round % 2 == 0
            func filler(_ body: inout Body, to count: Int) {
                while body.escaped.count < count {
                    let character: String = spaces && body.escaped.count % 7 == 0 ? " " : "x"
                    body.text += character
                    body.escaped += Array(character.utf8)
                }
            }
            var body = Body()
            filler(&body, to: 100)
            body.append("\n", random: &random)
            // Line breaks starting 12 bytes either side of 32768 and 65536, every escape of them.
            filler(&body, to: piece + random.int(-12...12))
            body.append("\n", random: &random)
            filler(&body, to: min(2 * piece + random.int(-12...12), body.escaped.count + piece - 1))
            body.append("\n", random: &random)
            let last = body.escaped.count
            filler(&body, to: last + [piece - 1, piece - 2, piece - 6, piece - 12, piece - 13, piece - 100][round % 6])
            let paragraphs = body.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(paragraphs.allSatisfy { $0.utf8.count < piece })
            Self.withLayouts(body, width: 80) { escaped, plain in
                let lines = escaped.lines(from: .top, count: .max).map(\.text)
                #expect(lines == TextWrap.lines(body.text, width: 80), "round \(round)")
                #expect(lines == plain.lines(from: .top, count: .max).map(\.text), "round \(round)")
                #expect(escaped.linesWalkedBackward() == lines, "round \(round)")
            }
        }
    }

    @Test func thePreviewOfAStoredBodyShowsWhatThePlainTextShows() throws {
        for seed in 1...6 {
            let text = Self.randomBody(seed: UInt64(seed) &+ 900, words: 5000, long: false).text
            let (folder, store, note) = try EscapedBodyTests.storedNote(body: text)
            defer { store.close(); folder.remove() }
            #expect(note.withBodyBytes { $0.isEscaped && $0.count > 19_520 })
            for (rows, width) in [(20, 60), (5, 1), (40, 120)] {
                let shown = PreviewPane.shownStart(of: note, rows: rows, width: width)
                #expect(text.hasPrefix(shown), "seed \(seed)")
                #expect(TextWrap.lines(shown, width: width, limit: rows) == TextWrap.lines(text, width: width, limit: rows),
                        "seed \(seed) rows \(rows) width \(width)")
            }
        }
    }

    @Test func nAndNMeetTheSameMatchesThroughALongEscapedBody() {
        let body = Self.randomBody(seed: 1001, words: 800, long: true)
        Self.withLayouts(body, width: 40) { escaped, _ in
            for text in ["longerwordhere", "\"q\"", "🇫🇷"] {
                let forward = Self.searchWalk(&escaped, text, forward: true, limit: 5000)
                #expect(forward.count > 3 && forward.count < 5000, "\(text)")
                // `N` from the first match goes round to the last, then back up to the first.
                let all = escaped.lines(from: .top, count: .max).map(\.position)
                var index: [ReadPosition: Int] = [:]
                for (number, position) in all.enumerated() { index[position] = number }
                let patterns = ReadSearch.patterns(for: text)
                var match = ReadSearch.first(from: .top, patterns: patterns, in: &escaped)?.match
                var backward: [String] = []
                for step in 0..<5000 {
                    guard let current = match,
                          let next = ReadSearch.step(from: current, forward: false, patterns: patterns, in: &escaped),
                          next.wentRound == (step == 0) else { break }
                    backward.append("\(index[next.match.position] ?? -1):\(next.match.characters)")
                    match = next.match
                }
                #expect(Array(backward.reversed()) == forward, "\(text)")
            }
        }
    }
}
