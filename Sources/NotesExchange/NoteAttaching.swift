import Foundation
import NotesBase
import NotesModel
import NotesStore

/// Files a user adds to a note (`notes attach`) or takes off it (`notes detach`), through
/// the importers' own path: each file is read without following a link, named as an
/// imported attachment is (`ImportedAttachments.path`, made unique in the note and its
/// folder), written under `attachments/<id>/` before the one commit that names it, and
/// removed again when that commit fails, so nothing is half added.
public enum NoteAttaching {
    /// Reads the files at `paths` (as given: relative to the working folder) and commits them
    /// as attachments of the note `id`, all in one commit. Returns the paths they took.
    public static func attach(_ paths: [String], to id: UUID, in repository: any NotesRepository,
                              storeFolder: URL, now: Date) throws -> [AttachmentPath] {
        guard let note = repository.contents.notes[id] else { throw EditError.noteDeleted(title: id.uuidString) }
        let files = try read(paths)
        var taken = Set(note.attachments.compactMap { fileName(of: $0)?.lowercased() })
        taken.formUnion(AttachmentFiles.names(inNoteFolderOf: id, storeFolder: storeFolder).map { $0.lowercased() })
        var attachments = ImportedAttachments()
        var added: [AttachmentPath] = []
        for (name, data) in files {
            guard let path = ImportedAttachments.path(noteID: id, fileName: name, taken: &taken) else {
                throw ExchangeError.io(path: name, operation: "attach", reason: "no name is left for it in the note's folder")
            }
            attachments.add(data, at: path)
            added.append(path)
        }
        _ = try attachments.write(for: [id], storeFolder: storeFolder)
        do {
            try repository.commit(derivedFrom: { database in
                guard var current = database.notes[id] else { throw EditError.noteDeleted(title: note.title) }
                current.attachments += added.filter { !current.attachments.contains($0) }
                current.updated = now
                return [.putNote(current)]
            })
        } catch {
            for path in added { try? AttachmentFiles.remove(path, in: storeFolder) }
            throw error
        }
        return added
    }

    /// Takes the attachment `name` (its file name, or its whole path) off the note `id` in one
    /// commit, then removes its file when the note's own folder held it. Returns its path.
    @discardableResult
    public static func detach(_ name: String, from id: UUID, in repository: any NotesRepository,
                              storeFolder: URL, now: Date) throws -> AttachmentPath {
        guard let note = repository.contents.notes[id] else { throw EditError.noteDeleted(title: id.uuidString) }
        let path = try attachment(named: name, of: note)
        try repository.commit(derivedFrom: { database in
            guard var current = database.notes[id] else { throw EditError.noteDeleted(title: note.title) }
            guard current.attachments.contains(path) else { return [] }
            current.attachments.removeAll { $0 == path }
            current.updated = now
            return [.putNote(current)]
        })
        if AttachmentFiles.owner(of: path) == id { try AttachmentFiles.remove(path, in: storeFolder) }
        return path
    }

    /// The attachment of `note` whose file name (or whole path) is `name`.
    public static func attachment(named name: String, of note: Note) throws(AttachingError) -> AttachmentPath {
        if let exact = note.attachments.first(where: { $0.relativePath == name }) { return exact }
        let matches = note.attachments.filter { fileName(of: $0) == name }
        guard matches.count == 1 else {
            throw matches.isEmpty ? .noSuchAttachment(name, note: note.title, names: note.attachments.compactMap(fileName))
                : .ambiguous(name, matches.map(\.relativePath))
        }
        return matches[0]
    }

    /// The last part of the attachment's path: the name shown for it.
    public static func fileName(of path: AttachmentPath) -> String? {
        path.relativePath.split(separator: "/").last.map(String.init)
    }

    /// Each file's name and bytes, read without following a link at its end: a missing,
    /// unreadable or non-regular file (a folder) or one over the size limit stops it all.
    private static func read(_ paths: [String]) throws(ExchangeError) -> [(String, Data)] {
        var files: [(String, Data)] = []
        for path in paths {
            let data: Data
            do {
                data = try ImportFile.open(ImportFile.Location(folder: AT_FDCWD, name: path, followLink: false))
                    .contents(limit: AttachmentFiles.maximumSize)
            } catch {
                throw .io(path: path, operation: "attach it", reason: error.reason)
            }
            files.append((URL(fileURLWithPath: path).lastPathComponent, data))
        }
        return files
    }
}

/// A name that does not pick one attachment of a note.
public enum AttachingError: Error, Equatable, CustomStringConvertible {
    case noSuchAttachment(String, note: String, names: [String])
    case ambiguous(String, [String])

    public var description: String {
        switch self {
        case .noSuchAttachment(let name, let note, let names):
            "\"\(note)\" has no attachment named '\(name)'"
                + (names.isEmpty ? " (it has none)" : "; it has: " + names.joined(separator: ", "))
        case .ambiguous(let name, let paths):
            "'\(name)' names several attachments; give the whole path: " + paths.joined(separator: ", ")
        }
    }
}
