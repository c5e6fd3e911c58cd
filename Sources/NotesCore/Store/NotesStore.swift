import Foundation

/// The JSON-file store. Placeholder: loads and rewrites one JSON file with Codable.
/// The journaled, locked, migrating store replaces it.
public final class NotesStore: NotesRepository {
    public let url: URL
    public private(set) var contents: NotesDatabase

    private init(url: URL, contents: NotesDatabase) {
        self.url = url
        self.contents = contents
    }

    /// Opens the store at `url`, creating it (folder 0700, file 0600) if it does not exist.
    public static func open(at url: URL) throws -> NotesStore {
        let manager = FileManager.default
        let folder = url.deletingLastPathComponent()
        if !manager.fileExists(atPath: folder.path) {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.io(file: folder.path, operation: "create the folder", reason: "\(error.localizedDescription)")
            }
        }
        guard manager.fileExists(atPath: url.path) else {
            return NotesStore(url: url, contents: NotesDatabase())
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StoreError.io(file: url.path, operation: "read", reason: error.localizedDescription)
        }
        do {
            let snapshot = try JSONDecoder().decode(PlaceholderSnapshot.self, from: data)
            return NotesStore(url: url, contents: try snapshot.database())
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.corrupt(file: url.path, place: "document", reason: "\(error)")
        }
    }

    public func commit(_ changes: [StoreChange]) throws {
        var next = contents
        try next.apply(changes)
        let data = try JSONEncoder().encode(try PlaceholderSnapshot(next))
        do { try data.write(to: url, options: .atomic) } catch {
            throw StoreError.io(file: url.path, operation: "write", reason: error.localizedDescription)
        }
        contents = next
    }

    public func refresh() throws -> Bool { false }
}

private struct PlaceholderSnapshot: Codable {
    struct C: Codable { var id: UUID; var name: String; var color: Data }
    struct N: Codable {
        var id: UUID; var title: String; var body: String; var created: Date; var updated: Date
        var category: UUID?; var tags: [String]; var kind: Int; var attachments: [String]
    }
    var categories: [C]
    var notes: [N]

    init(_ database: NotesDatabase) throws {
        categories = try database.categories.values.map { C(id: $0.id, name: $0.name, color: try ColorArchive.archive($0.color)) }
        notes = database.notes.values.map {
            N(id: $0.id, title: $0.title, body: $0.body, created: $0.created, updated: $0.updated,
              category: $0.categoryID, tags: $0.sortedTags, kind: $0.kind.rawValue, attachments: $0.attachments.map(\.relativePath))
        }
    }

    func database() throws -> NotesDatabase {
        NotesDatabase(
            notes: try notes.map {
                Note(id: $0.id, title: $0.title, body: $0.body, created: $0.created, updated: $0.updated,
                     categoryID: $0.category, tags: Set($0.tags), kind: NoteKind(rawValue: $0.kind) ?? .note,
                     attachments: try $0.attachments.map { try AttachmentPath($0) })
            },
            categories: try categories.map { Category(id: $0.id, name: $0.name, color: try ColorArchive.unarchive($0.color)) }
        )
    }
}
