import Foundation
import NotesBase
import NotesJSON
import NotesColor

/// The stable `--json` encodings of notes, categories and colors, documented in
/// `docs/json-output.md`. Keys come in a fixed order; never rename one.
public enum JSONOutput {
    /// `{"space", "red", "green", "blue", "alpha", "hex"}`: components as stored (0…1,
    /// in `space`), and `hex` in sRGB, `#RRGGBB` or `#RRGGBBAA` when not opaque.
    /// A color whose archive could not be read (white stands in) has two more keys:
    /// `"unreadable": true` and `"reason"`.
    public static func color(_ color: SerializableColor) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("space", .string(color.colorSpace.name)),
            ("red", .float(color.red)),
            ("green", .float(color.green)),
            ("blue", .float(color.blue)),
            ("alpha", .float(color.alpha)),
            ("hex", .string(color.hex)),
        ]
        if let reason = color.unreadableReason {
            members += [("unreadable", .bool(true)), ("reason", .string(reason))]
        }
        return .object(members)
    }

    /// `{"id", "title", "body", "created", "updated", "category", "tags", "kind", "pinned", "aliases", "attachments"}`.
    /// `category` is the category's name or `null`; `tags` are sorted; dates are ISO 8601 UTC.
    public static func note(_ note: Note, in database: NotesDatabase) -> JSONValue {
        let categoryName = note.categoryID.flatMap { database.categories[$0]?.name }
        return .object([
            ("id", .string(note.id.uuidString)),
            ("title", .string(note.title)),
            ("body", .string(note.body)),
            ("created", .string(ISODate.format(note.created))),
            ("updated", .string(ISODate.format(note.updated))),
            ("category", .optionalString(categoryName)),
            ("tags", .array(note.tags.sorted().map { .string($0) })),
            ("kind", .string(note.kind.name)),
            ("pinned", .bool(note.pinned)),
            ("aliases", .array(note.aliases.map { .string($0) })),
            ("attachments", .array(note.attachments.map { .string($0.relativePath) })),
        ])
    }

    /// The same text as `JSONValue.array(notes.map { note($0, in: database) }).jsonBytes()`,
    /// handed to `write` in pieces of about 64 KiB: one note's tree at a time, so that
    /// listing 100,000 notes does not hold them all as JSON values at once.
    public static func writeNotes(_ notes: [Note], in database: NotesDatabase, to write: ([UInt8]) -> Void) {
        var writer = JSONTextWriter(pretty: true, capacity: 1 << 17, escaping: .portable)
        writer.beginArray()
        for note in notes {
            writer.element()
            writer.value(Self.note(note, in: database))
            if writer.bytes.count >= 1 << 16 { writer.drain(write) }
        }
        writer.endArray()
        writer.drain(write)
    }

    /// One line a note (`--jsonl`): each `note(_:in:)` object on a line of its own, without
    /// spaces, handed to `write` in pieces of about 64 KiB as the notes are written.
    public static func writeNoteLines(_ notes: [Note], in database: NotesDatabase, to write: ([UInt8]) -> Void) {
        var writer = JSONTextWriter(pretty: false, capacity: 1 << 17, escaping: .portable)
        for note in notes {
            writer.value(Self.note(note, in: database))
            writer.raw("\n")
            if writer.bytes.count >= 1 << 16 { writer.drain(write) }
        }
        writer.drain(write)
    }

    /// `{"id", "name", "color", "notes"}`: `notes` is how many notes are in the category.
    public static func category(_ category: Category, noteCount: Int) -> JSONValue {
        .object([
            ("id", .string(category.id.uuidString)),
            ("name", .string(category.name)),
            ("color", color(category.color)),
            ("notes", .integer(noteCount)),
        ])
    }

    /// Every category sorted by name, with note counts (`counts` by category, or counted in `database`).
    public static func categories(in database: NotesDatabase, counts given: [UUID: Int]? = nil) -> JSONValue {
        var counts: [UUID: Int] = given ?? [:]
        if given == nil {
            for note in database.notes.values {
                if let id = note.categoryID { counts[id, default: 0] += 1 }
            }
        }
        return .array(database.sortedCategories.map { category($0, noteCount: counts[$0.id] ?? 0) })
    }

    /// Reads a color object back. Accepts `space` + components (exact), or only `hex` (sRGB).
    public static func color(from value: JSONValue) throws(ModelError) -> SerializableColor {
        if let hex = value.stringValue { return try ModelError.checkingColor { () throws(ColorError) in try SerializableColor(hex: hex) } }
        if let red = value["red"]?.floatValue, let green = value["green"]?.floatValue,
           let blue = value["blue"]?.floatValue {
            let spaceName = value["space"]?.stringValue ?? ColorSpace.sRGB.name
            guard let space = ColorSpace.allCases.first(where: { $0.name == spaceName }) else {
                throw .invalidColorComponent("unknown color space '\(spaceName)'")
            }
            let alpha = value["alpha"]?.floatValue ?? 1
            return try ModelError.checkingColor { () throws(ColorError) in
                try SerializableColor(colorSpace: space, red: red, green: green, blue: blue, alpha: alpha)
            }
        }
        if let hex = value["hex"]?.stringValue { return try ModelError.checkingColor { () throws(ColorError) in try SerializableColor(hex: hex) } }
        throw .invalidColorComponent("a color needs red, green and blue numbers, or a hex string")
    }
}
