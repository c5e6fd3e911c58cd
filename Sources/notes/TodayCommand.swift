import ArgumentParser
import Foundation
import NotesBase
import NotesModel
import NotesStore
import NotesConfig

/// `notes today [--print]`: today's journal note in the editor, made first if needed.
struct Today: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today",
        abstract: "Open today's journal note in the editor, making it first if needed.",
        discussion: """
        Its title is today's date in the config's daily.format (default yyyy-MM-dd), its kind \
        journal, its category the config's daily.category. A second run the same day opens the \
        same note (found by kind and title). A new one starts from the template daily.md when \
        the templates folder has one. --print prints its id instead of opening the editor.
        """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Print the note's id instead of opening the editor.")
    var print = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let settings = CLISettings.load(environment: environment).settings
        let store = try storeOptions.open()
        let now = ISODate.rounded(Date())
        let template = TemplateFiles.read(NoteTemplate.dailyName, in: TemplateFiles.folder(environment: environment))
        let (note, cursor) = try DailyNoteCommand.findOrMake(in: store, at: now, settings: settings,
                                                                 template: template)
        if print {
            Console.out(note.id.uuidString)
            return
        }
        Console.error("\(note.title)  \(note.id.uuidString.prefix(PlainOutput.shortIDLength))")
        fflush(nil)
        try EditInEditor.run(note.id, in: store, settings: settings, cursor: cursor)
    }
}

/// Finding or making the daily note, apart from the command so that a test can pass the clock.
enum DailyNoteCommand {
    /// Today's journal note, made (and committed) when the day has none; with the place of
    /// the template's `{{cursor}}` when it was made from one.
    static func findOrMake(in store: NotesStore, at now: Date, settings: NotesConfig.Settings,
                           template: NoteTemplate?, timeZone: TimeZone = .current) throws -> (Note, EditorCursor?) {
        let title = DailyNote.title(for: now, format: settings.dailyFormat, timeZone: timeZone)
        if let existing = DailyNote.find(title: title, in: store.contents) { return (existing, nil) }
        let categoryID = try settings.dailyCategory.map {
            try store.contents.requireCategory($0, setting: "daily.category", source: settings.source(of: "daily.category")).id
        }
        let filled = template?.fill(title: title, date: now, timeZone: timeZone)
        var note = Note(title: title, body: filled?.body ?? "", created: now, categoryID: categoryID, kind: .journal)
        if let template, let filled {
            // Found again by its title and kind: the template's front matter sets the other fields.
            let applied = NoteTemplate.apply(filled.header, to: note, keeping: [.title, .kind], template: template.name + ".md") {
                store.contents.category(named: $0)?.id
            }
            note = applied.note
            if let problem = template.problem ?? applied.problem { Console.warning(problem) }
        }
        try store.commit(.putNote(note))
        return (note, filled?.cursor)
    }
}
