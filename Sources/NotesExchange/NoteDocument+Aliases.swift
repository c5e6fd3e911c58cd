import Yams
import NotesModel

extension NoteDocument {
    /// The header's `aliases`: a list of names (`[Alias one, "Other name"]`), or one
    /// string split at commas; cleaned by `Note.cleanAliases`. An empty list clears them.
    static func aliases(_ node: Node, line: Int) throws(NoteDocumentError) -> [String] {
        switch node {
        case .sequence(let items):
            var names: [String] = []
            for item in items {
                guard case .scalar(let scalar) = item else {
                    throw NoteDocumentError(line: (item.mark?.line ?? 0) + 1, reason: "an alias must be a single name")
                }
                names.append(scalar.string)
            }
            return Note.cleanAliases(names)
        case .scalar:
            let text = try scalarText(node, key: "aliases", line: line) ?? ""
            return Note.cleanAliases(text.split(separator: ",").map(String.init))
        case .mapping:
            throw NoteDocumentError(line: line, reason: "'aliases' must be a list, like [Alias, Other name]")
        }
    }
}
