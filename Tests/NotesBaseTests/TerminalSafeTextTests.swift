import Testing
import NotesBase

/// `TerminalSafeText`: what a terminal is shown instead of control characters.
struct TerminalSafeTextTests {
    @Test(arguments: [
        ("plain text, émoji 👍 and 漢字", "plain text, émoji 👍 and 漢字"),
        ("line\nbreak\tand tab", "line\nbreak\tand tab"),
        ("\u{1B}]0;title\u{07}", "^[]0;title^G"),
        ("\u{1B}]52;c;ZWNobw==\u{1B}\\", "^[]52;c;ZWNobw==^[\\"),
        ("\u{1B}[2J", "^[[2J"),
        ("cr\r\u{0}nul\u{7F}", "cr^M^@nul^?"),
        ("8-bit csi \u{9B}31m osc \u{9D}", "8-bit csi \\u{9B}31m osc \\u{9D}"),
        ("\u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{202A}\u{202B}\u{202D}\u{2067}\u{2068}",
         "\\u{202E}evil\\u{202C} \\u{2066}iso\\u{2069} \\u{202A}\\u{202B}\\u{202D}\\u{2067}\\u{2068}"),
        ("marks kept \u{200E}\u{200F}\u{061C} שלום", "marks kept \u{200E}\u{200F}\u{061C} שלום"),
        ("\u{A0}nbsp and \u{2028} stay", "\u{A0}nbsp and \u{2028} stay"),
    ])
    func escapes(input: String, expected: String) {
        #expect(TerminalSafeText.escaped(input) == expected)
        #expect(TerminalSafeText.escaped(Array(input.utf8)[...]) == Array(expected.utf8))
    }

    @Test func everyC0AndC1ControlButLineFeedAndTabIsEscaped() {
        for value in UInt32(0)...0x9F {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let shown = TerminalSafeText.escaped(String(Character(scalar)))
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            if isControl && value != 0x0A && value != 0x09 {
                #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                        "U+\(String(value, radix: 16)) shown as \(shown.debugDescription)")
            } else {
                #expect(shown == String(Character(scalar)))
            }
        }
    }
}
