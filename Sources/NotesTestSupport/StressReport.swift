import Foundation
import NotesColor
import NotesModel

/// The lines `notes-stress commit` prints, one per event, each flushed at once:
///
///     pending <n> <changes as one-line JSON>     about to commit
///     ok <n> [compacted]                          the commit returned (it is durable)
///
/// A `pending` line without its `ok` is a commit in flight when the process died:
/// it may or may not be in the store, but all of it or none of it.
public enum StressReport: Equatable, Sendable {
    case pending(Int, [StoreChange])
    case ok(Int, compacted: Bool)

    public var line: String {
        switch self {
        case .pending(let number, let changes): "pending \(number) \(StressChangeCodec.encode(changes))"
        case .ok(let number, let compacted): "ok \(number)" + (compacted ? " compacted" : "")
        }
    }

    /// Parses a line; nil for anything else.
    public init?(line: String) {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let number = Int(parts[1]) else { return nil }
        switch parts[0] {
        case "pending":
            guard parts.count == 3, let changes = StressChangeCodec.decode(String(parts[2])) else { return nil }
            self = .pending(number, changes)
        case "ok":
            self = .ok(number, compacted: parts.count == 3 && parts[2] == "compacted")
        default:
            return nil
        }
    }
}

/// Store changes as one line of JSON, exact: dates as the bits of their `Double`,
/// colors as hex (the stress process only makes colors from hex, so they read back equal).
public enum StressChangeCodec {
    public static func encode(_ changes: [StoreChange]) -> String {
        let objects: [[String: Any]] = changes.map { change in
            switch change {
            case .putNote(let note): ["putNote": encode(note)]
            case .deleteNote(let id): ["deleteNote": id.uuidString]
            case .putCategory(let category):
                ["putCategory": ["id": category.id.uuidString, "name": category.name, "color": category.color.hex]]
            case .deleteCategory(let id): ["deleteCategory": id.uuidString]
            case .trashNote(let id, let date): ["trashNote": ["id": id.uuidString, "at": bits(date)]]
            case .restoreNote(let id): ["restoreNote": id.uuidString]
            case .trashCategory(let id, let date): ["trashCategory": ["id": id.uuidString, "at": bits(date)]]
            case .setRecentColors(let colors): ["setRecentColors": colors.map(\.hex)]
            case .putImportSource(let source): ["putImportSource": source.key.shown]  // the stress run makes none
            case .dropImportSource(let key): ["dropImportSource": key.shown]
            }
        }
        guard let data = try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys]) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func encode(_ note: Note) -> [String: Any] {
        [
            "id": note.id.uuidString, "title": note.title, "body": note.body,
            "created": bits(note.created), "updated": bits(note.updated),
            "category": note.categoryID?.uuidString ?? "", "tags": note.tags.sorted(), "kind": note.kind.rawValue,
            "attachments": note.attachments.map(\.relativePath), "deleted": note.deleted.map(bits) ?? "",
        ]
    }

    private static func bits(_ date: Date) -> String {
        String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
    }

    public static func decode(_ text: String) -> [StoreChange]? {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8)), let list = parsed as? [[String: Any]] else {
            return nil
        }
        var changes: [StoreChange] = []
        for object in list {
            guard let (key, value) = object.first, object.count == 1 else { return nil }
            switch key {
            case "putNote":
                guard let fields = value as? [String: Any], let note = decodeNote(fields) else { return nil }
                changes.append(.putNote(note))
            case "deleteNote", "deleteCategory", "restoreNote":
                guard let text = value as? String, let id = UUID(uuidString: text) else { return nil }
                changes.append(key == "deleteNote" ? .deleteNote(id) : key == "restoreNote" ? .restoreNote(id) : .deleteCategory(id))
            case "trashNote", "trashCategory":
                guard let fields = value as? [String: Any], let idText = fields["id"] as? String,
                      let id = UUID(uuidString: idText), let at = date(fields["at"]) else { return nil }
                changes.append(key == "trashNote" ? .trashNote(id, at: at) : .trashCategory(id, at: at))
            case "putCategory":
                guard let fields = value as? [String: Any], let idText = fields["id"] as? String, let id = UUID(uuidString: idText),
                      let name = fields["name"] as? String, let hex = fields["color"] as? String,
                      let color = try? SerializableColor(hex: hex)
                else { return nil }
                changes.append(.putCategory(Category(id: id, name: name, color: color)))
            case "setRecentColors":
                guard let hexes = value as? [String] else { return nil }
                let colors = hexes.compactMap { try? SerializableColor(hex: $0).rgb8 }
                guard colors.count == hexes.count else { return nil }
                changes.append(.setRecentColors(colors))
            default:
                return nil
            }
        }
        return changes
    }

    private static func decodeNote(_ fields: [String: Any]) -> Note? {
        guard let idText = fields["id"] as? String, let id = UUID(uuidString: idText),
              let title = fields["title"] as? String, let body = fields["body"] as? String,
              let created = date(fields["created"]), let updated = date(fields["updated"]),
              let categoryText = fields["category"] as? String, let tags = fields["tags"] as? [String],
              let kindNumber = fields["kind"] as? Int, let kind = NoteKind(rawValue: kindNumber),
              let paths = fields["attachments"] as? [String]
        else { return nil }
        let attachments = paths.compactMap { try? AttachmentPath($0) }
        guard attachments.count == paths.count else { return nil }
        return Note(id: id, title: title, body: body, created: created, updated: updated,
                    categoryID: UUID(uuidString: categoryText), tags: Set(tags), kind: kind, attachments: attachments,
                    deleted: date(fields["deleted"]))
    }

    private static func date(_ value: Any?) -> Date? {
        guard let text = value as? String, let bits = UInt64(text, radix: 16) else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
    }
}
