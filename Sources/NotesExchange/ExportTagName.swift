/// A tag name as Obsidian, zk and nb accept it in a Markdown export: letters, digits, `_`,
/// `-` and `/` (nested tags), not only digits. Anything else (a blank, `#`, `,`, `.`,
/// an emoji) becomes `-`, runs of them one `-`, and none at either end; a name of only
/// digits gets a leading `_` (`2024` → `_2024`). The exact names travel beside them in
/// `notes-tags` when one differs, so a round trip through the export is exact.
public enum ExportTagName {
    public static func make(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isLetter || character.isNumber || character == "_" || character == "/" {
                result.append(character)
            } else if result.last != "-" {
                result.append("-")
            }
        }
        while let first = result.first, first == "-" || first == "/" { result.removeFirst() }
        while let last = result.last, last == "-" || last == "/" { result.removeLast() }
        if result.isEmpty { return "tag" }
        if result.allSatisfy(\.isNumber) { return "_" + result }
        return result
    }
}
