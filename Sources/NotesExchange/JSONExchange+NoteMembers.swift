import NotesJSON

/// The members of one note of an export, read straight from its text (no object tree,
/// no lookup by name): what `JSONExchange.note(from:)` makes a note of. Members it does
/// not know are read (so checked as strictly) and dropped; a name twice is an error, as
/// in any object.
struct ExportNoteMembers {
    var id, title, body, created, updated, category, tags, kind, attachments, deleted, pinned, aliases: JSONValue?

    /// The members of the value `reader` is at; a value that is not an object has none
    /// (the note is then refused for its missing title).
    static func read(_ reader: inout JSONReader) throws(JSONError) -> ExportNoteMembers {
        var members = ExportNoteMembers()
        guard reader.peek() == UInt8(ascii: "{") else {
            _ = try reader.readValue()
            return members
        }
        var others = Set<String>()
        // Names are matched as bytes (`readObjectRaw`: escapes decoded), no string made for them.
        try reader.readObjectRaw { (reader: inout JSONReader, name: UnsafeBufferPointer<UInt8>) throws(JSONError) in
            switch Member(name) {
            case .id: try fill(&members.id, "id", &reader)
            case .title: try fill(&members.title, "title", &reader)
            case .body: try fill(&members.body, "body", &reader)
            case .created: try fill(&members.created, "created", &reader)
            case .updated: try fill(&members.updated, "updated", &reader)
            case .category: try fill(&members.category, "category", &reader)
            case .tags: try fill(&members.tags, "tags", &reader)
            case .kind: try fill(&members.kind, "kind", &reader)
            case .attachments: try fill(&members.attachments, "attachments", &reader)
            case .deleted: try fill(&members.deleted, "deleted", &reader)
            case .pinned: try fill(&members.pinned, "pinned", &reader)
            case .aliases: try fill(&members.aliases, "aliases", &reader)
            case nil:
                let key = String(decoding: name, as: UTF8.self)
                guard others.insert(key).inserted else { throw reader.error("duplicate key '\(key)'") }
                _ = try reader.readValue()
            }
        }
        return members
    }

    /// The members read, by their names' bytes.
    private enum Member: String, CaseIterable {
        case id, title, body, created, updated, category, tags, kind, attachments, deleted, pinned, aliases

        private static let names: [(member: Member, name: [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            for (member, bytes) in Self.names where bytes.count == name.count && bytes.elementsEqual(name) {
                self = member
                return
            }
            return nil
        }
    }

    /// Reads the member `key` into `slot`, which must not have it yet.
    private static func fill(_ slot: inout JSONValue?, _ key: String, _ reader: inout JSONReader) throws(JSONError) {
        guard slot == nil else { throw reader.error("duplicate key '\(key)'") }
        slot = try reader.readValue()
    }
}
