import Foundation
import NotesColor
import NotesModel

/// Codable mirror types of the model, for the naive baselines: what a plain
/// `JSONDecoder` / `JSONEncoder` store would do with the same data.
///
/// The shape follows the store file on main (categories with archived colors,
/// notes with their fields), so the decoder baseline can read the real file
/// when the formats agree; otherwise the benchmark writes this shape beside it.
struct MirrorSnapshot: Codable {
    struct MirrorCategory: Codable {
        var id: UUID
        var name: String
        var color: Data
    }

    struct MirrorNote: Codable {
        var id: UUID
        var title: String
        var body: String
        var created: Date
        var updated: Date
        var category: UUID?
        var tags: [String]
        var kind: Int
        var attachments: [String]
    }

    var categories: [MirrorCategory]
    var notes: [MirrorNote]

    init(categories: [Category], notes: some Sequence<Note>) throws {
        self.categories = try categories.map {
            MirrorCategory(id: $0.id, name: $0.name, color: try ColorArchive.archive($0.color))
        }
        self.notes = notes.map {
            MirrorNote(id: $0.id, title: $0.title, body: $0.body, created: $0.created, updated: $0.updated,
                       category: $0.categoryID, tags: $0.tags.sorted(), kind: $0.kind.rawValue,
                       attachments: $0.attachments.map(\.relativePath))
        }
    }

    init(_ database: NotesDatabase) throws {
        try self.init(categories: Array(database.categories.values), notes: database.notes.values)
    }
}
