import Foundation
import NotesBase
import NotesModel
import NotesExchange

/// One edit of a whole note in the user's editor, from the file to the commit; the
/// same for `notes edit` and the UI's `e`.
///
/// The note is written as a `NoteDocument`; the editor runs on it; the text is read
/// back. A header with a problem (an unknown category, bad YAML) reopens the editor on
/// the same text with the problem written at the top as `# error:` lines. The save is a
/// field edit (`EditMerge.edit`) that the commit resolves against the store under its
/// lock, with what happened to the note meanwhile. Whenever the text
/// cannot be saved (the editor failed, the problem was left as it was, the store would
/// not commit) the file is kept in the unsaved folder and its path is reported: typed
/// text is never thrown away.
public struct NoteEditSession {
    /// Runs the editor on a file path and waits; throws if it fails. The caller hands over the terminal.
    public var runEditor: (String) throws -> Void
    /// Where a text that could not be saved is kept.
    public var unsavedFolder: URL
    public var temporaryFolder: URL
    public var now: () -> Date

    public init(runEditor: @escaping (String) throws -> Void, unsavedFolder: URL,
                temporaryFolder: URL = FileManager.default.temporaryDirectory, now: @escaping () -> Date = Date.init) {
        self.runEditor = runEditor
        self.unsavedFolder = unsavedFolder
        self.temporaryFolder = temporaryFolder
        self.now = now
    }

    /// How an edit ended (`EditorOutcome`).
    public typealias Outcome = EditorOutcome

    /// Edits the note `id`. `refresh` returns the store's current contents (after picking up
    /// other processes' commits); `commit` resolves the edit against the store under its
    /// lock and commits it (`NotesRepository.commit(_:now:)`), or throws.
    ///
    /// The text goes to the file and back as bytes: the body is decoded from the store
    /// once, into the document, and the edited body is compared with it byte for byte;
    /// it becomes a `String` only when it changed.
    public func edit(noteID id: UUID, refresh: () throws -> NotesDatabase,
                     commit: (NoteEdit) throws -> EditOutcome) -> Outcome {
        // Only the note is kept from the store's contents: a whole database held across
        // the commit would make the store copy every note instead of changing one.
        let base: Note, initial: NoteDocument.Rendered
        switch Self.document(of: id, refresh: refresh) {
        case .success(let found): (base, initial) = found
        case .failure(let reason): return .failed(reason.text)
        }
        return run(base: base, initial: initial, isNew: false, refresh: refresh) { edited in
            try commit(EditMerge.edit(base: base, edited: edited))
        }
    }

    /// Writes a new note, not in the store yet, in the editor: `commit` puts the note as
    /// the editor saved it. An editor that quits with success without writing the file
    /// (`:q`) or saves the text unchanged (`:wq`) creates it as it was given; only an
    /// editor that fails before writing (`:cq`) abandons it: nothing is created. An editor
    /// that fails after writing keeps the text in a file, as any unsaved edit.
    public func write(newNote note: Note, categoryName: String?, refresh: () throws -> NotesDatabase,
                      commit: (Note) throws -> EditOutcome) -> Outcome {
        let initial = NoteDocument.renderUTF8(note, categoryName: categoryName)
        return run(base: note, initial: initial, isNew: true, refresh: refresh, commit: commit)
    }

