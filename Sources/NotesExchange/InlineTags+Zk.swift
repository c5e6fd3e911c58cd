import Foundation

/// zk's tag rules (`Rules.zkBoundaries`, `colonTags`, `multiwordTags`): its tag characters,
/// its `#hashtags`, Bear's `#multi word tags#` and its `:colon:tags:`.
extension InlineTags {
    /// zk's tag characters (`isValidTagChar` in zk's tag parser): letters, numbers and
    /// `/ @ ' ~ - _ $ % & + = : #`, less `excluded`.
    static func isZkTagCharacter(_ character: Character, excluding excluded: Character? = nil) -> Bool {
        character != excluded && (character.isLetter || character.isNumber || "/@'~-_$%&+=:#".contains(character))
    }

    /// The zk hashtag at `start` (a `#`) and the index after it: nil when zk makes none (only
    /// digits, or a name closed by `#` outside a multi-word tag). With `multiword`, Bear's
    /// `#two words#` (no blank before the closing `#`) is one tag.
    static func zkHashtag(_ characters: [Character], at start: Int, multiword: Bool) -> (String?, Int) {
        var end = start + 1
        while end < characters.count, isZkTagCharacter(characters[end], excluding: "#") { end += 1 }
        if multiword, end < characters.count, characters[end] == " " || characters[end] == "\t", end > start + 1 {
            var close = end
            while close < characters.count, isZkTagCharacter(characters[close], excluding: "#") || characters[close] == " "
                || characters[close] == "\t" { close += 1 }
            if close < characters.count, characters[close] == "#", !characters[close - 1].isWhitespace {
                return (String(characters[(start + 1)..<close]), close + 1)
            }
        }
        if !multiword, end < characters.count, characters[end] == "#" { return (nil, end) }
        let name = characters[(start + 1)..<end]
        guard !name.isEmpty, !name.allSatisfy(\.isNumber) else { return (nil, end) }
        return (String(name), end)
    }

    /// zk's `:tag1:tag2:` at `start` (a `:`): each name closed by a `:` (not empty, not only
    /// `-`, so a table's `|:---:|` is none), up to the first character that is no tag's.
    static func colonTags(_ characters: [Character], at start: Int) -> ([String], Int) {
        var names: [String] = []
        var name = ""
        var index = start + 1
        var end = start + 1
        while index < characters.count {
            let character = characters[index]
            if character == ":" {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == "-" }) else { break }
                names.append(trimmed)
                name = ""
                end = index + 1
            } else if isZkTagCharacter(character, excluding: ":") {
                name.append(character)
            } else {
                break
            }
            index += 1
        }
        return (names, end)
    }
}
