import Foundation
import NotesModel

/// A template file read: a front matter at its top (`---` … `---`) is read as the editor
/// reads a note's header (`NoteDocument`: the same keys, values and errors) and becomes
/// the template's `header`; the one blank line after it is not part of the body.
extension NoteTemplate {
    /// The placeholders a header may hold, each read as one private-use character so that
    /// YAML takes `title: {{date}} plan` as the plain text it means; given back after.
    private static let stand = [("{{date}}", "\u{F8F0}"), ("{{time}}", "\u{F8F1}"), ("{{title}}", "\u{F8F2}"),
                                ("{{cursor}}", "\u{F8F3}")]

    /// The template `name` (for messages, `name.md`) of the file's `text`. A front matter
    /// that cannot be read leaves the whole text as the body, with `problem` saying why.
    public static func reading(name: String, file text: String) -> NoteTemplate {
        guard text.hasPrefix("---") else { return NoteTemplate(name: name, text: text) }
        var standing = text
        for (placeholder, mark) in stand { standing = standing.replacingOccurrences(of: placeholder, with: mark) }
        var bytes = standing
        let split = bytes.withUTF8 { utf8 in
            Result { () throws(NoteDocumentError) in
                try NoteDocument.split(utf8, ending: NoteDocument.FinalLineFeed(original: "\n".utf8))
            }
        }
        // No front matter, or an opening `---` never closed (a thematic break, as the import reads it).
        guard case .success(let parts) = split, case .success? = parts.header else { return NoteTemplate(name: name, text: text) }
        let fields: NoteDocument.Fields
        do { fields = try NoteDocument.fields(parts) } catch {
            return NoteTemplate(name: name, text: text, problem: "template \(name).md, front matter \(error): "
                                + "the whole template is the note's body")
        }
        let header = Header(title: fields.title.map(given), categoryName: fields.categoryName.map { $0.map(given) },
                            tags: fields.tags.map { $0.sorted().map(given) }, kind: fields.kind, pinned: fields.pinned,
                            aliases: fields.aliases?.map(given))
        return NoteTemplate(name: name, text: given(MarkdownNoteReader.droppingSeparator(fields.body)), header: header)
    }

    /// `text` with its placeholders as written again.
    private static func given(_ text: String) -> String {
        var result = text
        for (placeholder, mark) in stand { result = result.replacingOccurrences(of: mark, with: placeholder) }
        return result
    }
}
