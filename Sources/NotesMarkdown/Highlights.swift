/// Obsidian's highlights, `==text==`, in a paragraph's runs: the markers are dropped and
/// the text between them gets `.highlight`. A marker opens when a non-blank follows it and
/// closes when a non-blank precedes it, as GitHub's `~~` does; an opening marker without a
/// closing one stays text (`a == b`, `x==`), and code spans and links keep their bytes.
enum Highlights {
    static func mark(_ runs: [MarkdownRun]) -> [MarkdownRun] {
        let places = markers(in: runs)
        guard places.count >= 2 else { return runs }
        var pairs: [(open: Place, close: Place)] = []
        var open: Place?
        for place in places {
            if let start = open, place.canClose {
                pairs.append((start, place))
                open = nil
            } else if open == nil, place.canOpen {
                open = place
            }
        }
        guard !pairs.isEmpty else { return runs }
        return InlineRuns.merged(apply(pairs, to: runs))
    }

    /// A `==` in a run: the run's index and the offset (in characters) of its first `=`.
    struct Place {
        let run: Int
        let offset: Int
        let canOpen: Bool
        let canClose: Bool
    }

    /// Every `==` outside code and links, left to right, a run of more than two `=` skipped
    /// (a run without `==` is not looked into: most paragraphs have none).
    private static func markers(in runs: [MarkdownRun]) -> [Place] {
        var places: [Place] = []
        for (index, run) in runs.enumerated() where run.text.contains("==") && !keepsBytes(run) {
            let characters = Array(run.text)
            var offset = 0
            while offset + 1 < characters.count {
                guard characters[offset] == "=", characters[offset + 1] == "=" else { offset += 1; continue }
                var end = offset
                while end < characters.count, characters[end] == "=" { end += 1 }
                if end - offset == 2 {
                    let after = end < characters.count ? characters[end] : character(after: index, in: runs)
                    let before = offset > 0 ? characters[offset - 1] : character(before: index, in: runs)
                    places.append(Place(run: index, offset: offset, canOpen: !isBlank(after), canClose: !isBlank(before)))
                }
                offset = end
            }
        }
        return places
    }

    /// The runs with each pair's markers taken out and `.highlight` on what is between.
    private static func apply(_ pairs: [(open: Place, close: Place)], to runs: [MarkdownRun]) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        for (index, run) in runs.enumerated() {
            // The run cut at the markers inside it, each piece highlighted or not.
            var cuts: [(offset: Int, opens: Bool)] = []
            for pair in pairs {
                if pair.open.run == index { cuts.append((pair.open.offset, true)) }
                if pair.close.run == index { cuts.append((pair.close.offset, false)) }
            }
            var inside = pairs.contains { $0.open.run < index && $0.close.run >= index }
            let characters = Array(run.text)
            var start = 0
            for cut in cuts.sorted(by: { $0.offset < $1.offset }) {
                result.append(piece(characters[start..<cut.offset], run.styles, highlighted: inside))
                inside = cut.opens
                start = cut.offset + 2
            }
            result.append(piece(characters[start...], run.styles, highlighted: inside))
        }
        return result  // empty pieces: `InlineRuns.merged` drops them
    }

    private static func piece(_ characters: ArraySlice<Character>, _ styles: Set<MarkdownStyle>, highlighted: Bool) -> MarkdownRun {
        MarkdownRun(String(characters), highlighted ? styles.union([.highlight]) : styles)
    }

    /// Code spans and links keep their text as written.
    private static func keepsBytes(_ run: MarkdownRun) -> Bool {
        run.styles.contains { style in
            switch style {
            case .inlineCode, .link, .wikiLink, .image, .embed: true
            default: false
            }
        }
    }

    private static func character(after run: Int, in runs: [MarkdownRun]) -> Character? {
        runs[(run + 1)...].lazy.compactMap(\.text.first).first
    }

    private static func character(before run: Int, in runs: [MarkdownRun]) -> Character? {
        runs[..<run].reversed().lazy.compactMap(\.text.last).first
    }

    private static func isBlank(_ character: Character?) -> Bool {
        guard let character else { return true }
        return character.isWhitespace
    }
}
