import ArgumentParser
import Foundation

/// Lets text given as an argument start with `-`: `notes append ID '- [ ] buy milk'`,
/// `notes add '-> call Ana'`, `notes category add '- misc'` (PRODUCT §4).
///
/// swift-argument-parser takes every word that starts with `-` for an option, and a word
/// such as `- [ ] fix the bug` for a group of short options (`-h` among them: it printed the
/// help and did nothing). Only `--` makes the words after it arguments. So the words are
/// read first (after `OptionValues` has joined each value-taking option to its value):
/// - a word that starts with `-` but cannot be an option, because what follows the dashes
///   is not a name (`- x`, `-5`, `--- rule`, `-[ ]`, `-wip today`), is text: the command's
///   options are put first and its arguments, in their order, after a `--`;
/// - a word shaped like an option that the command does not know (`--wip`, `-wip`) may be
///   a mistyped option or text: it is an error that shows the command line with `--`
///   before the text. A single dash before several letters is never an option of notes
///   (there are no grouped short flags to give), so `-hello` is that error, never the help.
/// `-` alone stays standard input, and a command line that holds `--` is left as it is.
enum TextArguments {
    /// A word shaped like an option that the command does not know, and what to type instead.
    struct UnknownOption: Error, CustomStringConvertible {
        let word: String
        /// The command line with `--` before the text, when the command takes text.
        let suggestion: String?

        var description: String {
            var text = "unknown option '\(word)'"
            if let suggestion { text += "\n" + TextArguments.hint(word, suggestion) }
            return text
        }
    }

    /// The words of the command line, split where the command's own words begin.
    struct Split {
        /// One of the command's words: an option (with its value where it takes one) or an argument.
        enum Item: Equatable {
            case option([String])
            case argument(String)
        }

        /// The words up to and including the last command name (`--store PATH`, `category`, `add`).
        var head: [String]
        /// The command's words after it, in their order.
        var items: [Item]
        /// The command names (`["category", "add"]`).
        var path: [String]

        var options: [[String]] { items.compactMap { if case .option(let words) = $0 { words } else { nil } } }
        var arguments: [String] { items.compactMap { if case .argument(let word) = $0 { word } else { nil } } }
    }

    /// `words` with the command's arguments after a `--` when one of them is text that
    /// starts with `-`; throws `UnknownOption` for a single dash before several letters.
    static func rewritten(_ words: [String]) throws -> [String] {
        guard let split = split(words) else { return words }
        if let group = split.items.firstIndex(where: { if case .option(let option) = $0 { isShortGroup(option[0]) } else { false } }),
           case .option(let option) = split.items[group] {
            let takesText = CommandOptions.of(split.path)?.takesArguments ?? false
            throw UnknownOption(word: option[0], suggestion: takesText ? suggestion(moving: group, in: split) : nil)
        }
        guard split.arguments.contains(where: isDashText) else { return words }
        return split.head + split.options.flatMap { $0 } + ["--"] + split.arguments
    }

    /// The line to add to a parsing error of `words`: the command line with `--` before an
    /// option-shaped word the command does not know, when the command takes arguments.
    static func hint(forFailed words: [String]) -> String? {
        guard let split = split(words), let known = CommandOptions.of(split.path), known.takesArguments else { return nil }
        for (index, item) in split.items.enumerated() {
            guard case .option(let option) = item, option.count == 1, !known.names.contains(optionName(option[0])) else { continue }
            return hint(option[0], suggestion(moving: index, in: split))
        }
        return nil
    }

    static func hint(_ word: String, _ line: String) -> String {
        "If '\(word)' is text, put '--' before it: \(line)"
    }

