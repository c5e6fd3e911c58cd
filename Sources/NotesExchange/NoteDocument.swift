import Foundation
import Yams
import NotesBase
import NotesModel

/// A whole note as the user edits it: a front-matter header with `title`,
/// `category`, `tags`, `kind`, for a pinned note `pinned: true` and for a note with
/// aliases `aliases: [...]` (the shape and
/// quoting of the Markdown export), then the body exactly as stored.
///
/// Reading it back: a changed header changes the note; a key left out keeps that
/// field; a text without a header is all body (the fields are kept). An empty
/// `category` means none.
public enum NoteDocument {
    /// The keys the header may hold.
    public static let keys = ["title", "category", "tags", "kind", "pinned", "aliases"]

    /// What an edited document says; nil fields were left out (kept as they are).
    public struct Fields: Equatable, Sendable {
        public var title: String?
        /// `.some(nil)`: no category.
        public var categoryName: String??
        public var tags: Set<String>?
        public var kind: NoteKind?
        public var pinned: Bool?
        public var aliases: [String]?
        public var body: String
        /// The line of the `category` key, to point at an unknown name.
        public var categoryLine: Int?
        /// Set when the body was compared, byte for byte, with the note's as it was
        /// written to the file: true when it is the same (`body` is then left empty and
        /// the note's body is kept), false when it differs. Nil: `apply` compares.
        package var bodyIsOriginal: Bool?
    }

    /// The text to edit for `note` in `category`.
    public static func render(_ note: Note, categoryName: String?) -> String {
        String(decoding: renderUTF8(note, categoryName: categoryName).bytes, as: UTF8.self)
    }

    /// The document's bytes, and where the note's body is in them.
    package struct Rendered: Sendable {
        package var bytes: [UInt8]
        var body: Range<Int>

        package func withBody<Result>(_ read: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
            try bytes.withUnsafeBufferPointer { try read(UnsafeBufferPointer(rebasing: $0[body])) }
        }
    }

