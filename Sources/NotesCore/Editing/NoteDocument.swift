import Foundation
import Yams

/// A whole note as the user edits it: a front-matter header with `title`,
/// `category`, `tags` and `kind` (the shape and quoting of the Markdown export),
/// then the body exactly as stored.
///
/// Reading it back: a changed header changes the note; a key left out keeps that
/// field; a text without a header is all body (the fields are kept). An empty
/// `category` means none.
public enum NoteDocument {
    /// The keys the header may hold.
    public static let keys = ["title", "category", "tags", "kind"]

    /// What an edited document says; nil fields were left out (kept as they are).
    public struct Fields: Equatable, Sendable {
        public var title: String?
        /// `.some(nil)`: no category.
        public var categoryName: String??
        public var tags: Set<String>?
        public var kind: NoteKind?
        public var body: String
        /// The line of the `category` key, to point at an unknown name.
        public var categoryLine: Int?
    }

    /// The text to edit for `note` in `category`.
    public static func render(_ note: Note, categoryName: String?) -> String {
        var lines = ["---"]
        lines.append("title: " + quoted(note.title))
        lines.append("category: " + quoted(categoryName ?? ""))
        lines.append("tags: [" + note.sortedTags.map(quoted).joined(separator: ", ") + "]")
        lines.append("kind: " + note.kind.name)
        lines.append("---")
        let body = note.body.isEmpty || note.body.hasSuffix("\n") ? note.body : note.body + "\n"
        return lines.joined(separator: "\n") + "\n" + body
    }

    /// Reads an edited document. `originalBody` decides the final newline: editors end a
    /// file with one, so it is dropped again when the body did not have one.
    public static func read(_ text: String, originalBody: String) throws(NoteDocumentError) -> Fields {
        let header: YAMLFrontMatter?
        do { header = try YAMLFrontMatter.split(text) } catch {
            throw NoteDocumentError(line: error.line, reason: error.reason)
        }
        guard let header else {
            return Fields(body: trimmedFinalNewline(text, original: originalBody))
        }
        var fields = Fields(body: trimmedFinalNewline(header.body, original: originalBody))
        for (key, value) in header.entries {
            let line = (value.mark?.line ?? 0) + 1
            switch key.lowercased() {
            case "title":
                let title = try scalarText(value, key: key, line: line) ?? ""
                guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    throw NoteDocumentError(line: line, reason: "a note needs a title")
                }
                fields.title = title
            case "category":
                let name = try scalarText(value, key: key, line: line) ?? ""
                fields.categoryName = .some(name.trimmingCharacters(in: .whitespaces).isEmpty ? nil : name)
                fields.categoryLine = line
            case "tags":
                fields.tags = try tags(value, line: line)
            case "kind":
                let name = try scalarText(value, key: key, line: line) ?? ""
                guard let kind = NoteKind(name: name.trimmingCharacters(in: .whitespaces)) else {
                    throw NoteDocumentError(line: line, reason: "unknown kind '\(name)' (one of: \(NoteKind.allCases.map(\.name).joined(separator: ", ")))")
                }
                fields.kind = kind
            default:
                throw NoteDocumentError(line: line, reason: "unknown key '\(key)' (the header holds \(keys.joined(separator: ", ")))")
            }
        }
        return fields
    }

    /// `note` with `fields` applied; the category is looked up by name in `database`.
    public static func apply(_ fields: Fields, to note: Note, in database: NotesDatabase) throws(NoteDocumentError) -> Note {
        var result = note
        if let title = fields.title { result.title = title }
        if let categoryName = fields.categoryName {
            if let name = categoryName {
                guard let category = database.category(named: name) else {
                    let known = database.sortedCategories.map { "'\($0.name)'" }.joined(separator: ", ")
                    throw NoteDocumentError(line: fields.categoryLine, reason: "there is no category named '\(name)' "
                        + (known.isEmpty ? "(there are no categories yet; leave it empty)" : "(known: \(known); empty for none)"))
                }
                result.categoryID = category.id
            } else {
                result.categoryID = nil
            }
        }
        if let tags = fields.tags { result.tags = tags }
        if let kind = fields.kind { result.kind = kind }
        if fields.body != note.body { result.body = fields.body }
        return result
    }

    /// `text` as a YAML double-quoted scalar: JSON's quoting, plus escapes for what
    /// YAML does not allow raw (DEL, C1 controls, line and paragraph separators).
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF:
                result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A scalar's text; nil for a YAML null (`key:` with nothing after it, `~`, `null`).
    private static func scalarText(_ node: Node, key: String, line: Int) throws(NoteDocumentError) -> String? {
        guard case .scalar(let scalar) = node else {
            throw NoteDocumentError(line: line, reason: "'\(key)' must be a single value")
        }
        if scalar.style == .plain, NSNull.construct(from: scalar) != nil { return nil }
        return scalar.string
    }

    /// Tags as a list (`[a, b]` or `- a` lines), or one string of names split by commas or spaces.
    private static func tags(_ node: Node, line: Int) throws(NoteDocumentError) -> Set<String> {
        switch node {
        case .sequence(let items):
            var tags = Set<String>()
            for item in items {
                guard case .scalar(let scalar) = item else {
                    throw NoteDocumentError(line: (item.mark?.line ?? 0) + 1, reason: "a tag must be a single name")
                }
                if let tag = Tag.normalize(scalar.string) { tags.insert(tag) }
            }
            return tags
        case .scalar:
            let text = try scalarText(node, key: "tags", line: line) ?? ""
            let names = text.split { $0 == "," || $0 == " " || $0 == "\t" }
            return Set(names.compactMap { Tag.normalize(String($0)) })
        case .mapping:
            throw NoteDocumentError(line: line, reason: "'tags' must be a list, like [work, ideas]")
        }
    }

    private static func trimmedFinalNewline(_ body: String, original: String) -> String {
        guard !original.hasSuffix("\n"), body.hasSuffix("\n") else { return body }
        var result = body
        result.removeLast()  // "\r\n" is one Character
        return result
    }
}

/// What is wrong with an edited note; `line` counts from 1 at the top of the file.
public struct NoteDocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    public let line: Int?
    public let reason: String

    public init(line: Int?, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}
