/// The words, names and lines synthetic notes are made of: mostly English, with
/// accents, CJK, emoji and combining marks mixed in the way real notes have them.
enum TextCorpus {
    static let words: [String] = [
        "meeting", "project", "review", "draft", "plan", "budget", "release", "design",
        "notes", "ideas", "todo", "follow", "up", "call", "email", "report", "summary",
        "week", "month", "quarter", "goal", "client", "server", "deploy", "bug", "fix",
        "feature", "test", "book", "recipe", "travel", "trip", "garden", "music", "paper",
        "research", "question", "answer", "list", "shopping", "groceries", "health", "run",
        "the", "a", "of", "and", "to", "in", "for", "with", "on", "about", "after", "before",
        "new", "old", "quick", "long", "short", "important", "maybe", "later", "today",
        "tomorrow", "friday", "monday", "kitchen", "train", "station", "library", "coffee",
        "swift", "terminal", "color", "picker", "store", "journal", "backup", "migration",
    ]

    /// Words with accents, other scripts, emoji and combining marks.
    static let unicodeWords: [String] = [
        "café", "naïve", "résumé", "façade", "Größe", "Ærø", "São Paulo", "crème brûlée",
        "Zürich", "smörgåsbord", "jalapeño", "e\u{301}te\u{301}", "会議", "日本語のメモ",
        "中文笔记", "東京", "한국어", "Привет", "Ελληνικά", "עברית", "✅", "🚀", "📌",
        "👍🏽", "🇫🇷", "👩‍💻", "☕️", "🎉", "→", "…",
    ]

    static let categoryNames: [String] = [
        "Work", "Personal", "Recipes", "Travel", "Reading", "Projects", "Ideas", "Journal",
        "Health", "Finance", "Garden", "Music", "Research", "Meetings", "Shopping", "Home",
        "Car", "Kids", "School", "Writing", "Photos", "Movies", "Games", "Fitness", "Coding",
        "Servers", "Design", "Clients", "Taxes", "Insurance", "Café ☕️", "日本語", "Voyages",
        "Bücher", "Idées 💡", "Tasks", "Someday", "Archive", "Inbox", "Drafts", "Quotes",
        "Links", "Snippets", "Events", "Birthdays", "Language", "Cooking", "Running", "Hikes",
        "Misc",
    ]

    static let tags: [String] = [
        "urgent", "later", "idea", "todo", "done", "waiting", "home", "work", "family",
        "money", "health", "travel", "book", "film", "music", "code", "swift", "linux",
        "draft", "review", "meeting", "call", "email", "q1", "q2", "q3", "q4", "2020",
        "2021", "2022", "2023", "2024", "café", "日本", "reference", "howto", "recipe",
        "garden", "car", "kids",
    ]

    /// A word, with about one word in twelve from `unicodeWords`.
    static func word(_ random: inout SplitMix64) -> String {
        random.below(12) == 0 ? random.pick(unicodeWords) : random.pick(words)
    }

    /// `count` words joined by spaces.
    static func phrase(_ random: inout SplitMix64, words count: Int) -> String {
        var text = ""
        for index in 0..<count {
            if index > 0 { text += " " }
            text += word(&random)
        }
        return text
    }

    /// A note title: 2 to 8 words, the first capitalized.
    static func title(_ random: inout SplitMix64) -> String {
        let text = phrase(&random, words: random.within(2...8))
        guard let first = text.first else { return "Note" }
        return first.uppercased() + text.dropFirst()
    }

    /// One Markdown-ish line: a heading, a bullet, a checkbox, a link, code, or a sentence.
    static func line(_ random: inout SplitMix64) -> String {
        switch random.below(10) {
        case 0: "## " + title(&random)
        case 1, 2: "- " + phrase(&random, words: random.within(2...9))
        case 3: "- [" + (random.chance(50) ? "x" : " ") + "] " + phrase(&random, words: random.within(2...7))
        case 4: "See [" + word(&random) + "](https://example.org/" + String(random.below(100_000)) + ")"
        case 5: "`" + word(&random) + "(" + word(&random) + ")` " + phrase(&random, words: 3)
        default: title(&random) + " " + phrase(&random, words: random.within(4...18)) + "."
        }
    }

    /// A body: short (40%), medium (45%) or long (15%), so a few hundred bytes on average.
    static func body(_ random: inout SplitMix64) -> String {
        let lineCount: Int
        switch random.below(100) {
        case 0..<40: lineCount = random.within(0...2)
        case 40..<85: lineCount = random.within(3...8)
        default: lineCount = random.within(12...40)
        }
        var lines: [String] = []
        lines.reserveCapacity(lineCount)
        for _ in 0..<lineCount { lines.append(line(&random)) }
        return lines.joined(separator: "\n")
    }
}
