import Foundation
import NotesModel

/// What came of an effect, or of the world outside the app (another process's commits,
/// the running sync): the runner hands each to `AppUpdate.update(_:result:snapshot:)`,
/// which alone turns it into state and words (bubbletea's "a command returns a message").
/// The runner performs effects and draws; it writes no state of its own.
public enum EffectResult: Equatable, Sendable {
    /// A commit went through; `resolution` says what it met elsewhere. `selecting`: the
    /// note or category to put the cursor on (nil: as `update` left it).
    case committed(EditResolution, selecting: UUID?)
    /// A commit failed; the list shows the store again.
    case commitFailed(String)
    /// A commit found the store's lock held and waits (the list shows it as done);
    /// `keeping`: the note the cursor was on.
    case queued(AppState.WaitingSaves, keeping: UUID?)
    /// Queued commits were tried again: `saved` of them went through, meeting `met`;
    /// `failure`: one that failed for good (dropped); `waiting`: what still waits.
    case triedWaiting(saved: Int, met: EditResolution, failure: String?, waiting: AppState.WaitingSaves?,
                      keeping: UUID?)
    /// The editor ended (`e`, or `n` after the title); `noteID`: the note edited or written.
    case editFinished(EditorOutcome, noteID: UUID)
    /// `n`: the editor failed before writing (`:cq`), so no note was made; `title`: the
    /// title typed, given back in the prompt.
    case newNoteAbandoned(EditorOutcome, title: String)
    /// `u` or `Ctrl-R` was carried out, or why not.
    case undo(UndoStep.Direction, UndoResult)
    /// `S`: the sync started, or could not.
    case syncStarted
    case syncAlreadyRunning
    case syncUnavailable
    /// `S` before the whole store is in (an early start): the sync starts once it is.
    case syncWaitsForTheStore
    /// A progress line of the running sync.
    case syncProgress(String)
    /// The sync ended: its summary, or git's error.
    case syncFinished(message: String, isError: Bool)
    /// Another process's commits came in (or the store was read again); `keeping`: the
    /// note to keep the cursor on (nil: as it is).
    case refreshed(keeping: UUID?)
    /// The store could not be read again.
    case refreshFailed(String)
    /// The input ended while a sync runs: the runner waits for it.
    case inputEndedDuringSync
    /// A message for the status line from outside the loop (the store's warnings at start).
    case notice(String, isError: Bool)
    /// The sizes of the read note's attachment files, for the list under its body.
    case attachmentSizes(AttachmentSizes)
    /// The templates folder as it is now (nil: the runner has none to read; the settings'
    /// templates stay), then what they were read for.
    case templatesRead([NoteTemplate]?, then: TemplatesUse)

    /// How an undo or redo went.
    public enum UndoResult: Equatable, Sendable {
        /// Done: what the step did (`UndoStep.summary`) and what it met elsewhere.
        case done(summary: String, elsewhere: String)
        case nothingToUndo
        /// Changes still wait for the lock; the step waits for them.
        case blockedBySaves
        /// A part the step puts back whole changed elsewhere meanwhile: the step is dropped.
        case changedElsewhere(String)
        /// Another process holds the lock: nothing happened, the step is kept.
        case locked(holder: String)
        case failed(String)
    }
}
