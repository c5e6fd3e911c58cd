import Foundation
import NotesBase

/// What Logseq keeps in a page's file besides its blocks: the page properties (`key:: value`
/// lines before the first block) and the page name in the file name.
struct LogseqProperties {
    /// The properties as header entries (line 0: they are not in a front matter).
    private(set) var entries: [NoteHeader.Entry] = []
    /// The names in `tags::` (`tags:: work, [[Tokyo Trip]], #idea`).
    private(set) var tags: [String] = []

    init() {}

    /// The page properties at the start of `body`: `key:: value` lines (a first `- ` allowed,
    /// as Logseq writes a page's first block). The body is left as it is.
    init(_ body: String) {
        var lines = LineReader(body)
        while let line = lines.next() {
            var text = Substring(line)
            if text.hasPrefix("- ") { text = text.dropFirst(2) }
            guard let separator = text.range(of: "::"), !text[..<separator.lowerBound].isEmpty,
                  !text[..<separator.lowerBound].contains(where: \.isWhitespace)
            else { break }
            let key = text[..<separator.lowerBound].lowercased()
            let value = text[separator.upperBound...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "title":
                entries.append(.init(key: "title", value: .text(value), line: 0))
            case "tags":
                tags += Self.names(value)
            case "alias":  // the page's other names: the note's aliases
                entries.append(.init(key: "aliases", value: .list(Self.names(value)), line: 0))
            default:
                break  // id::, collapsed:: and the others are not kept
            }
        }
    }

    /// `a, [[b c]], #d` as Logseq reads a property's page references.
    static func names(_ value: String) -> [String] {
        value.split(separator: ",").flatMap { piece -> [String] in
            let name = piece.trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("#[[") || name.hasPrefix("[[") {
                return [MarkdownNoteReader.linkTarget(String(name.drop { $0 == "#" }))]
            }
            if name.hasPrefix("#") { return name.split(separator: " ").map { String($0.drop { $0 == "#" }) } }
            return [name]
        }.filter { !$0.isEmpty }
    }

    /// How a graph encodes page names in file names (`:file/name-format` in `logseq/config.edn`).
    enum FileNameFormat: Equatable, Sendable {
        /// Since Logseq 0.8.9: `___` is `/`, other characters percent-encoded (`%3F`).
        case tripleLowbar
        /// Graphs whose config has no `:file/name-format`: `.` is `/`, then the whole name
        /// percent-decoded (`%2F` is `/` too); such pages usually carry `title::`.
        case legacy
    }

    /// The page name Logseq shows for a file name, as Logseq's own `title-parsing` decodes
    /// it: `a___b` is the namespace page `a/b` and each `%XX` is decoded (an invalid one kept),
    /// empty namespaces dropped (`a___b___` is `a/b`); in a legacy graph, `a.b` is `a/b`.
    static func pageName(fileName: String, format: FileNameFormat = .tripleLowbar) -> String {
        switch format {
        case .tripleLowbar:
            let decoded = decodingPercentRuns(fileName.replacingOccurrences(of: "___", with: "/"))
            let parts = decoded.split(separator: "/", omittingEmptySubsequences: true)
            return parts.isEmpty ? decoded : parts.joined(separator: "/")
        case .legacy:
            let name = fileName.replacingOccurrences(of: ".", with: "/")
            return name.removingPercentEncoding ?? name
        }
    }

    /// `text` with each run of `%XX` escapes decoded as UTF-8; a run that is not UTF-8 is kept.
    private static func decodingPercentRuns(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while index < bytes.count {
            var run: [UInt8] = []
            var end = index
            while end + 2 < bytes.count, bytes[end] == UInt8(ascii: "%"), let high = hex(bytes[end + 1]), let low = hex(bytes[end + 2]) {
                run.append(high << 4 | low)
                end += 3
            }
            if run.isEmpty {
                output.append(bytes[index])
                index += 1
            } else {
                output += String(validating: run, as: UTF8.self) != nil ? run : Array(bytes[index..<end])
                index = end
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