    /// The command line with the option at `index` among the arguments, after a `--`.
    private static func suggestion(moving index: Int, in split: Split) -> String {
        var options: [String] = []
        var arguments: [String] = []
        for (place, item) in split.items.enumerated() {
            switch item {
            case .option(let words) where place == index: arguments += words
            case .option(let words): options += words
            case .argument(let word): arguments.append(word)
            }
        }
        // `--` goes before the first argument that starts with a dash; those before it stay as typed.
        let plain = arguments.prefix { !$0.hasPrefix("-") || $0 == "-" }
        let words = ["notes"] + split.head + options + plain + ["--"] + arguments.dropFirst(plain.count)
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// Splits `words` into the command's path and its options and arguments; nil when
    /// `--` is among them (the user said where the arguments are).
    static func split(_ words: [String]) -> Split? {
        guard !words.contains("--") else { return nil }
        var command: ParsableCommand.Type = Notes.self
        var path: [String] = []
        var headEnd = 0
        var index = 0
        while index < words.count {
            let word = words[index]
            if takesValue(word) { index += 2; continue }
            if isOptionShaped(word) { index += 1; continue }
            guard !word.hasPrefix("-"),
                  let sub = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            command = sub
            path.append(word)
            index += 1
            headEnd = index
        }
        var split = Split(head: Array(words[..<headEnd]), items: [], path: path)
        index = headEnd
        while index < words.count {
            let word = words[index]
            if takesValue(word) {
                split.items.append(.option(Array(words[index..<min(index + 2, words.count)])))
                index += 2
            } else {
                split.items.append(isOptionShaped(word) ? .option([word]) : .argument(word))
                index += 1
            }
        }
        return split
    }

    /// `--name` or `-o` of an option that takes the next word as its value.
    private static func takesValue(_ word: String) -> Bool {
        if OptionValues.shortNames[word] != nil { return true }
        return word.hasPrefix("--") && OptionValues.valueOptions.contains(String(word.dropFirst(2)))
    }

    /// `--name`, `--name=value`, `-x`, `-x=value`, `-xyz`: a name of ASCII letters, digits and
    /// dashes that starts with a letter.
    static func isOptionShaped(_ word: String) -> Bool {
        let bytes = Array(optionPart(word).utf8)
        let dashes = bytes.prefix(2).prefix { $0 == UInt8(ascii: "-") }.count
        guard dashes > 0, bytes.count > dashes, isLetter(bytes[dashes]) else { return false }
        return bytes[dashes...].allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
    }

    /// Text that starts with `-` and is not `-` (standard input) or shaped like an option.
    private static func isDashText(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-" && !isOptionShaped(word)
    }

    /// `-wip`: one dash, several letters, no value.
    private static func isShortGroup(_ word: String) -> Bool {
        !word.hasPrefix("--") && !word.contains("=") && word.count > 2
    }

    /// The option's name without its dashes and value: `store` for `--store=x`, `o` for `-o`.
    private static func optionName(_ word: String) -> String {
        String(optionPart(word).drop { $0 == "-" })
    }

    private static func optionPart(_ word: String) -> Substring {
        word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? Substring(word)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// `word` as a shell would need it typed: bare when it holds only safe characters.
    static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@%+=,")
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// What swift-argument-parser knows of a command's options and arguments, read from its
/// own description of the commands (the JSON of `--experimental-dump-help`). Only a command
/// line that failed asks, so its cost is never on a command's way.
struct CommandOptions {
    /// Long and short names without dashes (`store`, `h`, `help`).
    var names: Set<String>
    var takesArguments: Bool

    static func of(_ path: [String]) -> CommandOptions? {
        guard let data = Notes._dumpHelp().data(using: .utf8),
              let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              var command = root["command"] as? [String: Any] else { return nil }
        for name in path {
            let subcommands = command["subcommands"] as? [[String: Any]] ?? []
            guard let sub = subcommands.first(where: { $0["commandName"] as? String == name }) else { return nil }
            command = sub
        }
        let arguments = command["arguments"] as? [[String: Any]] ?? []
        var names: Set<String> = []
        for argument in arguments {
            for name in argument["names"] as? [[String: Any]] ?? [] {
                if let text = name["name"] as? String { names.insert(text) }
            }
        }
        return CommandOptions(names: names, takesArguments: arguments.contains { $0["kind"] as? String == "positional" })
    }
}
