import Foundation
import NotesBase

/// `notes list --format '{id}\t{title}'`: one line a note, from a template of text and
/// `{field}`s. The fields are `id` (whole), `title` (on one line), `category` (its name,
/// empty for none), `tags` (sorted, comma-separated), `created` and `updated` (ISO 8601
/// UTC, as in `--json`), `kind` and `pinned` (`true` or `false`, as in `--json`); `\t`, `\n` and `\\` in the template are a tab, a line
/// break and a backslash. An unknown field or an unclosed `{` is an error naming it.
public struct ListFormat: Sendable, Equatable {
    /// A field a template may name.
    public enum Field: String, Sendable, CaseIterable {
        case id, title, category, tags, created, updated, kind, pinned
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
        var bytes: [UInt8] = []
        append(note, in: database, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `line(note, in: database)` as UTF-8 at the end of `output`.
    public func append(_ note: Note, in database: NotesDatabase, to output: inout [UInt8]) {
        for piece in pieces {
            switch piece {
            case .text(let text): output.append(contentsOf: text.utf8)
            case .field(let field): Self.append(field, of: note, in: database, to: &output)
            }
        }
    }

    /// Writes the lines of the notes at `positions` in `database.notes`, each followed by a
    /// line break, reading each note in place.
    public func append(_ positions: ArraySlice<NotePosition>, of database: NotesDatabase, to output: inout [UInt8]) {
        let notes = database.notes.values
        for position in positions {
            append(notes[position], in: database, to: &output)
            output.append(0x0A)
        }
    }

    private static func append(_ field: Field, of note: Note, in database: NotesDatabase, to output: inout [UInt8]) {
        switch field {
        case .id: UUIDBits.appendUppercasePrefix(of: note.id, length: 36, to: &output)
        case .title: PlainOutput.appendSingleLine(note.title, to: &output)
        case .category:
            if let name = note.categoryID.flatMap({ database.categories[$0]?.name }) { PlainOutput.appendSingleLine(name, to: &output) }
        case .tags:
            for (index, tag) in note.tags.sorted().enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: tag.utf8)
            }
        case .created: ISODate.append(note.created, to: &output)
        case .updated: ISODate.append(note.updated, to: &output)
        case .kind: output.append(contentsOf: note.kind.name.utf8)
        case .pinned: output.append(contentsOf: (note.pinned ? "true" : "false").utf8)
        }
    }
}
