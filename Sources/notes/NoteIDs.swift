import NotesModel

/// Ids given on the command line (full or unique prefixes), each looked up once.
enum NoteIDs {
    /// The notes `ids` name, in order, each once even when two ids name the same note;
    /// throws at the first id `find` does not know, so nothing is done to any of them.
    static func distinct(_ ids: [String], _ find: (String) throws -> Note) throws -> [Note] {
        var notes: [Note] = []
        for id in ids {
            let note = try find(id)
            if !notes.contains(where: { $0.id == note.id }) { notes.append(note) }
        }
        return notes
    }
}
