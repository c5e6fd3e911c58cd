import Foundation
import NotesBase
import NotesModel

/// Reads jrnl's own journal file, which `jrnl --export txt` writes too, and `jrnl --export md`,
/// one note per entry as jrnl 4.6 reads them (its `Journal._parse`, `Entry._parse_text`):
///
///     [2024-01-02 06:05:00 PM] Dinner with Ana *
///     We talked about the trip. @travel
///
/// - An entry starts at a line `[DATE] ` whose DATE is a date: `YYYY-MM-DD` (or with `/`,
///   or `DD.MM.YYYY`),
///   then a time `HH:MM[:SS]` with `AM`/`PM` or not (jrnl's default `%F %r`, and `%F %R`).
///   Any other line, `[10:00] something` included, belongs to the entry before it.
/// - The title is the rest of that line; ending in `*`, the entry is starred and the
///   spaces and `*`s around the title are dropped, as jrnl does. The body is the lines
///   after it, without the blank lines and spaces around it (jrnl strips them).
/// - Tags are jrnl's: a word starting with `@` or `#` after a blank or at the start of a
///   line (`[-+*#/]`, letters, digits and `_`), in the title or the body, lowercased.
/// - The Markdown export is `# YEAR`, `## Month`, then `### DATE TITLE` and the body,
///   whose headings jrnl moved three levels down (`# x` became `#### x`): moved back.
///   It has no star.
/// Each entry becomes a note as jrnl's JSON export does (`JrnlExchange.note`).
enum JrnlText {
    /// A date in a jrnl entry header: its day (`YYYY-MM-DD`) and time (`HH:MM` or `HH:MM:SS`, 24 h).
    struct Stamp: Equatable {
        var day: String
        var time: String
    }

    private struct Entry {
        var stamp: Stamp
        var firstLine: Substring
        var lines: [Substring] = []
    }

    /// Whether `text` is a jrnl journal (or its text export): its first non-blank line
    /// starts an entry.
    static func isJournal(_ text: String) -> Bool {
        guard let first = firstLines(text, count: 1).first else { return false }
        return entryHeader(first) != nil
    }

    /// Whether `text` is jrnl's Markdown export: `# YEAR`, `## Month`, `### DATE …` first.
    static func isMarkdownExport(_ text: String) -> Bool {
        let lines = firstLines(text, count: 3)
        guard lines.count == 3, lines[0].hasPrefix("# "), lines[1].hasPrefix("## "), lines[2].hasPrefix("### "),
              lines[0].dropFirst(2).trimmingCharacters(in: .whitespaces).allSatisfy(\.isNumber)
        else { return false }
        return markdownHeader(lines[2]) != nil
    }

