import Foundation
import NotesModel
import NotesUI

/// Backlinks of a note, as the read view asks for them (PRODUCT §6: ≤ 16 ms at 1,000,000
/// notes): from the link index kept with the search text, never by scanning bodies.
enum LinksMeasurement {
    static let target = 16.0

    /// The backlinks of every topic note (the most linked, see `TextCorpus.addTopicLink`) and of
    /// as many notes picked across the list, each timed; the p99.
    static func figure(_ prepared: UIProbe.Prepared) -> Figure {
        let index = prepared.snapshot.index
        index.waitUntilSearchable()
        let count = index.count
        var picked: [Note] = []
        for position in 0..<count {
            let note = index.note(at: position)
            if note.title.hasPrefix("Topic ") { picked.append(note) }
        }
        let topics = picked.count
        let step = max(1, count / max(1, min(count, 200)))
        for position in stride(from: 0, to: count, by: step) { picked.append(index.note(at: position)) }
        var samples = Samples()
        var most = 0
        for note in picked {
            let (backlinks, milliseconds) = Stopwatch.time { index.backlinks(of: note) }
            samples.add(milliseconds)
            most = max(most, backlinks.count)
        }
        return Figure(key: "backlinks_p99_ms", label: "backlinks of a note (p99)", unit: .milliseconds,
                      value: samples.p99, target: target,
                      note: "NoteIndex.backlinks(of:) for \(topics) topic notes (the most linked; up to \(most) "
                        + "linking notes) and \(picked.count - topics) notes across the list; median "
                        + UIMeasurement.format(samples.median) + ", max " + UIMeasurement.format(samples.maximum))
    }
}
