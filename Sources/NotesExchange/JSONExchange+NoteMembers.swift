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
        try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
            switch key {
            case "id": try fill(&members.id, key, &reader)
            case "title": try fill(&members.title, key, &reader)
            case "body": try fill(&members.body, key, &reader)
            case "created": try fill(&members.created, key, &reader)
            case "updated": try fill(&members.updated, key, &reader)
            case "category": try fill(&members.category, key, &reader)
            case "tags": try fill(&members.tags, key, &reader)
            case "kind": try fill(&members.kind, key, &reader)
            case "attachments": try fill(&members.attachments, key, &reader)
            case "deleted": try fill(&members.deleted, key, &reader)
            case "pinned": try fill(&members.pinned, key, &reader)
            case "aliases": try fill(&members.aliases, key, &reader)
            default:
                guard others.insert(key).inserted else { throw reader.error("duplicate key '\(key)'") }
                _ = try reader.readValue()
            }
        }
        return members
    }

    /// Reads the member `key` into `slot`, which must not have it yet.
    private static func fill(_ slot: inout JSONValue?, _ key: String, _ reader: inout JSONReader) throws(JSONError) {
        guard slot == nil else { throw reader.error("duplicate key '\(key)'") }
        slot = try reader.readValue()
    }
}
