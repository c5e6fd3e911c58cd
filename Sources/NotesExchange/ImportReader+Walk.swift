import Foundation
import NotesBase
import NotesModel
import NotesStore

/// The walk through a folder given to `notes import`: every entry opened relative to its
/// folder, never through a link.
extension ImportReader {
    /// Reads the folder open as `folder` (and closes it). Everything in it is opened relative
    /// to it, without following a link (`openat` with `O_NOFOLLOW`): a folder swapped for a
    /// link while the walk runs is refused, never followed. `path` is used for messages only.
    func walk(folder: Int32, path: String, relative: String, shown: String, root: String, depth: Int,
                      tool: SourceTool, into batch: inout ImportBatch) {
        defer { close(folder) }
        guard depth < 100 else {
            batch.skipped.append(.init(file: shown, reason: "folders nested more than 100 deep are not read"))
            return
        }
        let names: [String]
        do { names = try ImportFile.names(in: folder) } catch {
            batch.skipped.append(.init(file: shown, reason: "cannot list the folder: \(error.reason)"))
            return
        }
        afterListing?(shown)
        if batch.folders[root] == nil { batch.folders[root] = ImportFolderListing(shown: shown) }
        batch.folders[root]?.add(folder: relative, names: names)
        let sideFiles: Set<String>
        switch readToolFolder(folder, names: names, root: root, relative: relative, shown: shown, into: &batch) {
        case .read: return
        case .walk(let ignoring): sideFiles = ignoring
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            if sideFiles.contains(name) {
                batch.ignored += 1
                continue
            }
            let childPath = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            let childShown = shown + "/" + name
            var info = stat()
            guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else {
                    batch.skipped.append(.init(file: childShown, reason: Self.folderOpenFailure(errno)))
                    continue
                }
                if name == AttachmentFiles.folderName, Self.isAttachmentFolder(child) {
                    close(child)  // a notes export's attachments: read for the notes that name them
                    continue
                }
                walk(folder: child, path: childPath, relative: childRelative, shown: childShown, root: root,
                     depth: depth + 1, tool: tool, into: &batch)
            case S_IFLNK:
                Self.skipLink(childPath, shown: childShown, root: root, rootShown: shown, into: &batch)
            case S_IFREG:
                readFound(folder: folder, name: name, root: root, relative: childRelative, shown: childShown, tool: tool,
                          into: &batch)
            default:
                if ImportFormat.guess(fileName: name) != nil {
                    batch.skipped.append(.init(file: childShown, reason: "\(ImportFile.kindName(info.st_mode)), not a regular file"))
                } else {
                    batch.ignored += 1
                }
            }
        }
    }

    /// Why a folder inside could not be opened (`errno` of `openat`).
    private static func folderOpenFailure(_ code: Int32) -> String {
        code == ELOOP || code == ENOTDIR
            ? "replaced by \(code == ELOOP ? "a symbolic link" : "something else than a folder") while it was read, not followed"
            : "cannot open the folder: \(String(cString: strerror(code)))"
    }

    /// A symbolic link inside a folder, never followed; where it points only decides how it
    /// is reported: to a file inside the folder, ignored; else skipped with a reason.
    private static func skipLink(_ path: String, shown: String, root: String, rootShown: String,
                                 into batch: inout ImportBatch) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if target != path, target.hasPrefix(root + "/"), FileManager.default.fileExists(atPath: target) {
            batch.ignored += 1
        } else {
            batch.skipped.append(.init(file: shown, reason: "a symbolic link to \(target == path ? "nothing" : "a place outside \(rootShown)"), not followed"))
        }
    }

    /// A regular file found in a folder: read when its name is a note's; a possible zip is
    /// opened to see whether it is a tool's export; any other is ignored.
    private func readFound(folder: Int32, name: String, root: String, relative: String, shown: String, tool: SourceTool,
                           into batch: inout ImportBatch) {
        let location = ImportFile.Location(folder: folder, name: name, followLink: false)
        guard let guessed = ImportFormat.guess(fileName: name) else {
            if ImportFormat.mayBeArchive(fileName: name) {
                readFile(location, root: root, relative: relative, shown: shown, format: format, tool: tool,
                         unknownIsIgnored: true, into: &batch)
            } else {
                batch.ignored += 1
            }
            return
        }
        readFile(location, root: root, relative: relative, shown: shown, format: format ?? guessed, tool: tool,
                 foundInFolder: true, into: &batch)
    }
}
