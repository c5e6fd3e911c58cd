import Foundation
import NotesJSON
import NotesColor
import NotesModel

/// A category color in Markdown front matter: `#RRGGBB` / `#RRGGBBAA` when the hex
/// form is exact, else CSS Color 4 `color(srgb|display-p3 r g b / a)` with exact components.
public enum MarkdownColor {
    public static func text(_ color: SerializableColor) -> String {
        if color.colorSpace == .sRGB, let fromHex = try? SerializableColor(hex: color.hex), fromHex == color {
            return color.hex
        }
        let parts = [color.red, color.green, color.blue].map(JSONValue.float).map { $0.serialized(pretty: false) }
        return "color(\(color.colorSpace.name) \(parts.joined(separator: " ")) / \(JSONValue.float(color.alpha).serialized(pretty: false)))"
    }

    public static func parse(_ text: String) throws(ModelError) -> SerializableColor {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("color("), trimmed.hasSuffix(")") else {
            return try ModelError.checkingColor { () throws(ColorError) in try SerializableColor(hex: trimmed) }
        }
        let inner = trimmed.dropFirst(6).dropLast().replacingOccurrences(of: "/", with: " ")
        let words = inner.split(separator: " ").map(String.init)
        guard words.count == 4 || words.count == 5,
              let space = ColorSpace.allCases.first(where: { $0.name == words[0] })
        else { throw .invalidHexColor(text) }
        let numbers = words.dropFirst().compactMap { Float($0) }
        guard numbers.count == words.count - 1 else { throw .invalidHexColor(text) }
        return try ModelError.checkingColor { () throws(ColorError) in
            try SerializableColor(colorSpace: space, red: numbers[0], green: numbers[1], blue: numbers[2],
                                  alpha: numbers.count == 4 ? numbers[3] : 1)
        }
    }
}
