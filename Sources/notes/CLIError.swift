import Foundation
import NotesModel

/// A command-line mistake that is not a parsing error: the message follows `error: `.
enum CLIError: Error, CustomStringConvertible {
    case noSuchNote(String)
    case ambiguousNoteID(String, matches: Int)
    case noSuchCategory(String)
    /// A category named by a setting of the config file (`default_category`, `daily.category`) that does not exist.
    case noConfiguredCategory(String, setting: String, source: String)
    case unreadableStandardInput
    /// `echo | notes add`: no line to take the title from.
    case emptyStandardInput
    /// `notes add TITLE` with text piped in and no `-` asking for it.
    case unreadStandardInput
    /// `notes tag rename` of a tag no live note has.
    case unknownTag(String)
    case missingOutputFolder
    case notFound(String)
    /// An edit in the editor that was not saved; the reason says where the text is kept.
    case editNotSaved(String)
    case notInTrash(String)
    case inTrash(String)
    case outputIsStoreFile(String)
    /// An import that skipped files (they are listed before it), or imported nothing under `--strict`.
    case importIncomplete(String)
    /// `--template NAME` with no `NAME.md` in the templates folder.
    case noSuchTemplate(String, folder: String)
    case noAttachments(String)
    /// `notes open` without a name on a note with several attachments (listed on stdout first).
    case chooseAttachment(String, count: Int)
    case missingAttachment(String)
    case noOpener(String)
    /// `notes open` whose opener ended with a failure (`OpenerWatch.failure`).
    case openerFailed(String)

    var description: String {
        switch self {
        case .noSuchNote(let id): "no note with id '\(id)'"
        case .ambiguousNoteID(let id, let matches): "the id '\(id)' is ambiguous: \(matches) notes start with it; give more characters"
        case .noSuchCategory(let name): "no category named '\(name)' (see 'notes category list')"
        case .noConfiguredCategory(let name, let setting, let source):
            "no category named '\(name)', which the config's \(setting) names (\(source)): "
                + "add it with 'notes category add \(name)', or change the setting"
        case .unreadableStandardInput: "standard input is not UTF-8 text"
        case .unknownTag(let tag): "no note is tagged #\(tag) (see 'notes tag list')"
        case .unreadStandardInput:
            "standard input holds text that a title alone would leave unread: add '-' to make it the body "
                + "(notes add TITLE -), or leave the title out to read the whole note from it; in a loop that reads "
                + "standard input (while read t; do …), give each add its own: notes add \"$t\" </dev/null; nothing added"
        case .emptyStandardInput: "standard input holds no text: nothing to add (its first non-blank line is the note's title)"
        case .missingOutputFolder: "Markdown export writes a folder: give it with --output PATH"
        case .notFound(let path): "\(path): no such file or folder"
        case .editNotSaved(let reason): reason
        case .notInTrash(let id): "the note '\(id)' is not in the trash"
        case .inTrash(let id): "the note '\(id)' is in the trash ('notes restore \(id)' brings it back)"
        case .outputIsStoreFile(let path): "\(path) is one of the store's own files; export somewhere else (nothing was written)"
        case .importIncomplete(let message): message
        case .noSuchTemplate(let name, let folder): "no template named '\(name)' (no \(name).md in \(folder))"
        case .noAttachments(let title): "\"\(title)\" has no attachments ('notes attach' adds one)"
        case .chooseAttachment(let title, let count):
            "\"\(title)\" has \(count) attachments (listed above); name the one to open: notes open ID NAME"
        case .missingAttachment(let path): "\(path): the attachment's file is missing (see 'notes doctor')"
        case .noOpener(let message): message
        case .openerFailed(let message): message
        }
    }
}

extension NotesDatabase {
    /// The note whose id is `text` or uniquely starts with it; an unknown or ambiguous id is an error.
    func requireNote(_ text: String) throws -> Note {
        if let note = note(idOrPrefix: text) { return note }
        if trashedNote(idOrPrefix: text) != nil { throw CLIError.inTrash(text) }
        let prefix = text.uppercased()
        let matches = prefix.count >= 4 ? notes.keys.filter { $0.uuidString.hasPrefix(prefix) }.count : 0
        if matches > 1 { throw CLIError.ambiguousNoteID(text, matches: matches) }
        throw CLIError.noSuchNote(text)
    }

    /// The category named `name`, case-insensitively; an unknown name is an error.
    func requireCategory(_ name: String) throws -> Category {
        guard let category = category(named: name) else { throw CLIError.noSuchCategory(name) }
        return category
    }

    /// The category `name`, which the config's `setting` (set at `source`) names; an error
    /// naming the setting and where it was set when there is none.
    func requireCategory(_ name: String, setting: String, source: CustomStringConvertible) throws -> Category {
        guard let category = category(named: name) else {
            throw CLIError.noConfiguredCategory(name, setting: setting, source: source.description)
        }
        return category
    }
}
