import Foundation
import NotesModel
import NotesTerminal
import NotesUI

/// The organizing keys that look across every note (PRODUCT §6: ≤ 16 ms a key at
/// 1,000,000 notes): `#` opening the tags screen with every tag's count, and `J` finding
/// today's note, each through `AppUpdate.update` and a frame drawn.
enum OrganizeMeasurement {
    static let target = 16.0
    static let repetitions = 30

    static func figures(_ prepared: UIProbe.Prepared) -> [Figure] {
        prepared.snapshot.index.waitUntilSearchable()
        return [tagsFigure(prepared), todayFigure(prepared)]
    }

    /// `#`, the frame drawn, then `q` back, several times; the p99 of `#`.
    static func tagsFigure(_ prepared: UIProbe.Prepared) -> Figure {
        var samples = Samples()
        var state = prepared.state
        var tags = 0
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            UIProbe.press(.character("#"), &state, prepared.snapshot)
            withExtendedLifetime(UIProbe.render(state, prepared.snapshot)) {}
            samples.add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            tags = state.tagBrowser?.counts.count ?? 0
            UIProbe.press(.character("q"), &state, prepared.snapshot)
        }
        return Figure(key: "tags_screen_p99_ms", label: "open the tags screen: # → counts drawn (p99)", unit: .milliseconds,
                      value: samples.p99, target: target,
                      note: "\(samples.count) presses of # (\(tags) tags with their counts, kept with the index), "
                        + "through AppUpdate.update and AppRender.render, q between; median "
                        + UIMeasurement.format(samples.median) + ", max " + UIMeasurement.format(samples.maximum))
    }

    /// `J` when today's note exists (made once first, as the app would have), the read view
    /// drawn, then `q` back; the p99.
    static func todayFigure(_ prepared: UIProbe.Prepared) -> Figure {
        var samples = Samples()
        var state = prepared.state
        var snapshot = prepared.snapshot
        let effects = AppUpdate.update(&state, event: .key(.character("J")), snapshot: snapshot, now: SyntheticStore.firstDate)
        for case .commit(let edits) in effects {
            let repository = InMemoryNotesRepository(snapshot.database)
            _ = try? snapshot.commit(edits, through: repository, now: SyntheticStore.firstDate)
        }
        UIProbe.press(.character("q"), &state, snapshot)
        for _ in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            UIProbe.press(.character("J"), &state, snapshot)
            withExtendedLifetime(UIProbe.render(state, snapshot)) {}
            samples.add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            UIProbe.press(.character("q"), &state, snapshot)
        }
        return Figure(key: "today_note_p99_ms", label: "J: today's note found and drawn (p99)", unit: .milliseconds,
                      value: samples.p99, target: target,
                      note: "\(samples.count) presses of J with today's note made, found by title in the index; "
                        + "through AppUpdate.update and AppRender.render, q between; median "
                        + UIMeasurement.format(samples.median) + ", max " + UIMeasurement.format(samples.maximum))
    }
}
