import NotesColor
import NotesMarkdown
import Testing
@testable import NotesUI

/// How highlights and callout titles look: a highlight has a background (the `[theme]`
/// `highlight` color); a callout's title is bold in its kind's color, or the quote color
/// when the config sets one.
@Suite struct MarkdownThemeTests {
    @Test func aHighlightHasTheThemeBackground() {
        var colors = MarkdownColors()
        #expect(MarkdownTheme.style([.highlight], colors: colors).background == colors.highlight)
        colors.highlight = RGB8(red: 1, green: 2, blue: 3)
        let style = MarkdownTheme.style([.highlight, .strong], colors: colors)
        #expect(style.background == RGB8(red: 1, green: 2, blue: 3) && style.bold)
        #expect(MarkdownTheme.style([.strong], colors: colors).background == nil)
    }

    @Test func aCalloutTitleIsBoldInItsKindsColor() {
        var colors = MarkdownColors()
        let tip = MarkdownTheme.style([.calloutTitle(kind: "tip")], colors: colors)
        let danger = MarkdownTheme.style([.calloutTitle(kind: "danger")], colors: colors)
        let note = MarkdownTheme.style([.calloutTitle(kind: "note")], colors: colors)
        #expect(tip.bold && tip.foreground == colors.task)
        #expect(note.foreground == colors.link)
        #expect(Set([tip.foreground, danger.foreground, note.foreground]).count == 3)
        colors.quote = RGB8(red: 9, green: 9, blue: 9)
        #expect(MarkdownTheme.style([.calloutTitle(kind: "danger")], colors: colors).foreground == colors.quote)
    }
}
