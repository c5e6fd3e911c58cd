import Foundation
import Glibc
import NotesBase
import NotesJSON
import NotesModel
import NotesStore

/// Reads the files and folders given to `notes import` into one `ImportBatch`: every note
/// that could be read, and every file that could not, with the reason and the place.
///
/// Folders are walked recursively in name order. Names starting with `.` (`.obsidian`,
/// `.git`, `.zk`) are left out, and so are files whose name is not a note's (images,
/// PDFs: counted as `ignored`), and so is a `.json` file in a folder that is none of the
/// JSON files notes reads (an nb notebook's bookmarks backup). A symbolic link inside a folder is never followed: one
/// that points outside the folder (or nowhere) is skipped with a reason; one that points
/// inside it is ignored, its target being imported on its own. A path given by name may
/// itself be a link. Every folder and file inside is opened relative to its folder with
/// `openat(O_NOFOLLOW)`, so a folder swapped for a link during the walk is refused, never
/// followed. Files are opened without blocking, so a FIFO never hangs the import.
public struct ImportReader: Sendable {
    /// The tool a file is read as, and what a Logseq graph's config says.
    typealias SourceTool = ImportToolSettings

    /// Read every file as this, instead of guessing.
    public var format: ImportFormat?
    /// Read Markdown as this tool shows it, instead of finding the tool from the folders' markers.
    public var tool: ImportSourceTool?
    public var dates = ImportDate()
    /// Which entity and attribute of a Core Data store is which, when its names do not say (`--map`).
    public var coreDataMapping = CoreDataMapping()
    /// Larger files are skipped, not read; except the notes JSON export, which is read
    /// one note at a time at any size (`JSONExchange.read(_:file:)` on a `JSONStream`).
    public var maximumFileSize = 64 << 20
    /// The most bytes one note (or category) of a streamed export may take.
    public var maximumNoteSize = JSONExchange.maximumValueSize
    /// The bytes a streamed export is read in at a time (small in tests, to cross many edges).
    public var streamPieceSize = 1 << 20
    /// Notes of a streamed export read at a time on another thread (`JSONExchange.read(file:progress:batchNotes:stream:)`).
    public var streamBatchNotes = JSONExchange.parallelBatchNotes
    /// Told how far the reading has come (after each file, and as a notes JSON export is read).
    public var progress: (@Sendable (ImportProgress) -> Void)?
    /// Called with a folder's shown path once its names are listed, before anything in it is
    /// opened: lets tests change the folder at the worst moment.
    var afterListing: (@Sendable (String) -> Void)?

    public init(format: ImportFormat? = nil) {
        self.format = format
    }