    /// `render` as UTF-8, built once: the header, the body (decoded from the store
    /// straight into the buffer) and a line feed when the body does not end with one
    /// (an empty body is one empty line).
    package static func renderUTF8(_ note: Note, categoryName: String?) -> Rendered {
        var lines = ["---"]
        lines.append("title: " + quoted(note.title))
        lines.append("category: " + quoted(categoryName ?? ""))
        lines.append("tags: [" + note.sortedTags.map(quoted).joined(separator: ", ") + "]")
        lines.append("kind: " + note.kind.name)
        if note.pinned { lines.append("pinned: true") }
        if !note.aliases.isEmpty { lines.append("aliases: [" + note.aliases.map(quoted).joined(separator: ", ") + "]") }
        lines.append("---")
        let header = Array(lines.map { $0 + "\n" }.joined().utf8)
        // Header, body, a line feed: written in place, the body decoded straight into the buffer.
        let capacity = header.count + note.bodyUTF8CountBound + 1
        var bodyCount: Int?
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            _ = buffer.initialize(fromContentsOf: header)
            bodyCount = note.copyBodyUTF8(into: UnsafeMutableBufferPointer(rebasing: buffer[header.count..<(capacity - 1)]))
            count = header.count + (bodyCount ?? 0)
        }
        if bodyCount == nil { note.withBodyUTF8 { bytes.append(contentsOf: $0) } }  // did not fit: not expected
        let body = header.count..<bytes.count
        // An empty body gets an empty line to type on, where the editor opens (`vim +7`),
        // rather than the closing `---`; read back, that line feed is dropped.
        if body.isEmpty || !UTF8Text.endsWithLineFeed(bytes[body]) { bytes.append(UInt8(ascii: "\n")) }
        return Rendered(bytes: bytes, body: body)
    }

    /// Reads an edited document. `originalBody` decides the final newline: editors end a
    /// file with one, so it is dropped again when the body did not have one.
    public static func read(_ text: String, originalBody: String) throws(NoteDocumentError) -> Fields {
        var text = text
        let split = text.withUTF8 { bytes in
            Result { () throws(NoteDocumentError) in
                try Self.split(bytes, ending: FinalLineFeed(original: originalBody.utf8))
            }
        }
        switch split {
        case .success(let split): return try fields(split)
        case .failure(let error): throw NoteDocumentError(line: nil, reason: error.description)  // not reached: a String is UTF-8
        }
    }

    /// The line feed `render` adds after a body that does not end with one, and that
    /// editors add anyway: dropped again from the edited body when the original had none.
    /// An empty original was rendered as one empty line: a line feed that starts the
    /// edited body is that line (text typed on it, or a line opened under it) and goes too.
    package struct FinalLineFeed {
        /// The original's last `Character` is a lone LF (not CR LF).
        let originalEndsWithLineFeed: Bool
        /// The original ends with a CR: `render` made it CR LF.
        let originalEndsWithCarriageReturn: Bool
        /// The original body is empty: `render` gave it an empty line.
        let originalIsEmpty: Bool

        package init<Text: BidirectionalCollection>(original: Text) where Text.Element == UInt8 {
            originalEndsWithLineFeed = UTF8Text.endsWithLineFeed(original)
            originalEndsWithCarriageReturn = original.last == UInt8(ascii: "\r")
            originalIsEmpty = original.isEmpty
        }

        /// `body` without the line feeds `render` added; reads up to three bytes.
        func trimmed(_ body: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            let body = trimmedEnd(body)
            guard originalIsEmpty, body.first == UInt8(ascii: "\n") else { return body }
            return UnsafeBufferPointer(rebasing: body.dropFirst())
        }

        /// `body` without the final line feed when it is the one added; reads two bytes.
        private func trimmedEnd(_ body: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            guard !originalEndsWithLineFeed, body.last == UInt8(ascii: "\n") else { return body }
            let addedToCarriageReturn = body.count >= 2 && body[body.count - 2] == UInt8(ascii: "\r")
            guard UTF8Text.endsWithLineFeed(body) || (originalEndsWithCarriageReturn && addedToCarriageReturn) else { return body }
            return UnsafeBufferPointer(rebasing: body.dropLast())
        }
    }

    /// An edited document split into its header's text (not yet parsed) and its body.
    package struct Split {
        /// Nil: no header. A header that is not closed is a problem to report.
        var header: Result<String, FrontMatterError>?
        /// Nil: the same bytes as `originalBody`.
        var body: String?
        /// Whether the body was compared with an original.
        var compared = false
    }

    /// Splits an edited document's bytes, reading the header's lines, then the body
    /// only to compare it with `originalBody` (when given) and, if it differs, to make
    /// it a `String`. Throws when the text is not UTF-8.
    package static func split(_ text: UnsafeBufferPointer<UInt8>, ending: FinalLineFeed,
                      originalBody: UnsafeBufferPointer<UInt8>? = nil) throws(NoteDocumentError) -> Split {
        var result = Split(compared: originalBody != nil)
        let span: FrontMatterSpan<Int>?
        do { span = try YAMLFrontMatter.span(of: text) } catch {
            // Nothing is read as the body; the whole text must still be UTF-8.
            guard UTF8Text.string(text) != nil else { throw .notUTF8 }
            result.header = .failure(error)
            result.body = ""
            return result
        }
        var bodyStart = text.startIndex
        if let span {
            guard let header = String(validating: span.joinedBytes(in: text), as: Unicode.UTF8.self) else { throw .notUTF8 }
            result.header = .success(header)
            bodyStart = span.bodyStart
        }
        let body = ending.trimmed(UnsafeBufferPointer(rebasing: text[bodyStart...]))
        if let originalBody, UTF8Text.equal(body, originalBody) { return result }
        guard let string = UTF8Text.string(body) else { throw .notUTF8 }
        result.body = string
        return result
    }

    /// The fields a split document says; throws every problem its header has at once.
    package static func fields(_ split: Split) throws(NoteDocumentError) -> Fields {
        var problems: [NoteDocumentError] = []
        let fields = fields(split, problems: &problems)
        if let error = NoteDocumentError(all: problems) { throw error }
        return fields
    }

    /// The fields a split document says; each problem of its header is added to `problems`
    /// (a key with a problem is left out), so that all are reported at once.
    package static func fields(_ split: Split, problems: inout [NoteDocumentError]) -> Fields {
        var fields = Fields(body: split.body ?? "", bodyIsOriginal: split.compared ? split.body == nil : nil)
        guard let headerText = split.header else { return fields }
        let entries: [(key: String, value: Node)]
        do { entries = try YAMLFrontMatter.parse(try headerText.get()) } catch {
            problems.append(NoteDocumentError(line: error.line, reason: error.reason))
            return fields
        }
        for (key, value) in entries {
            do throws(NoteDocumentError) { try read(key, value, into: &fields) } catch { problems.append(error) }
        }
        return fields
    }

    /// One key of the header into `fields`.
    private static func read(_ key: String, _ value: Node, into fields: inout Fields) throws(NoteDocumentError) {
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
        case "pinned":
            let text = try scalarText(value, key: key, line: line)?.trimmingCharacters(in: .whitespaces).lowercased()
            guard let text, ["true", "false"].contains(text) else {
                throw NoteDocumentError(line: line, reason: "'pinned' is true or false")
            }
            fields.pinned = text == "true"
        case "aliases":
            fields.aliases = try aliases(value, line: line)
        default:
            throw NoteDocumentError(line: line, reason: "unknown key '\(key)' (the header holds \(keys.joined(separator: ", ")))")
        }
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
    static func scalarText(_ node: Node, key: String, line: Int) throws(NoteDocumentError) -> String? {
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
            var problems: [NoteDocumentError] = []
            for item in items {
                let itemLine = (item.mark?.line ?? 0) + 1
                guard case .scalar(let scalar) = item else {
                    throw NoteDocumentError(line: itemLine, reason: "a tag must be a single name")
                }
                if let problem = Tag.separatorProblem(scalar.string) {
                    problems.append(NoteDocumentError(line: itemLine, reason: problem))
                } else if let tag = Tag.normalize(scalar.string) {
                    tags.insert(tag)
                }
            }
            if let error = NoteDocumentError(all: problems) { throw error }
            return tags
        case .scalar:
            let text = try scalarText(node, key: "tags", line: line) ?? ""
            let names = text.split { $0 == "," || $0 == " " || $0 == "\t" }
            return Set(names.compactMap { Tag.normalize(String($0)) })
        case .mapping:
            throw NoteDocumentError(line: line, reason: "'tags' must be a list, like [work, ideas]")
        }
    }
}
