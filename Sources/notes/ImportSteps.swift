import NotesModel
import NotesStore
import NotesExchange

/// The steps of an import after its reading, each counted on its progress line (when
/// there is one) as `importing: checking 4,096 / 100,000 notes · 61,000/s · 2 s left`:
/// the plan checks each note read against the store (`checking`), the store applies the
/// changes (`applying`), then writes its snapshot (`writing`, then `saving`), and the
/// links to notes the store does not hold are counted. `Ctrl-C` while checking, or
/// while applying when no attachment file was saved yet, stops the import with nothing
/// written; later it is recorded and the import finished whole (`Interrupt`).
extension Import {
    /// The plan's count of notes checked; `Ctrl-C` stops it.
    static func checking(on line: ProgressLine?) -> ImportPlanProgress {
        ImportPlanProgress { checked, total in
            try Interrupt.checkBeforeWriting()
            line?.update(done: checked, total: total, unit: .items("notes"), label: "importing: checking")
        }
    }

    /// The store's count of changes applied; `Ctrl-C` stops it unless `filesSaved()`
    /// (attachment files written for the import, which a stop would leave behind).
    static func applying(on line: ProgressLine?, filesSaved: @escaping () -> Bool) -> ApplyProgress {
        { applied, total in
            if !filesSaved() { try Interrupt.checkBeforeWriting() }
            line?.update(done: applied, total: total, unit: .items("changes"), label: "importing: applying")
        }
    }

    /// The store's count of notes written into its snapshot. Before the first (the notes
    /// are put in order then) and once all are written (the file made durable, its index
    /// and links files), the step is named without a count, so the rate and time left
    /// are those of the writing alone.
    static func writing(on line: ProgressLine?) -> SnapshotProgress? {
        line.map { line in
            { written, total in
                switch written {
                case 0: line.show("importing: writing \(ProgressLine.grouped(total)) notes")
                case total: line.show("importing: saving \(ProgressLine.grouped(total)) notes")
                default: line.update(done: written, total: total, unit: .items("notes"), label: "importing: writing")
                }
            }
        }
    }
}