    /// The edit loop of `edit` and `write(newNote:)`: `commit` gets the note as edited.
    private func run(base: Note, initial: NoteDocument.Rendered, isNew: Bool, refresh: () throws -> NotesDatabase,
                     commit: (Note) throws -> EditOutcome) -> Outcome {
        let file: EditFile
        do { file = try EditFile(bytes: initial.bytes, name: base.title, temporaryFolder: temporaryFolder) } catch {
            return .failed(error.description)
        }
        if isNew { file.markUnwritten() }
        let ending = initial.withBody(NoteDocument.FinalLineFeed.init(original:))
        var lastWritten = initial.bytes[...]
        var problem: NoteDocumentError?
        while true {
            // A new note the editor never saved is abandoned (after a problem was written
            // into the file, the text typed before is in it: that is kept as any other).
            let abandons = isNew && problem == nil
            do { try runEditor(file.path) } catch {
                return editorFailed(error, file: file, abandons: abandons, initial: initial)
            }
            if abandons && !file.wasWritten { return createAsGiven(base, file: file, commit: commit) }
            let text: ArraySlice<UInt8>
            do { text = try Self.text(of: file) } catch { return keep(file, because: error.description) }
            let cleaned = problem == nil ? text : Self.removingProblemLines(text)
            if UTF8Text.isBlank(cleaned) {
                file.discard()
                return .emptied
            }
            if let problem, UTF8Text.equal(text, lastWritten) {
                return keep(file, because: "the note was not saved: \(problem)")
            }
            let split: NoteDocument.Split
            switch Self.split(cleaned, ending: ending, initial: initial) {
            case .success(let found): split = found
            case .failure(let error): return keep(file, because: error.description)
            }
            let plan = save(split, base: base, refresh: refresh)
            switch plan {
            case .unreadableStore(let reason):
                return keep(file, because: reason)
            case .problem(let error):
                problem = error
                let annotated = Array(Self.annotation(error).utf8) + cleaned
                do { try file.write(bytes: annotated) } catch { return keep(file, because: "\(error)") }
                lastWritten = annotated[...]
                continue
            case .unchanged where !isNew:
                file.discard()
                return .unchanged
            case .unchanged, .edit:
                // A new note saved unchanged is created as it was written.
                let edited = if case .edit(let note) = plan { note } else { base }
                let outcome: EditOutcome
                do { outcome = try commit(edited) } catch { return keep(file, because: "the note could not be saved: \(error)") }
                file.discard()
                return isNew ? .created(outcome, title: edited.title) : .saved(outcome, title: edited.title)
            }
        }
    }

    /// The editor failed: a new note it never wrote is abandoned (or, if the editor never
    /// ran, the failure is said); a file it never changed is dropped; else the text is kept.
    private func editorFailed(_ error: any Error, file: EditFile, abandons: Bool,
                              initial: NoteDocument.Rendered) -> Outcome {
        if abandons && !file.wasWritten {
            file.discard()
            // An editor that never ran is an error to fix; one that quit with an error (`:cq`) is a choice.
            return Self.editorNeverRan(error) ? .failed("\(error); the new note was not made")
                : .abandoned(reason: "\(error)")
        }
        if Self.editorNeverRan(error), let text = try? Self.text(of: file),
           UTF8Text.equal(text, initial.bytes[...]) {
            file.discard()
            return .failed("\(error); nothing was changed")
        }
        return keep(file, because: "\(error)")
    }

    /// The edited text split into its front matter and body, the body compared with the one given.
    private static func split(_ text: ArraySlice<UInt8>, ending: NoteDocument.FinalLineFeed,
                              initial: NoteDocument.Rendered) -> Result<NoteDocument.Split, NoteDocumentError> {
        text.withUnsafeBufferPointer { text in
            initial.withBody { body in
                Result { () throws(NoteDocumentError) in
                    try NoteDocument.split(text, ending: ending, originalBody: body)
                }
            }
        }
    }

    /// Quit without writing (`:q`): the new note is made as it was given (its title typed,
    /// its body empty), as `notes add --edit` makes it first.
    private func createAsGiven(_ note: Note, file: EditFile, commit: (Note) throws -> EditOutcome) -> Outcome {
        do {
            let outcome = try commit(note)
            file.discard()
            return .created(outcome, title: note.title)
        } catch {
            return keep(file, because: "the note could not be saved: \(error)")
        }
    }

