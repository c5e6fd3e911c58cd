import NotesTerminal

/// What a key did to a text field.
public enum TextFieldOutcome: Equatable, Sendable {
    case submitted(String)
    case cancelled
}

/// A one-line text entry with a cursor, used by every prompt, the filter and the hex
/// entry. The cursor counts grapheme clusters, so an accent, a CJK character or an
/// emoji family moves and deletes as one. Keys (as readline and PRODUCT §5):
/// ←/→ (`Ctrl-B`/`Ctrl-F`), `Home`/`End` (`Ctrl-A`/`Ctrl-E`), `Alt-b`/`Alt-f` by word,
/// `Backspace`/`Delete` (`Ctrl-D`), `Ctrl-W` (the blank-separated word before the cursor),
/// `Alt-Backspace` (the word of letters and digits before the cursor), `Ctrl-U`/`Ctrl-K`
/// (to the start/end), `Enter` submits, `Esc` or `Ctrl-C` cancels. A paste is inserted at
/// the cursor with each line break as a space and other control characters dropped.
public struct TextField: Equatable, Sendable {
    /// The longest text a field holds, in characters; a longer paste is cut, and `notice` says so.
    public static let maximumLength = 10_000

    public var text: String {
        didSet { cursor = min(cursor, text.count) }
    }
    /// The insertion point: how many grapheme clusters are before it.
    public private(set) var cursor: Int
    /// Something the last key did that the user should know (a paste was cut); nil after the next key.
    public private(set) var notice: String?

    /// A field holding `text`, the cursor at its end.
    public init(text: String = "") {
        self.text = text
        self.cursor = text.count
    }

    /// Handles a key; nil while the field stays open.
    public mutating func handle(_ key: Key) -> TextFieldOutcome? {
        notice = nil
        var characters = Array(text)
        cursor = min(cursor, characters.count)
        switch key {
        case .enter:
            return .submitted(text)
        case .escape, .control("c"):
            return .cancelled
        case .character(let character):
            if character.isNewline { return .submitted(text) }
            guard !Self.isControl(character), characters.count < Self.maximumLength else { return nil }
            characters.insert(character, at: cursor)
            cursor += 1
        case .paste(let pasted):
            insert(pasted, into: &characters)
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .alt(.character("b")), .alt(.left): cursor = Self.wordStart(before: cursor, in: characters)
        case .alt(.character("f")), .alt(.right): cursor = Self.wordEnd(after: cursor, in: characters)
        case .backspace:
            guard cursor > 0 else { return nil }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return nil }
            characters.remove(at: cursor)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            deleteBack(to: start, in: &characters)
        case .alt(.backspace):
            deleteBack(to: Self.wordStart(before: cursor, in: characters), in: &characters)
        case .control("u"):
            deleteBack(to: 0, in: &characters)
        case .control("k"):
            characters.removeSubrange(cursor...)
        default:
            return nil
        }
        text = String(characters)
        return nil
    }

    private mutating func deleteBack(to start: Int, in characters: inout [Character]) {
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Inserts a paste at the cursor: line breaks (CR, LF, CRLF, U+2028…) and tabs become
    /// spaces, other control characters are dropped, and what does not fit is cut.
    private mutating func insert(_ pasted: String, into characters: inout [Character]) {
        let room = max(0, Self.maximumLength - characters.count)
        var cleaned: [Character] = []
        for character in pasted {
            if cleaned.count == room {
                notice = "Paste cut to \(room) characters: a field holds \(Self.maximumLength)"
                break
            }
            if character.isNewline || character == "\t" {
                cleaned.append(" ")
            } else if !Self.isControl(character) {
                cleaned.append(character)
            }
        }
        characters.insert(contentsOf: cleaned, at: cursor)
        cursor += cleaned.count
    }

    /// A C0/C1 control character (ESC, BEL, DEL, …), never wanted in a one-line field.
    static func isControl(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return true }
        return first.properties.generalCategory == .control
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// Where the word before `position` starts (skipping what is not a word first).
    static func wordStart(before position: Int, in characters: [Character]) -> Int {
        var start = position
        while start > 0, !isWordCharacter(characters[start - 1]) { start -= 1 }
        while start > 0, isWordCharacter(characters[start - 1]) { start -= 1 }
        return start
    }

    /// Where the word after `position` ends (skipping what is not a word first).
    static func wordEnd(after position: Int, in characters: [Character]) -> Int {
        var end = position
        while end < characters.count, !isWordCharacter(characters[end]) { end += 1 }
        while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
        return end
    }

    // MARK: Drawing

    /// Draws `label` then the text, scrolled sideways so the cursor stays visible, and
    /// puts the terminal's cursor at the insertion point.
    public func draw(label: String, in buffer: inout ScreenBuffer, x: Int, y: Int, width: Int,
                     style: CellStyle = .plain) {
        let used = buffer.write(label, x: x, y: y, style: style, limit: width)
        let room = width - used
        guard room > 0 else { return }
        let characters = Array(text)
        let cursor = min(self.cursor, characters.count)
        let first = Self.firstShown(characters, cursor: cursor, room: room)
        buffer.write(String(characters[first...]), x: x + used, y: y, style: style, limit: room)
        let cursorColumn = characters[first..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
        buffer.cursor = CursorPosition(x: x + used + min(cursorColumn, room - 1), y: y)
    }

    /// The first character shown in `room` columns: the start when the text before the
    /// cursor fits (with a column left for the cursor), else as far right as needed.
    static func firstShown(_ characters: [Character], cursor: Int, room: Int) -> Int {
        var first = cursor
        var columns = 0
        while first > 0 {
            let width = DisplayWidth.of(characters[first - 1])
            if columns + width > room - 1 { break }
            columns += width
            first -= 1
        }
        return first
    }
}
