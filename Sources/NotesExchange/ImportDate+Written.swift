import Foundation

extension ImportDate {
    private static let monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                     "october", "november", "december"]

    /// A date written out in English, as note templates write it: an optional weekday, then
    /// `November 07, 2024` / `Sep 14th, 2020` (month first) or `18 September 2020` (day first);
    /// full or three-letter month names, any case. Local midnight; nil for anything else.
    /// zk notebooks made with `{{format-date now "full"}}`-style templates write the first
    /// (`created: Thursday, November 07, 2024`), Emacs Org files the second (`#+DATE:`).
    func written(_ text: String) -> Date? {
        var words = text.split { $0 == " " || $0 == "," }.map { $0.lowercased() }
        guard (3...4).contains(words.count), words.last?.count == 4, let year = words.last.flatMap({ Int($0) }) else { return nil }
        if words.count == 4 {
            guard words[0].count >= 3, words[0].allSatisfy(\.isLetter) else { return nil }  // the weekday, not checked
            words.removeFirst()
        }
        func month(_ word: String) -> Int? {
            guard word.count >= 3, word.allSatisfy(\.isLetter) else { return nil }
            return Self.monthNames.firstIndex { $0.hasPrefix(word) && (word.count == 3 || $0 == word) }.map { $0 + 1 }
        }
        let monthFirst = month(words[0])
        var dayWord = Substring(monthFirst != nil ? words[1] : words[0])
        if let suffix = ["st", "nd", "rd", "th"].first(where: { dayWord.hasSuffix($0) }) { dayWord = dayWord.dropLast(suffix.count) }
        guard let monthNumber = monthFirst ?? month(words[1]), let day = Int(dayWord), (1...31).contains(day)
        else { return nil }
        return local(year: year, month: monthNumber, day: day, hour: 0, minute: 0, second: 0)
    }
}
