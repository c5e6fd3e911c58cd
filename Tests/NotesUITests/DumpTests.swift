import Foundation
import NotesCore
@testable import NotesUI
import Testing

@Suite struct DumpTests {
    func show(_ b: ScreenBuffer) { print(b.lines.map { "\"" + $0 + "\"," }.joined(separator: "\n")) }
    @Test func dump() {
        var state = AppState(size: TerminalSize(width: 72, height: 8))
        show(UIFixtures.render(state, UIFixtures.database, width: 72, height: 10))
        show(UIFixtures.render(state, UIFixtures.database, width: 110, height: 10))
        state.screen = .categories
        show(UIFixtures.render(state, UIFixtures.database, width: 60, height: 10))
        state.prompt = .init(purpose: .newCategoryName, field: TextField(text: "日本語"))
        show(UIFixtures.render(state, UIFixtures.database, width: 60, height: 10))
        state.prompt = nil
        state.picker = .init(categoryID: UIFixtures.work.id, picker: ColorPicker(start: UIFixtures.blue, recent: [UIFixtures.yellow, UIFixtures.blue]))
        show(UIFixtures.render(state, UIFixtures.database, width: 52, height: 16))
        show(UIFixtures.render(state, UIFixtures.database, width: 52, height: 16, colorMode: .monochrome))
        let wide = NotesDatabase(notes: [
            Note(id: UIFixtures.uuid(21), title: "会議のメモ", created: UIFixtures.now, tags: ["日本"]),
            Note(id: UIFixtures.uuid(22), title: "Party 🎉 plan", created: UIFixtures.now, tags: ["fun"]),
            Note(id: UIFixtures.uuid(23), title: "Cafe\u{301} menu", created: UIFixtures.now, tags: ["food"]),
            Note(id: UIFixtures.uuid(24), title: "とても長いタイトルのノートはここで切れるはずです", created: UIFixtures.now),
        ])
        show(UIFixtures.render(AppState(size: TerminalSize(width: 60, height: 10)), wide, width: 60, height: 10))
        state.picker = nil
        state.screen = .notes
        show(UIFixtures.render(state, UIFixtures.database, width: 72, height: 10, colorMode: .monochrome))
    }
}
