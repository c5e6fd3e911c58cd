import Synchronization
import Testing
import NotesModel

/// A progress line that goes from one step of long work to the next (an import's reading,
/// then its writing): the next step's label and count, drawn at once, its rate its own.
@Suite struct ProgressLineStepTests {
    @Test func aNewLabelIsDrawnAtOnceWithItsOwnRate() {
        let now = Mutex(100.0)
        let written = Mutex<[UInt8]>([])
        let line = ProgressLine(label: "importing", unit: .bytes, clock: { now.withLock { $0 } },
                                write: { bytes in written.withLock { $0 += bytes } })
        line.update(done: 4_000_000, total: 8_000_000)
        now.withLock { $0 += 10 }
        line.show("importing: preparing 3,000 notes")
        now.withLock { $0 += 0.05 }  // within the interval of the text shown: a new step is drawn all the same
        line.update(done: 0, total: 3_000, unit: .items("notes"), label: "importing: writing")
        now.withLock { $0 += 1 }
        line.update(done: 2_048, total: 3_000, unit: .items("notes"), label: "importing: writing")
        now.withLock { $0 += 0.1 }
        line.update(done: 3_000, total: 3_000, unit: .items("notes"), label: "importing: writing")  // too soon
        line.finish()

        let text = String(decoding: written.withLock { $0 }, as: UTF8.self)
        #expect(text == "\r\u{1B}[Kimporting 4.0 / 8.0 MB"
            + "\r\u{1B}[Kimporting: preparing 3,000 notes"
            + "\r\u{1B}[Kimporting: writing 0 / 3,000 notes"
            + "\r\u{1B}[Kimporting: writing 2,048 / 3,000 notes · 2,048/s · 1 s left"
            + "\r\u{1B}[K")
    }
}
