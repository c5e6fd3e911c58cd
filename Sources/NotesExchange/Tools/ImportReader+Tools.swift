import Foundation
import NotesBase
import NotesJSON
import NotesModel

/// Other tools' exports, found by their contents whatever their names (`--from` forces one):
/// Evernote's `.enex` (XML with `<en-export`), zip archives (`PK\3\4`: a Bear backup,
/// a TextPack, Simplenote's `notes.zip`), TextBundle folders and Simplenote's export
/// unzipped into a folder. Their side files (`info.json`, `tags.json`, `backup.json`,
/// `source/notes.json`, Simplenote's `.txt` copies) are read for what they hold or left
/// out, never reported as errors nor imported as notes.
extension ImportReader {
    /// What a folder is, once its names are listed.
    enum ToolFolder {
        /// Read whole as another tool's export: nothing in it is walked.
        case read
        /// Walked as usual, these names (side files of the tool) left out.
        case walk(ignoring: Set<String>)
    }

    /// Side files of a Bear backup (and of TextBundles kept side by side): read by no one as notes.
    static let bearSideFiles: Set<String> = ["tags.json", "backup.json", "info.json"]

    /// Reads `data` when it is another tool's export (or `format` says so) and returns true;
    /// false for anything else, left to the other readers.
    func readToolExport(_ data: Data, format: ImportFormat?, modified: Date, root: String, relative: String, shown: String,
                        unknownIsIgnored: Bool, into batch: inout ImportBatch) -> Bool {
        if ImportFormat.isZip(data), self.format == nil || self.format?.isToolExport == true {
            readZip(data, modified: modified, root: root, relative: relative, shown: shown, unknownIsIgnored: unknownIsIgnored,
                    into: &batch)
            return true
        }
        if format == .enex || (self.format == nil && ImportFormat.isEnex(data)) {
            readEnex(data, root: root, relative: relative, shown: shown, into: &batch)
            return true
        }
        switch format {
        case .simplenote:
            var bundle = ExchangeBundle()
            var warnings: [String] = []
            do throws(ExchangeError) {
                let entries = try SimplenoteReader.read(data, file: shown, relative: relative, modified: modified, dates: dates,
                                                        into: &bundle, warnings: &warnings)
                addToolNotes(bundle, warnings: warnings, attachments: ImportedAttachments(), from: shown,
                             origins: Self.origins(entries, folder: root, path: relative), into: &batch)
            } catch {
                batch.skipped.append(.init(file: shown, reason: Self.reason(error, file: shown)))
            }
            return true
        case .bear, .textbundle:
            batch.skipped.append(.init(file: shown, reason: "not a zip archive: a \(format == .bear ? "Bear backup" : "TextPack") is one "
                + "(a TextBundle folder is read by naming the folder)"))
            return true
        default:
            if unknownIsIgnored { batch.ignored += 1; return true }
            return false
        }
    }

    /// The bytes a zip archive (or an `.enex` file) may have to be read, in memory.
    static let maximumArchiveSize = 1 << 30

    /// Where each note of an export came from: the file at `path` in the imported `folder`,
    /// and the note's entry in it.
    static func origins(_ entries: [SourceEntry], folder: String, path: String) -> [ImportOrigin] {
        entries.map { ImportOrigin(key: .init(folder: folder, path: path, entry: $0.entry), sourceHash: $0.hash) }
    }

    // MARK: Evernote

    private func readEnex(_ data: Data, root: String, relative: String, shown: String, into batch: inout ImportBatch) {
        var reader = EnexReader(file: shown, relative: relative, dates: dates)
        reader.notebook = Self.bundleName((relative as NSString).lastPathComponent.replacingOccurrences(
            of: ".enex", with: "", options: [.caseInsensitive, .anchored, .backwards]))
        let result = reader.read(data)
        for problem in result.skipped { batch.skipped.append(.init(file: shown, reason: problem)) }
        addToolNotes(result.bundle, warnings: result.warnings, attachments: result.attachments, from: shown,
                     origins: Self.origins(result.entries, folder: root, path: relative), into: &batch)
    }

    // MARK: Folders

