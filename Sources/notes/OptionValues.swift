/// Lets an option's value start with `-` for every option (`--body "--- a rule"`,
/// `--store -odd/notes.json`, `--tag -1`), as the scripting contract says.
///
/// swift-argument-parser classifies each word before it knows which option it belongs
/// to: a word starting with `-` is an option name even right after an option that takes
/// a value, and `.unconditional` parsing does not help a word starting with `--`. So the
/// words are rewritten first: an option that takes a value and a word after it that starts
/// with `-` become one `--name=value` word, which the parser reads as exactly that value.
/// The word after such an option is always its value; `--` ends options as usual.
enum OptionValues {
    /// Every option of every command that takes a value, long names without `--`.
    /// `CLIOptionValueTests` checks this list against `notes --experimental-dump-help`.
    static let valueOptions: Set<String> = [
        "store", "body", "category", "tag", "untag", "kind", "title", "search", "format",
        "output", "from", "color", "older-than", "map", "identity", "links-to", "linked-from", "template", "alias", "no-alias",
    ]

    /// Short names of options that take a value, with their long names.
    static let shortNames: [String: String] = ["-o": "output"]

    /// The command line's words (without the program's name) with every value-taking
    /// option joined to the word after it when that word starts with `-`.
    static func joined(_ words: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(words.count)
        var index = 0
        while index < words.count {
            let word = words[index]
            if word == "--" {
                result.append(contentsOf: words[index...])
                break
            }
            if let name = valueOptionName(word), index + 1 < words.count, words[index + 1].hasPrefix("-") {
                result.append("--\(name)=\(words[index + 1])")
                index += 2
                continue
            }
            result.append(word)
            index += 1
        }
        return result
    }

    /// The long name of a value-taking option spelled exactly `word`, if it is one.
    private static func valueOptionName(_ word: String) -> String? {
        if let long = shortNames[word] { return long }
        guard word.hasPrefix("--") else { return nil }
        let name = String(word.dropFirst(2))
        return valueOptions.contains(name) ? name : nil
    }
}
