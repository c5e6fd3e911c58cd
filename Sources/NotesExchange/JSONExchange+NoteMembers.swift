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
            guard let member = Member(name) else {
                let key = String(decoding: name, as: UTF8.self)
                guard others.insert(key).inserted else { throw reader.error("duplicate key '\(key)'") }
                _ = try reader.readValue()
                return
            }
            switch member {
            case .id: try fill(&members.id, member, &reader)
            case .title: try fill(&members.title, member, &reader)
            case .body: try fill(&members.body, member, &reader)
            case .created: try fill(&members.created, member, &reader)
            case .updated: try fill(&members.updated, member, &reader)
            case .category: try fill(&members.category, member, &reader)
            case .tags: try fill(&members.tags, member, &reader)
            case .kind: try fill(&members.kind, member, &reader)
            case .attachments: try fill(&members.attachments, member, &reader)
            case .deleted: try fill(&members.deleted, member, &reader)
            case .pinned: try fill(&members.pinned, member, &reader)
            case .aliases: try fill(&members.aliases, member, &reader)
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

    /// Reads `member` into `slot`, which must not have it yet.
    private static func fill(_ slot: inout JSONValue?, _ member: Member, _ reader: inout JSONReader) throws(JSONError) {
        guard slot == nil else { throw reader.error("duplicate key '\(member.rawValue)'") }
        slot = try reader.readValue()
    }
}