    /// Whether the open folder `folder` (whose names are `names`) is a TextBundle or a
    /// Simplenote export, read here whole; else which of its names are side files.
    func readToolFolder(_ folder: Int32, names: [String], root: String, relative: String, shown: String,
                        into batch: inout ImportBatch) -> ToolFolder {
        let lowered = Dictionary(names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let textName = TextBundleReader.textNames.lazy.compactMap { lowered[$0] }.first
        let folderName = (shown as NSString).lastPathComponent
        if format == nil || format == .textbundle || format == .bear, let textName,
           folderName.lowercased().hasSuffix(".textbundle")
            || lowered["info.json"].flatMap({ try? Self.readSmall(in: folder, path: [$0], limit: 1 << 20).data })
                .map(TextBundleReader.isInfo) == true {
            readTextBundleFolder(folder, textName: textName, info: lowered["info.json"], root: root, relative: relative, shown: shown,
                                 into: &batch)
            return .read
        }
        if format == nil || format == .simplenote, names.contains("source"),
           let notes = try? Self.readSmall(in: folder, path: ["source", "notes.json"], limit: maximumFileSize),
           let export = try? JSONValue.parse(notes.data), SimplenoteReader.isExport(export) {
            var bundle = ExchangeBundle()
            var warnings: [String] = []
            let file = shown + "/source/notes.json"
            do throws(ExchangeError) {
                let path = relative.isEmpty ? "source/notes.json" : relative + "/source/notes.json"
                let entries = try SimplenoteReader.read(notes.data, file: file, relative: path, modified: notes.modified,
                                                        dates: dates, into: &bundle, warnings: &warnings)
                addToolNotes(bundle, warnings: warnings, attachments: ImportedAttachments(), from: file,
                             origins: Self.origins(entries, folder: root, path: path), into: &batch)
            } catch {
                batch.skipped.append(.init(file: file, reason: Self.reason(error, file: file)))
            }
            batch.ignored += names.count - 1  // the .txt copies and the trash folder say it again
            return .read
        }
        if names.contains(where: { $0.lowercased().hasSuffix(".textbundle") }) {
            return .walk(ignoring: Self.bearSideFiles)
        }
        return .walk(ignoring: [])
    }

    private func readTextBundleFolder(_ folder: Int32, textName: String, info infoName: String?, root: String, relative: String,
                                      shown: String, into batch: inout ImportBatch) {
        var bundle = ExchangeBundle()
        var warnings: [String] = []
        var attachments = ImportedAttachments()
        do throws(ExchangeError) {
            let text: (data: Data, modified: Date)
            var info: Data?
            do {
                text = try Self.readSmall(in: folder, path: [textName], limit: maximumFileSize)
                if let infoName { info = try Self.readSmall(in: folder, path: [infoName], limit: maximumFileSize).data }
            } catch {
                throw .invalidDocument(file: shown, place: textName, reason: error.reason)
            }
            var assets: [(name: String, data: Data)] = []
            let assetsFolder = openat(folder, "assets", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if assetsFolder >= 0 {
                let names = ((try? ImportFile.names(in: assetsFolder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
                close(assetsFolder)
                for name in names {
                    do { assets.append((name, try Self.readSmall(in: folder, path: ["assets", name], limit: maximumFileSize).data)) } catch {
                        warnings.append("assets/\(name): \(error.reason); not attached")
                    }
                }
            }
            let reader = TextBundleReader(shown: shown, relative: relative.isEmpty ? (shown as NSString).lastPathComponent : relative,
                                          name: Self.bundleName((shown as NSString).lastPathComponent),
                                          modified: text.modified, dates: dates)
            try reader.read(text: text.data, textName: textName, info: info, assets: assets,
                            into: &bundle, attachments: &attachments, warnings: &warnings)
            let origin = ImportOrigin(key: .init(folder: root, path: relative, entry: ""),
                                      sourceHash: Self.bundleHash(text: text.data, info: info, assets: assets))
            addToolNotes(bundle, warnings: warnings, attachments: attachments, from: shown, origins: [origin], into: &batch)
        } catch {
            batch.skipped.append(.init(file: shown, reason: Self.reason(error, file: shown)))
        }
    }

    /// The hash a TextBundle is remembered by: its text, `info.json`, and each asset's name and bytes.
    static func bundleHash(text: Data, info: Data?, assets: [(name: String, data: Data)]) -> String {
        var parts = [ImportSource.hash(of: text), ImportSource.hash(of: info ?? Data())]
        for asset in assets { parts.append(asset.name + "\u{0}" + ImportSource.hash(of: asset.data)) }
        return ImportSource.hash(of: parts.joined(separator: "\u{1}").utf8)
    }

    /// The file at `path` under the open folder `folder`, never through a link.
    static func readSmall(in folder: Int32, path: [String], limit: Int) throws(ImportFile.Failure) -> (data: Data, modified: Date) {
        var current = folder
        var opened: [Int32] = []
        defer { opened.forEach { close($0) } }
        for part in path.dropLast() {
            current = openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard current >= 0 else { throw ImportFile.Failure(reason: "\(part): \(String(cString: strerror(errno)))") }
            opened.append(current)
        }
        let file = try ImportFile.open(ImportFile.Location(folder: current, name: path.last ?? "", followLink: false))
        return (try file.contents(limit: limit), file.modified)
    }

    // MARK: Results

    /// Adds the notes a tool's export gave, and their warnings; a note without a title is
    /// skipped with its place, not the whole export.
    /// Adds a tool's notes to `batch`; `origins`, when given, are the notes' sources in order
    /// (a re-import then updates them), else they are matched by id only.
    func addToolNotes(_ read: ExchangeBundle, warnings: [String], attachments: ImportedAttachments, from shown: String,
                              origins: [ImportOrigin] = [], into batch: inout ImportBatch) {
        var bundle = read
        var kept: [ImportOrigin] = []
        var notes: [Note] = []
        for (index, note) in bundle.notes.enumerated() {
            guard note.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                notes.append(note)
                if index < origins.count { kept.append(origins[index]) }
                continue
            }
            batch.skipped.append(.init(file: shown, reason: "a note without a title (\(note.body.prefix(40))…)"))
        }
        bundle.notes = notes
        batch.warnings += warnings.map { .init(file: shown, reason: $0) }
        guard !bundle.notes.isEmpty else { return }
        batch.attachments.merge(attachments)
        add(bundle, from: shown, origins: kept.count == bundle.notes.count ? kept : [], to: &batch)
    }
}

extension ImportFile.Opened {
    /// The first `count` bytes of the file, without moving the read position.
    func peek(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
        return got > 0 ? Array(bytes[..<got]) : []
    }
}