    /// The entries of `text` as notes in `bundle`; each one's place and hash returned in order.
    static func read(_ text: String, markdown: Bool, file: String, relativePath: String, dates: ImportDate,
                     into bundle: inout ExchangeBundle) throws(ExchangeError) -> [SourceEntry] {
        var entries: [Entry] = []
        var lineNumbers: [Int] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if markdown {
                if let header = markdownHeader(line) {
                    entries.append(Entry(stamp: header.stamp, firstLine: header.rest))
                    lineNumbers.append(number)
                } else if !isMarkdownStructure(line), !entries.isEmpty {
                    entries[entries.count - 1].lines.append(line)
                }
            } else if let header = entryHeader(line) {
                entries.append(Entry(stamp: header.stamp, firstLine: header.rest))
                lineNumbers.append(number)
            } else if !entries.isEmpty {
                entries[entries.count - 1].lines.append(line)
            }
        }
        if let first = lineNumbers.first, let preamble = text.split(separator: "\n", maxSplits: first - 1, omittingEmptySubsequences: false)
            .prefix(first - 1).firstIndex(where: { !$0.allSatisfy(\.isWhitespace) && !(markdown && isMarkdownStructure($0)) }) {
            // jrnl would leave it out: refused, so that nothing is dropped unseen.
            throw .invalidDocument(file: file, place: "line \(preamble + 1)", reason: "text before the first jrnl entry (line \(first)), "
                                   + "which jrnl ignores; remove it, or import the file as text (--from text)")
        }
        var keys = JrnlExchange.EntryKeys()
        var sources: [SourceEntry] = []
        for (entry, line) in zip(entries, lineNumbers) {
            var title = entry.firstLine.trimmingCharacters(in: .whitespaces)
            var starred = false
            if !markdown, title.hasSuffix("*") {
                starred = true
                title = title.trimmingCharacters(in: CharacterSet(charactersIn: " *"))
            }
            let bodyLines = markdown ? entry.lines.map(liftHeading) : entry.lines.map(String.init)
            let body = bodyLines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            let tags = Self.tags(in: title + "\n" + body)
            let made = try JrnlExchange.note(day: entry.stamp.day, time: entry.stamp.time, title: title, body: body,
                                             tags: tags, starred: starred, relativePath: relativePath, dates: dates,
                                             keys: &keys) { .invalidDocument(file: file, place: "line \(line)", reason: $0) }
            bundle.notes.append(made.note)
            sources.append(made.source)
        }
        return sources
    }

    /// Whether `text` is a journal jrnl encrypted: `JRNLv3` then a NUL (jrnl 3 and 4), or one
    /// Fernet token (`gAAAAA…`, base64, no blanks: jrnl 2).
    static func isEncrypted(_ text: String) -> Bool {
        if text.hasPrefix("JRNLv") { return true }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return token.hasPrefix("gAAAAA") && token.count > 64 && !token.contains(where: \.isWhitespace)
    }

    /// A journal in which no entry header has a date jrnl can read (jrnl's own
    /// `unreadabledates.journal`): jrnl shows the whole file as one entry dated now, its
    /// first line the title. So does this, as one `journal` note dated the file's
    /// modification time (a date the tool cannot read falls back to the file's), with a
    /// warning naming the first header that could not be read.
    static func wholeFileEntry(_ text: String, modified: Date, relativePath: String, file: String,
                               warnings: inout [String]) throws(ExchangeError) -> Note {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        let start = lines.firstIndex { !$0.allSatisfy(\.isWhitespace) } ?? 0
        var title = lines[start].trimmingCharacters(in: .whitespaces)
        var starred = false
        if title.hasSuffix("*") {
            starred = true
            title = title.trimmingCharacters(in: CharacterSet(charactersIn: " *"))
        }
        let body = lines[(start + 1)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let date = ISODate.rounded(modified)
        guard Note.isStorable(date) else {
            throw .invalidDocument(file: file, place: "file", reason: "no jrnl entry date can be read, and the file's date is "
                                   + "outside the years the store keeps")
        }
        let header = lines.lazy.compactMap { line -> Substring? in
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
            return line[...close]
        }.first
        warnings.append((header.map { "no entry date jrnl can read ('\($0)' is not one)" } ?? "no jrnl entry header ('[2024-01-02 10:30] title')")
            + ": the whole file is one entry, as jrnl shows it, dated the file's modification time")
        var tags = Set(Self.tags(in: title + "\n" + body).compactMap { Tag.normalize(String($0.drop { $0 == "@" })) })
        if starred { tags.insert("starred") }
        return Note(id: StableNoteID.make(relativePath: relativePath, source: text.utf8), title: title.isEmpty ? "Untitled" : title,
                    body: body, created: date, updated: date, tags: tags, kind: .journal, pinned: starred)
    }

    /// jrnl's tags in `text` (`(?<!\S)[@#][-+*#/\w]+`), lowercased, in order of appearance.
    static func tags(in text: String) -> [String] {
        var tags: [String] = []
        var previous: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "@" || character == "#", previous.map(\.isWhitespace) ?? true {
                var end = text.index(after: index)
                while end < text.endIndex, isTagCharacter(text[end]) { end = text.index(after: end) }
                if end > text.index(after: index) {
                    let tag = text[index..<end].lowercased()
                    if !tags.contains(tag) { tags.append(tag) }
                    previous = text[text.index(before: end)]
                    index = end
                    continue
                }
            }
            previous = character
            index = text.index(after: index)
        }
        return tags
    }

    private static func isTagCharacter(_ character: Character) -> Bool {
        "-+*#/_".contains(character) || character.isLetter || character.isNumber
    }

    /// `[DATE] rest`: the date and the rest of the line, when DATE is a date.
    static func entryHeader(_ line: Substring) -> (stamp: Stamp, rest: Substring)? {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return nil }
        let after = line.index(after: close)
        guard after < line.endIndex, line[after] == " " else { return nil }
        guard let stamp = stamp(line[line.index(after: line.startIndex)..<close]) else { return nil }
        return (stamp, line[line.index(after: after)...])
    }

    /// `### DATE TIME title` of the Markdown export.
    private static func markdownHeader(_ line: Substring) -> (stamp: Stamp, rest: Substring)? {
        guard line.hasPrefix("### ") else { return nil }
        let words = line.dropFirst(4).split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        // The date and time are two words, or three with AM/PM.
        for count in [3, 2] where words.count >= count {
            let candidate = words[0..<count].joined(separator: " ")
            if let stamp = stamp(Substring(candidate)) {
                let rest = words.count > count ? words[count...].joined(separator: " ") : ""
                return (stamp, Substring(rest))
            }
        }
        return nil
    }

    /// `# 2024`, `## January`, `### …`: the export's own headings (a body's were moved to four or more `#`).
    private static func isMarkdownStructure(_ line: Substring) -> Bool {
        line.hasPrefix("# ") || line.hasPrefix("## ") || line.hasPrefix("### ")
    }

    /// A body heading the Markdown export moved down three levels, moved back.
    private static func liftHeading(_ line: Substring) -> String {
        guard line.hasPrefix("####") else { return String(line) }
        let hashes = line.prefix { $0 == "#" }
        guard line.dropFirst(hashes.count).first == " " else { return String(line) }
        return String(line.dropFirst(3))
    }

    /// `2024-01-02 06:05:00 PM`, `2024-01-02 18:05`, `2024/01/02 18:05:30`, `09.06.2013 15:39`
    /// (day first, as `%d.%m.%Y` writes it), `2024-01-02`, `2019-07 14:23` (the 1st, as jrnl reads it).
    static func stamp(_ text: Substring) -> Stamp? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...3).contains(parts.count) else { return nil }
        var dayParts = parts[0].split(separator: parts[0].contains("/") ? "/" : parts[0].contains(".") ? "." : "-",
                                      omittingEmptySubsequences: false)
        if parts[0].contains("."), dayParts.count == 3 { dayParts.reverse() }  // `%d.%m.%Y`, day first
        if dayParts.count == 2, !parts[0].contains(".") { dayParts.append("01") }  // `2019-07`: jrnl reads the 1st
        guard dayParts.count == 3, dayParts[0].count == 4, dayParts[1].count == 2, dayParts[2].count == 2,
              dayParts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        let day = dayParts.joined(separator: "-")
        guard parts.count > 1 else { return Stamp(day: day, time: "") }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0 != nil }), var hour = clock[0] else { return nil }
        let minute = clock[1] ?? 0
        let second = clock.count == 3 ? clock[2] ?? 0 : 0
        if parts.count == 3 {
            switch parts[2].uppercased() {
            case "AM": guard (1...12).contains(hour) else { return nil }; if hour == 12 { hour = 0 }
            case "PM": guard (1...12).contains(hour) else { return nil }; if hour != 12 { hour += 12 }
            default: return nil
            }
        }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        let time = two(hour) + ":" + two(minute) + (second == 0 ? "" : ":" + two(second))
        return Stamp(day: day, time: time)
    }

    /// The first `count` non-blank lines of `text` (looking no further than 64 lines).
    /// Reads line by line and stops there: every Markdown file of an import is asked, so the
    /// rest of a long file is never split.
    private static func firstLines(_ text: String, count: Int) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        for _ in 0..<64 {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[start..<end]
            let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
            if !trimmed.allSatisfy(\.isWhitespace) {
                lines.append(trimmed.hasPrefix("\u{FEFF}") ? trimmed.dropFirst() : trimmed)
                if lines.count == count { break }
            }
            guard end != text.endIndex else { break }
            start = text.index(after: end)
        }
        return lines
    }
}
