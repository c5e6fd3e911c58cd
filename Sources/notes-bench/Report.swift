import NotesJSON

/// The benchmark's output: a readable table, or one JSON object with stable key order.
struct Report {
    var noteCount: Int
    var storeBytes: Int?
    var figures: [Figure] = []
    /// Facts about the run that are not figures (build mode, sample counts, files).
    private(set) var facts: [(String, JSONValue)] = []
    /// Lines the table ends with (`--only quick-open`: each key's times; `--only app`: each
    /// body edit's), under `perKeyHeading`.
    var perKeyLines: [String] = []
    var perKeyHeading = "quick open, each key in the order typed: median wall (process CPU), ms:"

    init(noteCount: Int) {
        self.noteCount = noteCount
    }

    /// Records a fact about the run (JSON only).
    mutating func fact(_ key: String, _ value: JSONValue) {
        facts.append((key, value))
    }

    /// The order of §6's table; figures not listed go last.
    static let order = ["open_ms", "baseline_sqlite_open_list_ms", "open_sqlite_ratio", "commit_median_ms", "commit_p99_ms",
                        "command_show_ms", "command_set_ms", "command_rename_links_ms", "command_add_ms", "command_rm_ms", "command_category_list_ms", "filter_p99_ms", "filter_count_p99_ms", "frame_ms",
                        "bytes_per_move", "bytes_per_press_move", "bytes_per_press", "peak_rss_bytes", "peak_rss_ratio"]

    var orderedFigures: [Figure] {
        figures.enumerated().sorted { left, right in
            let a = Self.order.firstIndex(of: left.element.key) ?? Self.order.count
            let b = Self.order.firstIndex(of: right.element.key) ?? Self.order.count
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    func table() -> String {
        var rows: [[String]] = [["figure", "value", "target", "baseline (same run)", "result"]]
        for figure in orderedFigures {
            rows.append([
                figure.label,
                figure.value.map { Figure.format($0, figure.unit) } ?? "n/a",
                figure.target.map { "≤ " + Figure.format($0, figure.unit) } ?? "",
                baselineText(figure),
                figure.resultText,
            ])
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = ["notes-bench: \(noteCount) notes, store file \(storeBytes.map { String($0).groupedThousands + " bytes" } ?? "n/a")"]
        if facts.contains(where: { $0.0 == "build" && $0.1 == .string("debug") }) {
            lines.append("(debug build: the figures mean little; use swift run -c release notes-bench)")
        }
        lines.append("")
        for (index, row) in rows.enumerated() {
            lines.append(zip(row, widths).map { pad($0, $1) }.joined(separator: "  ").trailingSpacesRemoved)
            if index == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        let notes = orderedFigures.compactMap { figure in figure.note.map { "  \(figure.key): \($0)" } }
        if !notes.isEmpty { lines += ["", "notes:"] + notes }
        if !perKeyLines.isEmpty { lines += ["", perKeyHeading] + perKeyLines }
        return lines.joined(separator: "\n")
    }

    private func baselineText(_ figure: Figure) -> String {
        guard let baseline = figure.baseline else { return "" }
        var text = "\(baseline.label) \(Figure.format(baseline.value, figure.unit))"
        if let value = figure.value, value > 0 {
            text += " = \(Figure.fixed(baseline.value / value, 2))× ours"
        }
        return text
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    func json() -> String {
        var members: [(String, JSONValue)] = [
            ("notes", .figure(Double(noteCount))),
            ("store_bytes", storeBytes.map { .figure(Double($0)) } ?? .null),
        ]
        var unavailable: [(String, JSONValue)] = []
        var targets: [(String, JSONValue)] = []
        for figure in orderedFigures {
            members.append((figure.key, figure.value.map { .figure($0) } ?? .null))
            if let baseline = figure.baseline { members.append((baseline.key, .figure(baseline.value))) }
            if let target = figure.target { targets.append((figure.key, .figure(target))) }
            if figure.value == nil { unavailable.append((figure.key, .string(figure.note ?? "not measured"))) }
        }
        members.append(("targets", .object(targets)))
        members.append(("passed", .object(figures.compactMap { figure in figure.passed.map { (figure.key, .bool($0)) } })))
        members.append(("unavailable", .object(unavailable)))
        members.append(("notes_on_figures", .object(figures.compactMap { figure in
            figure.value != nil ? figure.note.map { (figure.key, .string($0)) } : nil
        })))
        members.append(("run", .object(facts)))
        return JSONValue.object(members).serialized(pretty: false)
    }
}

extension String {
    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
