import NotesCore
import NotesUI

/// The benchmark's one doorway into the UI module: building what the first frame
/// needs, filtering, rendering a frame. Until the UI's `NoteIndex` and render
/// function are on main, every probe says so instead of guessing a number.
enum UIProbe {
    /// Why UI figures cannot be measured yet; nil once the UI has landed.
    static let missingReason: String? = "NotesUI has no NoteIndex / main-screen render on main yet"

    /// What was built to draw the first frame; keeps it alive while memory is measured.
    struct Prepared {
        let available: Bool
        let state: Any?
    }

    /// Builds whatever the UI needs before the first frame can be drawn.
    static func prepareFirstFrame(_ database: NotesDatabase) -> Prepared {
        Prepared(available: false, state: nil)
    }
}