    /// Whether `error` says the editor never got to the file (not found, no terminal, not started).
    private static func editorNeverRan(_ error: any Error) -> Bool {
        switch error as? EditorError {
        case .failed(_, 127), .noTerminal, .couldNotStart: true
        default: false
        }
    }

    /// Why an edit could not start.
    private struct StartFailure: Error { let text: String }

    /// The note and its document, read from the store's current contents.
    private static func document(of id: UUID, refresh: () throws -> NotesDatabase)
        -> Result<(Note, NoteDocument.Rendered), StartFailure> {
        let start: NotesDatabase
        do { start = try refresh() } catch { return .failure(StartFailure(text: "cannot read the store: \(error)")) }
        guard let note = start.notes[id] else { return .failure(StartFailure(text: "the note is gone")) }
        let categoryName = note.categoryID.flatMap { start.categories[$0]?.name }
        return .success((note, NoteDocument.renderUTF8(note, categoryName: categoryName)))
    }

    /// The file's text as `String(data:encoding: .utf8)` read it: without one leading
    /// byte-order mark. (Whether it is UTF-8 is checked when it is split.)
    private static func text(of file: EditFile) throws(EditorError) -> ArraySlice<UInt8> {
        let bytes = try file.readBytes()
        return bytes.starts(with: UTF8Text.byteOrderMark) ? bytes.dropFirst(UTF8Text.byteOrderMark.count) : bytes[...]
    }

    /// What saving the edited text would do.
    private enum SavePlan {
        case unreadableStore(String)
        case problem(NoteDocumentError)
        case unchanged
        /// The note as edited.
        case edit(Note)
    }

    /// Reads the edited document against the store's current contents (an unknown
    /// category is a problem to fix in the editor, reported with every other problem of the
    /// header at once). The contents are let go of before the caller commits.
    private func save(_ split: NoteDocument.Split, base: Note, refresh: () throws -> NotesDatabase) -> SavePlan {
        let current: NotesDatabase
        do { current = try refresh() } catch { return .unreadableStore("cannot read the store: \(error)") }
        var problems: [NoteDocumentError] = []
        let fields = NoteDocument.fields(split, problems: &problems)
        let edited = NoteDocument.apply(fields, to: base, in: current, problems: &problems)
        if let error = NoteDocumentError(all: problems) { return .problem(error) }
        // A body known to differ (it was compared byte for byte) is a change; no need to read it again.
        guard fields.bodyIsOriginal == false || EditMerge.isChanged(base, edited) else { return .unchanged }
        return .edit(edited)
    }

    private func keep(_ file: EditFile, because reason: String) -> Outcome {
        .kept(path: file.keep(in: unsavedFolder, now: now()), reason: reason)
    }

    static let problemPrefix = "# error: "

    /// `text` with `problem` written above it as YAML comment lines.
    static func annotated(_ text: String, problem: NoteDocumentError) -> String {
        annotation(problem) + text
    }

    /// The `# error:` lines that `annotated` puts above the text.
    static func annotation(_ problem: NoteDocumentError) -> String {
        let problems = problem.problems
        let lines = problems.map { one in one.line.map { "line \($0 + problems.count + 1): \(one.reason)" } ?? one.reason }
            + [(problems.count == 1 ? "fix it" : "fix them") + " and save; save it unchanged or quit with an error (:cq) to stop and keep the text in a file"]
        return lines.map { problemPrefix + $0 + "\n" }.joined()
    }

    /// `text` without the `# error:` lines `annotated` put at its top.
    static func removingProblemLines(_ text: String) -> String {
        String(decoding: removingProblemLines(Array(text.utf8)[...]), as: UTF8.self)
    }

    /// `text` (UTF-8) without the `# error:` lines at its top; reads only those lines.
    static func removingProblemLines(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var rest = text
        while rest.starts(with: "# error:".utf8) {  // `problemPrefix`, or that with its space removed
            guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else { return [] }
            rest = rest[rest.index(after: newline)...]
        }
        return rest
    }
}
