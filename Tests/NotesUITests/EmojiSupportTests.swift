import NotesTerminal
import Testing

/// `EmojiSupport`: markers with an ASCII form (`📎2` / `+2`) follow the terminal's name,
/// never the colors (`NO_COLOR` still draws emoji).
@Suite struct EmojiSupportTests {
    @Test func emojiAreLikelyExceptOnTheLinuxConsoleAndDumbTerminals() {
        #expect(EmojiSupport.likely(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]))
        #expect(EmojiSupport.likely(environment: ["TERM": "tmux-256color"]))
        for term in ["linux", "dumb", "vt100", "vt220"] {
            #expect(!EmojiSupport.likely(environment: ["TERM": term]), "\(term)")
        }
    }
}