    public func read(paths: [String]) -> ImportBatch {
        var batch = ImportBatch()
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                batch.skipped.append(.init(file: path, reason: String(cString: strerror(errno))))
                continue
            }
            let shown = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                // The folder given by name may be a link; nothing under it is followed.
                let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard folder >= 0 else {
                    batch.skipped.append(.init(file: shown, reason: "cannot open the folder: \(String(cString: strerror(errno)))"))
                    continue
                }
                let root = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                let tool = ImportToolSettings(path: root, isFolder: true, forced: self.tool)
                walk(folder: folder, path: root, relative: "", shown: shown, root: root, depth: 0, tool: tool, into: &batch)
            case S_IFREG:
                if format == nil, CoreDataImport.isSQLite(path: path) {
                    readCoreDataStore(path: path, shown: shown, into: &batch)
                    continue
                }
                let tool = ImportToolSettings(path: path, isFolder: false, forced: self.tool)
                // A file named alone is remembered by the folder holding it and its name,
                // as importing that folder would (see `ImportSource.Key`).
                let holder = URL(fileURLWithPath: path).deletingLastPathComponent().resolvingSymlinksInPath().path
                readFile(ImportFile.Location(folder: AT_FDCWD, name: path, followLink: true), root: holder,
                         relative: (path as NSString).lastPathComponent, shown: shown, format: format, tool: tool, into: &batch)
            default:
                batch.skipped.append(.init(file: shown, reason: "\(ImportFile.kindName(info.st_mode)), not a regular file or a folder"))
            }
        }
        readNamedAttachments(into: &batch)
        readEmbeddedFiles(into: &batch)
        return batch
    }

    /// Reads one file; a problem skips it with its reason, and nothing of it is kept.
    func readFile(_ location: ImportFile.Location, root: String, relative: String, shown: String, format: ImportFormat?,
                          tool: SourceTool, unknownIsIgnored: Bool = false, foundInFolder: Bool = false,
                          into batch: inout ImportBatch) {
        let data: Data
        let file: ImportFile.Opened
        do {
            file = try ImportFile.open(location)
            // Zip archives and Evernote exports (by `--from`, or by their first bytes) are read
            // whole in memory, up to a larger limit.
            let limit = file.size > maximumFileSize && (format?.isToolExport == true || ImportFormat.isZip(file.peek(4))
                || (format == nil && ImportFormat.isEnex(Data(file.peek(4096)))))
                ? Self.maximumArchiveSize : maximumFileSize
            if file.size > limit {
                readLarge(file, format: format, relative: relative, shown: shown, into: &batch)
                return
            }
            data = try file.contents(limit: limit)
        } catch {
            batch.skipped.append(.init(file: shown, reason: error.reason))
            return
        }
        if readToolExport(data, format: format, modified: file.modified, root: root, relative: relative, shown: shown,
                          unknownIsIgnored: unknownIsIgnored, into: &batch) {
            return
        }
        if foundInFolder, self.format == nil, format == .json, Self.isForeignJSON(data) {
            // A vault's or notebook's own JSON (bookmarks, settings, a canvas): not notes, not an error.
            batch.ignored += 1
            return
        }
        var bundle = ExchangeBundle()
        var warnings: [String] = []
        var entries: [SourceEntry]?
        do throws(ExchangeError) {
            entries = try read(data, format: format ?? ImportFormat.guess(fileName: relative) ?? ImportFormat.sniff(data),
                               modified: file.modified, root: root, relative: relative, shown: shown, tool: tool, into: &bundle,
                               warnings: &warnings)
            try Self.checkTitles(bundle, file: shown)
        } catch {
            batch.skipped.append(.init(file: shown, reason: Self.reason(error, file: shown)))
            return
        }
        batch.warnings += warnings.map { .init(file: shown, reason: $0) }
        let origins = entries.map { entries in
            entries.map { ImportOrigin(key: .init(folder: root, path: relative, entry: $0.entry), sourceHash: $0.hash,
                                       modified: file.modified, tool: tool.tool == .other ? nil : tool.tool) }
        }
        add(bundle, from: shown, origins: origins ?? [], to: &batch)
    }

    /// A file larger than `maximumFileSize`: read as a stream when it is JSON (and not
    /// said to be jrnl), its notes in batches on other threads; any other file is skipped.
    private func readLarge(_ file: ImportFile.Opened, format: ImportFormat?, relative: String, shown: String,
                           into batch: inout ImportBatch) {
        let makeStream = { [maximumNoteSize, streamPieceSize] in
            JSONStream(maximumValueSize: maximumNoteSize) { (buffer: inout [UInt8]) throws(JSONError) -> Bool in
                do throws(ImportFile.Failure) { return try file.read(into: &buffer, count: streamPieceSize) } catch {
                    throw JSONError(reason: error.reason, offset: 0, line: 0, column: 0)
                }
            }
        }
        var stream = makeStream()
        do throws(JSONError) {
            let first = try stream.peek()
            let isJSON = (format ?? ImportFormat.guess(fileName: relative)).map { $0 == .json } ?? (first == UInt8(ascii: "{"))
            guard isJSON else {
                batch.skipped.append(.init(file: shown, reason: "\(ImportFile.tooLarge(maximumFileSize)) (only the notes JSON export is read at any size)"))
                return
            }
        } catch {
            batch.skipped.append(.init(file: shown, reason: error.reason))
            return
        }
        do throws(ExchangeError) {
            let progress = self.progress, size = file.size
            // The notes read on other threads, each stream from the file's start; a failure reads it again for the error.
            let bundle = try JSONExchange.read(file: shown, progress: { progress?(.bytes($0, of: size)) }, batchNotes: streamBatchNotes) {
                guard lseek(file.descriptor, 0, SEEK_SET) == 0 else {
                    let reason = "cannot read: \(String(cString: strerror(errno)))"
                    return JSONStream(maximumValueSize: 0) { (_: inout [UInt8]) throws(JSONError) -> Bool in
                        throw JSONError(reason: reason, offset: 0, line: 0, column: 0)
                    }
                }
                return makeStream()
            }
            try Self.checkTitles(bundle, file: shown)
            add(bundle, from: shown, to: &batch)
        } catch {
            var reason = Self.reason(error, file: shown)
            if case .invalidDocument(_, let place, _) = error, place == "format" {
                reason += "; a JSON file larger than \(JSONStream.sizeText(maximumFileSize)) is read only when it is a notes export"
            }
            batch.skipped.append(.init(file: shown, reason: reason))
        }
    }

    /// Whether `data` is well-formed JSON that is none of the JSON files notes reads (its own
    /// export, jrnl's, Simplenote's `notes.json`). A file that is not JSON at all is not
    /// foreign: reading it reports why.
    static func isForeignJSON(_ data: Data) -> Bool {
        guard let root = try? JSONValue.parse(data) else { return false }
        if root["format"] != nil { return false }  // a notes export, maybe of another version: read, or refused with its reason
        return !JrnlExchange.isJrnlExport(root) && !SimplenoteReader.isExport(root)
    }

    private static func checkTitles(_ bundle: ExchangeBundle, file shown: String) throws(ExchangeError) {
        // A title that starts with a printable ASCII character is not blank: the common case,
        // without Foundation's trimming (as `NotesDatabase.validate` does).
        for (index, note) in bundle.notes.enumerated()
        where !(note.title.utf8.first.map { $0 > 0x20 && $0 < 0x7F } ?? false)
            && note.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ExchangeError.invalidDocument(file: shown, place: bundle.notes.count > 1 ? "note \(index + 1)" : "title",
                                                reason: "a note needs a title")
        }
    }

    /// A Core Data SQLite store given by name (found by its content): see `CoreDataImport`.
    private func readCoreDataStore(path: String, shown: String, into batch: inout ImportBatch) {
        do throws(ExchangeError) {
            let (bundle, warnings) = try CoreDataImport.read(path: path, shown: shown, mapping: coreDataMapping)
            try Self.checkTitles(bundle, file: shown)
            batch.warnings += warnings.map { .init(file: shown, reason: $0) }
            add(bundle, from: shown, to: &batch)
        } catch {
            batch.skipped.append(.init(file: shown, reason: Self.reason(error, file: shown)))
        }
    }

    /// Adds what one file holds; `origins` names where each of its notes came from (none:
    /// a notes JSON export or another tool's export, whose notes are matched by id only).
    func add(_ bundle: ExchangeBundle, from shown: String, origins: [ImportOrigin] = [], to batch: inout ImportBatch) {
        let first = batch.bundle.notes.count
        for (offset, origin) in origins.enumerated() where offset < bundle.notes.count { batch.origins[first + offset] = origin }
        // The first file's bundle is taken as it is: merging copies every note (a million, for a large export).
        if batch.bundle.notes.isEmpty, batch.bundle.categories.isEmpty { batch.bundle = bundle } else { batch.bundle.merge(bundle) }
        batch.sources += Array(repeating: shown, count: bundle.notes.count)
        progress?(.notes(batch.sources.count))
    }

    /// The reason of `error` without the file name the batch already shows.
    static func reason(_ error: ExchangeError, file: String) -> String {
        let text = error.description
        return text.hasPrefix(file + ": ") ? String(text.dropFirst(file.count + 2)) : text
    }
}
