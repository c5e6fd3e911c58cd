/// What a key did to a text field.
public enum TextFieldOutcome: Equatable, Sendable {
    case submitted(String)
    case cancelled
}

/// A one-line text entry: typing appends, Backspace removes the last character
/// (a whole grapheme, so wide characters and accents go at once), Enter submits,
/// Esc cancels. The cursor stays at the end.
public struct TextField: Equatable, Sendable {
    public var text: String

    public init(text: String = "") {
        self.text = text
    }

    /// Handles a key; nil while the field stays open.
    public mutating func handle(_ key: Key) -> TextFieldOutcome? {
        switch key {
        case .character(let character):
            if character.isNewline { return .submitted(text) }
            text.append(character)
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        case .control("u"):
            text = ""
        case .enter:
            return .submitted(text)
        case .escape:
            return .cancelled
        default:
            break
        }
        return nil
    }

    /// Draws `label` then the text and a block cursor, keeping the end of long text visible.
    public func draw(label: String, in buffer: inout ScreenBuffer, x: Int, y: Int, width: Int,
                     style: CellStyle = .plain) {
        let used = buffer.write(label, x: x, y: y, style: style, limit: width)
        let room = width - used - 1
        guard room > 0 else { return }
        var shown = Substring(text)
        while DisplayWidth.of(shown) > room, !shown.isEmpty { shown = shown.dropFirst() }
        let textWidth = buffer.write(shown, x: x + used, y: y, style: style, limit: room)
        var cursor = style
        cursor.reverse.toggle()
        buffer.put(Cell(text: " ", style: cursor), at: x + used + textWidth, y: y)
    }
}
