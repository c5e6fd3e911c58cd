import Foundation
import NotesModel

/// A read header's fields applied to a note: the category looked up by name, the body
/// replaced only when it changed.
extension NoteDocument {
    /// `note` with `fields` applied; the category is looked up by name in `database`.
    public static func apply(_ fields: Fields, to note: Note, in database: NotesDatabase) throws(NoteDocumentError) -> Note {
        var problems: [NoteDocumentError] = []
        let result = apply(fields, to: note, in: database, problems: &problems)
        if let error = NoteDocumentError(all: problems) { throw error }
        return result
    }

    /// `note` with `fields` applied; an unknown category is added to `problems` (and left as it was).
    package static func apply(_ fields: Fields, to note: Note, in database: NotesDatabase,
                              problems: inout [NoteDocumentError]) -> Note {
        var result = note
        if let title = fields.title { result.title = title }
        if let categoryName = fields.categoryName {
            if let name = categoryName {
                if let category = database.category(named: name) {
                    result.categoryID = category.id
                } else {
                    let known = database.sortedCategories.map { "'\($0.name)'" }.joined(separator: ", ")
                    problems.append(NoteDocumentError(line: fields.categoryLine, reason: "there is no category named '\(name)' "
                        + (known.isEmpty ? "(there are no categories yet; leave it empty)" : "(known: \(known); empty for none)")))
                }
            } else {
                result.categoryID = nil
            }
        }
        if let tags = fields.tags { result.tags = tags }
        if let kind = fields.kind { result.kind = kind }
        if let pinned = fields.pinned { result.pinned = pinned }
        if let aliases = fields.aliases { result.aliases = aliases }
        switch fields.bodyIsOriginal {
        case true?: break
        case false?: result.body = fields.body
        case nil: if !note.hasBody(fields.body) { result.body = fields.body }
        }
        return result
    }
}
