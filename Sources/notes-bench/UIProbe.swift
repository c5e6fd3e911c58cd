import Foundation
import NotesModel
import NotesTerminal
import NotesUI

/// The benchmark's one doorway into the UI module: what the app builds before its
/// first frame (`NotesSnapshot`, whose `NoteIndex` sorts the notes and keeps their
/// lowercased search text, and an `AppState`), and rendering a frame of it.
enum UIProbe {
    static let frameSize = TerminalSize(width: 200, height: 60)
    static let timeZone = TimeZone(identifier: "UTC") ?? TimeZone.current

    /// What was built to draw the first frame; keeps it alive while memory is measured.
    struct Prepared {
        let snapshot: NotesSnapshot
        let state: AppState
    }

    /// Builds what `AppRunner.init` builds before it draws: the snapshot (its search
    /// text on another core, as the app does) and the reconciled state.
    static func prepareFirstFrame(_ database: NotesDatabase) -> Prepared {
        let snapshot = NotesSnapshot(database, searchText: .inBackground)
        var state = AppState(size: frameSize)
        state.reconcile(with: snapshot)
        return Prepared(snapshot: snapshot, state: state)
    }

    /// One frame of the current screen, as `AppRunner.draw` renders it.
    static func render(_ state: AppState, _ snapshot: NotesSnapshot, colorMode: ColorMode = .trueColor) -> ScreenBuffer {
        AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: colorMode, timeZone: timeZone)
    }

    /// A pause with no key waiting, as the runner reports it (`.idle`): the filter searches its next slice.
    static func pause(_ state: inout AppState, _ snapshot: NotesSnapshot) {
        _ = AppUpdate.update(&state, event: .idle, snapshot: snapshot, now: SyntheticStore.firstDate)
    }

    /// One key through the app's update function.
    static func press(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        _ = AppUpdate.update(&state, event: .key(key), snapshot: snapshot, now: SyntheticStore.firstDate)
    }
}
