import Foundation
import NotesTestSupport
import NotesModel

/// What a `notes-stress commit` child reported: the commits that returned, in
/// order, and the one in flight (printed `pending` without its `ok`), if any.
struct StressLog {
    private(set) var committed: [[StoreChange]] = []
    private(set) var inFlight: [StoreChange]?
    private(set) var compactions = 0
    private(set) var unreadable: [String] = []
    private var pending: (Int, [StoreChange])?

    mutating func take(_ line: String) {
        switch StressReport(line: line) {
        case .pending(let number, let changes)?:
            pending = (number, changes)
            inFlight = changes
        case .ok(let number, let compacted)?:
            guard let (expected, changes) = pending, expected == number else {
                unreadable.append("ok \(number) without its pending line: \(line)")
                return
            }
            committed.append(changes)
            if compacted { compactions += 1 }
            pending = nil
            inFlight = nil
        case nil:
            unreadable.append(line)
        }
    }
}

/// A short account of how two databases differ, for failure messages.
enum DatabaseDifference {
    static func describe(expected: NotesDatabase, found: NotesDatabase) -> String {
        var lines: [String] = []
        for (id, note) in expected.notes where found.notes[id] != note {
            lines.append(found.notes[id] == nil ? "note \(id) (\(note.title)) is missing" : "note \(id) differs: expected \(note), found \(String(describing: found.notes[id]))")
        }
        for id in found.notes.keys where expected.notes[id] == nil { lines.append("note \(id) should not be there") }
        for (id, category) in expected.categories where found.categories[id] != category {
            lines.append(found.categories[id] == nil ? "category \(category.name) is missing" : "category \(category.name) differs: found \(String(describing: found.categories[id]))")
        }
        for id in found.categories.keys where expected.categories[id] == nil { lines.append("category \(id) should not be there") }
        if expected.recentColors != found.recentColors { lines.append("recent colors differ") }
        return lines.prefix(10).joined(separator: "\n")
    }
}
