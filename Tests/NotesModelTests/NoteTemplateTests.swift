import Foundation
import Testing
import NotesModel

/// A template's placeholders filled when a note is made from it.
@Suite struct NoteTemplateTests {
    let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    /// 2026-11-29 09:05 UTC.
    let morning = Date(timeIntervalSince1970: 1_795_943_100)

    @Test func datesTimeAndTitleAreFilledAndTheCursorLineIsFound() {
        let template = NoteTemplate(name: "meeting", text: "# {{title}}\n{{date}} at {{time}}\n\n- {{cursor}}\n{{title}}")
        let filled = template.fill(title: "Standup", date: morning, timeZone: utc)
        #expect(filled.body == "# Standup\n2026-11-29 at 09:05\n\n- \nStandup")
        #expect(filled.cursorLine == 4)
    }

    @Test func unknownOrBrokenPlaceholdersAreLeftAsTyped() {
        let template = NoteTemplate(name: "odd", text: "{{weather}} {{date {{ }} {{title}}")
        let filled = template.fill(title: "T", date: morning, timeZone: utc)
        #expect(filled.body == "{{weather}} {{date {{ }} T")
        #expect(filled.cursorLine == nil)
    }

    @Test func aTitleThatLooksLikeAPlaceholderIsNotFilledAgain() {
        let filled = NoteTemplate(name: "t", text: "{{title}}").fill(title: "{{date}}", date: morning, timeZone: utc)
        #expect(filled.body == "{{date}}")
    }
}
