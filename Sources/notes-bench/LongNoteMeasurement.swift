import Foundation
import NotesModel
import NotesTerminal
import NotesUI

/// `--long-note MB`: the read view of one note of MB MiB of Markdown (headings, paragraphs,
/// tasks, tables, quotes, code blocks), rendered (the default) and raw (`R`): opening it,
/// paging down, `G`, `/` and `n`, each key timed through `AppUpdate.update` and the frame
/// it draws (`AppRender.render`, 200×60), as `UIProbe` does. PRODUCT §6: ≤ 16 ms a key.
enum LongNoteMeasurement {
    static func run(megabytes: Int) -> Report {
        FileHandle.standardError.write(Data("notes-bench: a note of \(megabytes) MiB\n".utf8))
        let note = Note(title: "Long note", body: body(bytes: megabytes << 20))
        let snapshot = NotesSnapshot(NotesDatabase(notes: [note]), searchText: .now)
        var report = Report(noteCount: 1)
        report.fact("long_note_bytes", .figure(Double(note.bodyUTF8CountBound)))
        report.figures += figures(snapshot, raw: false) + figures(snapshot, raw: true)
        return report
    }

    /// Sections of about 400 bytes; the word `needle` only in the one three quarters down.
    static func body(bytes: Int) -> String {
        var text = ""
        text.reserveCapacity(bytes + 1024)
        var index = 0
        let needleAt = bytes * 3 / 4
        while text.utf8.count < bytes {
            let extra = text.utf8.count < needleAt && text.utf8.count + 500 >= needleAt ? " the needle" : ""
            text += """
                ## Section \(index)

                Some **bold** text\(extra) with a [link](https://example.org/\(index)) and `code`, long enough to wrap \
                at eighty columns once or twice.

                - [ ] task \(index)
                - [x] done \(index)

                | name | value |
                |------|-------|
                | n\(index) | \(index * 7) |

                > a quote

                ```swift
                let value = \(index)

                print(value)
                ```


                """
            index += 1
        }
        return text
    }

    /// The keys of one view, rendered or raw, as figures.
    static func figures(_ snapshot: NotesSnapshot, raw: Bool) -> [Figure] {
        var state = AppState(size: UIProbe.frameSize)
        state.reconcile(with: snapshot)
        let open = timed(.enter, &state, snapshot)
        if raw { UIProbe.press(.character("R"), &state, snapshot) }
        var pages = Samples()
        for _ in 0..<30 { pages.add(timed(.pageDown, &state, snapshot)) }
        let end = timed(.character("G"), &state, snapshot)
        for character in "/needle" { UIProbe.press(.character(character), &state, snapshot) }
        let search = timed(.enter, &state, snapshot)
        let next = timed(.character("n"), &state, snapshot)
        let view = raw ? "raw" : "rendered"
        let prefix = raw ? "long_raw_" : "long_read_"
        let target: Double? = raw ? nil : 16
        return [
            Figure(key: prefix + "open_ms", label: "\(view) read view of the long note: open", unit: .milliseconds,
                   value: open, target: target, note: "Enter on the notes list, update + 200×60 frame"),
            Figure(key: prefix + "page_max_ms", label: "… page down (max)", unit: .milliseconds, value: pages.maximum,
                   target: target, note: "\(pages.count) PgDn from the top; median " + UIMeasurement.format(pages.median)),
            Figure(key: prefix + "end_ms", label: "… G (the end)", unit: .milliseconds, value: end, target: target),
            Figure(key: prefix + "search_ms", label: "… /needle Enter (¾ down)", unit: .milliseconds, value: search,
                   note: "looks through every byte between the top and the match, as `less` does"),
            Figure(key: prefix + "next_ms", label: "… n (goes round to it)", unit: .milliseconds, value: next),
        ]
    }

    /// One key through the app's update function and the frame it draws, in milliseconds.
    static func timed(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot) -> Double {
        var current = state
        let (_, milliseconds) = Stopwatch.time {
            UIProbe.press(key, &current, snapshot)
            return UIProbe.render(current, snapshot)
        }
        state = current
        return milliseconds
    }
}
