import Foundation

/// What an import reads of a Logseq graph's `logseq/config.edn`: how its files are named
/// (`:file/name-format`) and how its journals are titled (`:journal/page-title-format`).
/// Only these two keys are looked for, a line at a time (`;` starts a comment); the file
/// is not read as EDN otherwise.
struct LogseqGraphConfig: Equatable, Sendable {
    var fileNames = LogseqProperties.FileNameFormat.tripleLowbar
    /// A date-fns pattern, Logseq's default unless the config sets one.
    var journalTitleFormat = "MMM do, yyyy"

    init() {}

    /// The settings in `config.edn`'s text. Without `:file/name-format` the graph is
    /// `:legacy`, as Logseq reads it.
    init(config: String) {
        let lines = config.split(whereSeparator: \.isNewline).map { $0.prefix { $0 != ";" } }
        let nameSetting = lines.first { $0.contains(":file/name-format") }
        fileNames = nameSetting?.contains(":triple-lowbar") == true ? .tripleLowbar : .legacy
        if let line = lines.first(where: { $0.contains(":journal/page-title-format") }),
           let key = line.range(of: ":journal/page-title-format"),
           let open = line[key.upperBound...].firstIndex(of: "\""),
           let close = line[line.index(after: open)...].firstIndex(of: "\"") {
            let pattern = String(line[line.index(after: open)..<close])
            if Self.format(Date(timeIntervalSince1970: 0), pattern: pattern, timeZone: .gmt) != nil { journalTitleFormat = pattern }
        }
    }

    /// The config of the graph holding `path`: its `logseq/config.edn`, in the folder or
    /// the nearest one above it that has one (the defaults when there is none).
    init(graphAt path: String, isFolder: Bool) {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        if !isFolder { folder.deleteLastPathComponent() }
        for _ in 0..<64 {
            if let data = FileManager.default.contents(atPath: folder.appendingPathComponent("logseq/config.edn").path) {
                self.init(config: String(decoding: data, as: UTF8.self))
                return
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        self.init()
    }

    /// A journal's title as this graph shows it (`Sep 14th, 2020` by default).
    func journalTitle(_ day: Date, timeZone: TimeZone) -> String {
        Self.format(day, pattern: journalTitleFormat, timeZone: timeZone)
            ?? Self.format(day, pattern: "MMM do, yyyy", timeZone: timeZone) ?? ""
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                 "October", "November", "December"]
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `day` in the date-fns `pattern` the journal formats Logseq offers use: `yyyy`,
    /// `yy`, `MMMM`, `MMM`, `MM`, `M`, `dd`, `d`, `do` (1st), `EEEE` (Monday), `EEE`/`EE`/`E`
    /// (Mon), `'literal'`; other characters as they are. Nil for any other letter.
    static func format(_ day: Date, pattern: String, timeZone: TimeZone) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
        let (year, month, dayNumber, weekday) = (parts.year ?? 1, parts.month ?? 1, parts.day ?? 1, parts.weekday ?? 1)
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        var output = ""
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                guard let close = characters[(index + 1)...].firstIndex(of: "'") else { return nil }
                output += String(characters[(index + 1)..<close])
                index = close + 1
                continue
            }
            guard character.isASCII, character.isLetter else {
                output.append(character)
                index += 1
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            switch (character, count) {
            case ("y", 4): output += String(year)
            case ("y", 2): output += two(year % 100)
            case ("M", 4): output += months[(month - 1) % 12]
            case ("M", 3): output += String(months[(month - 1) % 12].prefix(3))
            case ("M", 2): output += two(month)
            case ("M", 1): output += String(month)
            case ("d", 2): output += two(dayNumber)
            case ("d", 1):
                if index + 1 < characters.count, characters[index + 1] == "o" {
                    let suffix = (11...13).contains(dayNumber % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][dayNumber % 10] ?? "th"
                    output += "\(dayNumber)\(suffix)"
                    count = 2
                } else {
                    output += String(dayNumber)
                }
            case ("E", 4): output += weekdays[(weekday - 1) % 7]
            case ("E", 1...3): output += String(weekdays[(weekday - 1) % 7].prefix(3))
            default: return nil
            }
            index += count
        }
        return output
    }
}
