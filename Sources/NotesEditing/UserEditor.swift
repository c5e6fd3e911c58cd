import Foundation
import NotesModel

/// The app's `NoteEditor`: a `NoteEditSession` on the user's editor, with a hangup held
/// until what the editor saved is saved or kept (`TerminationHold`), and a kept text
/// marked as told once its path is on the screen (`UnsavedTexts`).
public struct UserEditor: NoteEditor {
    /// Runs the editor on a file path and waits (`ExternalEditor.run(file:)`).
    public var runEditor: (String) throws -> Void
    /// Runs the editor on a file path with its cursor at a place of the body, and waits;
    /// nil: `runEditor`, the cursor where the editor puts it.
    public var runEditorAt: ((String, EditorCursor) throws -> Void)?
    /// Where a text that could not be saved is kept.
    public var unsavedFolder: URL
    public var now: () -> Date

    public init(runEditor: @escaping (String) throws -> Void, unsavedFolder: URL, now: @escaping () -> Date = Date.init,
                runEditorAt: ((String, EditorCursor) throws -> Void)? = nil) {
        self.runEditor = runEditor
        self.runEditorAt = runEditorAt
        self.unsavedFolder = unsavedFolder
        self.now = now
    }

    /// An "editor" that applies `transform` to the file's text (tests and the benchmark).
    public static func scripted(unsavedFolder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("notes-unsaved"),
                                now: @escaping () -> Date = Date.init,
                                _ transform: @escaping (String) throws -> String) -> UserEditor {
        UserEditor(runEditor: ScriptedEditor.applying(transform), unsavedFolder: unsavedFolder, now: now)
    }

    public func edit(noteID id: UUID, handover: TerminalHandover, refresh: () throws -> NotesDatabase,
                     commit: (NoteEdit) throws -> EditOutcome) -> EditorOutcome {
        inEditor(handover) { $0.edit(noteID: id, refresh: refresh, commit: commit) }
    }

    public func write(newNote note: Note, categoryName: String?, handover: TerminalHandover,
                      refresh: () throws -> NotesDatabase, commit: (Note) throws -> EditOutcome) -> EditorOutcome {
        write(newNote: note, categoryName: categoryName, cursor: nil, handover: handover, refresh: refresh, commit: commit)
    }

    public func write(newNote note: Note, categoryName: String?, cursor: EditorCursor?, handover: TerminalHandover,
                      refresh: () throws -> NotesDatabase, commit: (Note) throws -> EditOutcome) -> EditorOutcome {
        inEditor(handover, cursor: cursor) { $0.write(newNote: note, categoryName: categoryName, refresh: refresh, commit: commit) }
    }

    /// Runs an edit session with the terminal handed to the editor, and a hangup held
    /// until what the editor saved is saved or kept.
    /// `cursor`: where the editor puts its cursor (`runEditorAt`), nil where it likes.
    private func inEditor(_ handover: TerminalHandover, cursor: EditorCursor? = nil,
                          _ run: (NoteEditSession) -> EditorOutcome) -> EditorOutcome {
        withoutActuallyEscaping(handover) { handover in
            let editor: (String) throws -> Void = if let cursor, let runEditorAt {
                { path in try runEditorAt(path, cursor) }
            } else {
                runEditor
            }
            let session = NoteEditSession(runEditor: { path in try handover { try editor(path) } },
                                          unsavedFolder: unsavedFolder, now: now)
            let hold = TerminationHold.begin()
            let outcome = run(session)
            if let signal = hold.end() {
                // The terminal went away (or the session is ending) while the editor ran: the
                // text is saved or kept by now; the next start says where. End as the signal says.
                raise(signal)
            }
            if case .kept(let path, _) = outcome, !TerminalHangup.hasHappened() { UnsavedTexts.markTold([path], in: unsavedFolder) }
            return outcome
        }
    }
}
