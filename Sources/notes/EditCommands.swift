import ArgumentParser
import Foundation
import NotesBase
import NotesStore
import NotesEditing
import NotesConfig
import NotesLinks
import NotesModel

/// `notes edit ID`
struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a whole note in $VISUAL, else $EDITOR, else vi.",
        discussion: """
        The file starts with a header (title, category, tags, kind) and then the body; \
        changing the header changes the note, deleting it keeps the note's fields. A header \
        with a problem reopens the editor with the problem written at the top. If the note \
        changed elsewhere meanwhile, both versions are kept (the other as a conflict copy \
        tagged 'conflict'). If the text cannot be saved (the editor exits with an error, the \
        store cannot be written), it is kept in $XDG_STATE_HOME/notes/unsaved and the path \
        is printed.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The note's id or a unique prefix of it.")
    var id: String

    func run() throws {
        // The note alone: a title changed in the header finds the links to it through the
        // rename index, as `notes set --title` does, and opens the whole store only without one.
        let store = try storeOptions.open(touching: [id])
        let note = try store.contents.requireNote(id)
        try EditInEditor.run(note.id, in: store, openWhole: storeOptions.open)
    }
}

/// The whole-note edit of `notes edit` and `notes add --edit`.
enum EditInEditor {
    /// Runs the edit; says how it ended on stderr. Throws when the text was not saved.
    /// - Parameters:
    ///   - settings: the config file's (its `editor` when `$VISUAL` and `$EDITOR` are unset).
    ///   - cursor: where in the body to open the editor (a template's `{{cursor}}`).
    ///   - openWhole: opens the whole store, for a store opened for the note alone (see `TitleRename`).
    static func run(_ id: UUID, in store: NotesStore, openWhole: (() throws -> NotesStore)? = nil,
                    settings: NotesConfig.Settings? = nil, cursor: EditorCursor? = nil) throws {
        var store = store
        let environment = ProcessInfo.processInfo.environment
        let settings = settings ?? CLISettings.load(environment: environment).settings
        var launcher = ExternalEditor(environment: settings.editorEnvironment(environment))
        if let cursor { launcher.place(at: cursor) }
        let editor = launcher
        let session = NoteEditSession(runEditor: { path in try editor.run(file: path) },
                                      unsavedFolder: EditFile.unsavedFolder(environment: environment),
                                      now: { ISODate.rounded(Date()) })
        // A hangup while the editor runs waits until what it saved is saved or kept.
        let hold = TerminationHold.begin()
        let outcome = session.edit(
            noteID: id,
            refresh: {
                _ = try store.refresh()
                return store.contents
            },
            commit: { edit in
                // A title changed in the header renames the note: the links to it follow.
                let now = ISODate.rounded(Date())
                guard settings.updateLinks, let title = edit.title, title.from != title.to,
                      let note = store.contents.notes[edit.noteID] else { return try store.commit(edit, now: now) }
                let opened = store
                let resolution = try TitleRename.committing(renaming: note, in: &store, openWhole: openWhole ?? { opened }) {
                    try $1.commit(edit, in: $0, now: now)
                }
                return resolution.outcomes.first ?? EditOutcome(subject: .note(edit.noteID))
            })
        let unsavedFolder = EditFile.unsavedFolder(environment: environment)
        if let signal = hold.end() {
            // The terminal went away or the session is ending: the text is saved or kept,
            // and the next start of notes says where (nobody can read stderr now).
            Foundation.exit(128 + signal)
        }
        // Told here only while the terminal can show it (the editor may have ended on a hangup first).
        if case .kept(let path, _) = outcome, !TerminalHangup.hasHappened() { UnsavedTexts.markTold([path], in: unsavedFolder) }
        switch outcome {
        case .failed(let reason): throw CLIError.editNotSaved(reason)
        case .kept(let path, let reason): throw CLIError.editNotSaved("not saved, your text is kept in \(path) (\(reason))")
        default: Console.error(outcome.message)
        }
    }
}
