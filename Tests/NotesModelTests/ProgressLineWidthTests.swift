import Synchronization
import Testing
import NotesModel

/// A progress line on a narrow terminal: it never fills the width (a wrapped line would
/// leave a row behind at each drawing), dropping the rate first, then the time left.
@Suite struct ProgressLineWidthTests {
    @Test func aLongLineLosesItsRateThenItsTimeLeftThenIsCut() {
        let text = "importing: writing 22,528 / 30,000 notes · 8,607/s · 1 s left"
        #expect(ProgressLine.fitted(text, columns: 80) == text)
        #expect(ProgressLine.fitted(text, columns: 60) == "importing: writing 22,528 / 30,000 notes · 1 s left")
        #expect(ProgressLine.fitted(text, columns: 45) == "importing: writing 22,528 / 30,000 notes")
        #expect(ProgressLine.fitted(text, columns: 20) == "importing: writing ")
        #expect(ProgressLine.fitted(text, columns: 0) == "i")
    }

    @Test func theLineIsFittedToTheWidthAtEachDrawing() {
        let now = Mutex(100.0)
        let width = Mutex<Int?>(nil)
        let written = Mutex<[UInt8]>([])
        let line = ProgressLine(label: "importing: writing", unit: .items("notes"), clock: { now.withLock { $0 } },
                                columns: { width.withLock { $0 } }, write: { bytes in written.withLock { $0 += bytes } })
        now.withLock { $0 += 1 }
        line.update(done: 2_048, total: 3_000)
        width.withLock { $0 = 40 }
        now.withLock { $0 += 1 }
        line.update(done: 2_560, total: 3_000)

        let text = String(decoding: written.withLock { $0 }, as: UTF8.self)
        #expect(text == "\r\u{1B}[Kimporting: writing 2,048 / 3,000 notes"
            + "\r\u{1B}[Kimporting: writing 2,560 / 3,000 notes")
    }
}
