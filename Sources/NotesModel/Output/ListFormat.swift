import Foundation
import NotesBase

/// `notes list --format '{id}\t{title}'`: one line a note, from a template of text and
/// `{field}`s. The fields are `id` (whole), `title` (on one line), `category` (its name,
/// empty for none), `tags` (sorted, comma-separated), `created` and `updated` (ISO 8601
/// UTC, as in `--json`) and `kind`; `\t`, `\n` and `\\` in the template are a tab, a line
/// break and a backslash. An unknown field or an unclosed `{` is an error naming it.
public struct ListFormat: Sendable, Equatable {
    /// A field a template may name.
    public enum Field: String, Sendable, CaseIterable {
        case id, title, category, tags, created, updated, kind
    }

    /// A piece of the template: text as it is, or a field's value.
    public enum Piece: Sendable, Equatable {
        case text(String)
        case field(Field)
    }

    /// Why a template cannot be used.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public let pieces: [Piece]

    /// Reads `template`.
    public init(_ template: String) throws(Failure) {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(template)
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "\\":
                switch rest.first {
                case "t": text.append("\t")
                case "n": text.append("\n")
                case "\\": text.append("\\")
                default: text.append("\\"); continue
                }
                rest = rest.dropFirst()
            case "{":
                guard let close = rest.firstIndex(of: "}") else {
                    throw Failure(description: "'{' without '}' in the format \"\(template)\"")
                }
                let name = String(rest[..<close])
                guard let field = Field(rawValue: name) else {
                    throw Failure(description: "unknown field '{\(name)}' in the format; the fields are "
                        + Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", "))
                }
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.field(field))
                rest = rest[rest.index(after: close)...]
            default:
                text.append(character)
            }
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The line of `note` (without its line break).
    public func line(_ note: Note, in database: NotesDatabase) -> String {
        var line = ""
        for piece in pieces {
            switch piece {
            case .text(let text): line += text
            case .field(let field): line += Self.value(of: field, note, in: database)
            }
        }
        return line
    }

    private static func value(of field: Field, _ note: Note, in database: NotesDatabase) -> String {
        switch field {
        case .id: note.id.uuidString
        case .title: PlainOutput.singleLine(note.title)
        case .category: note.categoryID.flatMap { database.categories[$0]?.name }.map(PlainOutput.singleLine) ?? ""
        case .tags: note.tags.sorted().joined(separator: ",")
        case .created: ISODate.format(note.created)
        case .updated: ISODate.format(note.updated)
        case .kind: note.kind.name
        }
    }
}
