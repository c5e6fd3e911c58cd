import Foundation
import NotesColor
import NotesModel

/// The settings the UI takes from the composition root (which reads the config file):
/// each default is the behaviour without a file. The UI never reads the file itself.
public struct AppSettings: Sendable, Equatable {
    /// Whether the notes screen shows the preview pane at start.
    public var showsPreview = true
    /// The key maps, remaps applied.
    public var keyMaps = ScreenKeyMaps()
    /// Colors of the rendered view.
    public var markdownColors = MarkdownColors()
    /// The category of notes made with `n` (by name); nil: the list's category, if any.
    public var defaultCategoryName: String?
    /// `J`: today's journal note.
    public var daily = DailySettings()
    /// The templates `n` offers (a chooser), by name; none: `n` asks for the title at once.
    public var templates: [NoteTemplate] = []

    public init() {}
}

/// How `J` finds or makes today's journal note.
public struct DailySettings: Sendable, Equatable {
    /// The title's date format (`DailyNote.title`).
    public var format = DailyNote.defaultFormat
    /// The category by name; nil: none.
    public var categoryName: String?
    /// The body of a new daily note (the `daily` template); nil: empty.
    public var template: NoteTemplate?
    public var timeZone = TimeZone.current

    public init() {}
}

/// The colors of rendered Markdown (`[theme]` in the config file); attributes stay, so it
/// reads in monochrome and under `NO_COLOR` too.
public struct MarkdownColors: Sendable, Equatable {
    /// By heading level, from 1; deeper levels take the last.
    public var headings = [
        RGB8(red: 95, green: 175, blue: 255), RGB8(red: 135, green: 215, blue: 135), RGB8(red: 255, green: 215, blue: 95),
    ]
    public var code = RGB8(red: 215, green: 175, blue: 135)
    public var link = RGB8(red: 95, green: 175, blue: 255)
    public var task = RGB8(red: 135, green: 215, blue: 135)
    /// Quote bars; nil: dim, no color. A callout's title takes it too (else the link color).
    public var quote: RGB8?
    /// The background of `==highlighted==` text, and its text's color.
    public var highlight = RGB8(red: 255, green: 215, blue: 95)
    public var highlightText = RGB8(red: 0, green: 0, blue: 0)

    public init() {}
}
