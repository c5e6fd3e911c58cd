import Foundation
import NotesTerminal

/// The app's render function: the state and a database snapshot → one frame.
public enum AppRender {
    public static func render(_ state: AppState, snapshot: NotesSnapshot, size: TerminalSize, colorMode: ColorMode,
                              timeZone: TimeZone) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size)
        if Layout.isTooSmall(size) {
            drawTooSmall(&buffer, canQuit: !state.hasOpenDialog)
            return buffer
        }
        if let tags = state.tagBrowser {
            TagsScreen.draw(tags, state, snapshot, into: &buffer)
            if state.showsHelp { HelpOverlay.draw(state, into: &buffer) }
            MessageOverlay.draw(state, into: &buffer)
            return buffer
        }
        if let trash = state.trash {
            TrashScreen.draw(trash, state, snapshot, into: &buffer, timeZone: timeZone)
            if state.showsHelp { HelpOverlay.draw(state, into: &buffer) }
            MessageOverlay.draw(state, into: &buffer)
            return buffer
        }
        switch state.screen {
        case .notes:
            NoteListScreen.draw(state, snapshot, into: &buffer, colorMode: colorMode, timeZone: timeZone)
        case .reading(let id):
            if let note = snapshot.database.notes[id] {
                NoteReadScreen.draw(note, state, snapshot, into: &buffer, timeZone: timeZone)
            } else {
                NoteReadScreen.drawGone(into: &buffer)
            }
        case .categories:
            CategoriesScreen.draw(state, snapshot, into: &buffer, colorMode: colorMode)
        }
        if let session = state.chooser {
            ChooserView.draw(session.chooser, into: &buffer, area: Layout.dialogArea(size))
        }
        if let quickOpen = state.quickOpen {
            QuickOpenView.draw(quickOpen, into: &buffer, area: Layout.dialogArea(size))
        }
        StatusLine.draw(state, snapshot, into: &buffer)
        if state.showsHelp { HelpOverlay.draw(state, into: &buffer) }
        MessageOverlay.draw(state, into: &buffer)
        return buffer
    }

    /// "Terminal too small", the size it is and the size it needs, centered; and whether
    /// `q` quits (not while a dialog or field is open behind the message).
    static func drawTooSmall(_ buffer: inout ScreenBuffer, canQuit: Bool) {
        let size = buffer.size
        let lines = [
            "Terminal too small",
            "\(size.width)×\(size.height), need \(Layout.minimumSize.width)×\(Layout.minimumSize.height)",
            canQuit ? "q quits" : "enlarge it to go on",
        ]
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let text = DisplayWidth.truncate(line, to: size.width)
            let x = max(0, (size.width - DisplayWidth.of(text)) / 2)
            buffer.write(text, x: x, y: top + offset, style: offset == 0 ? Theme.title : .plain)
        }
    }
}
