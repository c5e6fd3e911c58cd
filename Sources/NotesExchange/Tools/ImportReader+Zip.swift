import Foundation
import NotesBase
import NotesModel

/// Zip archives found by their contents: a Bear backup or TextPack (TextBundles, with
/// their assets) or Simplenote's `notes.zip`.
extension ImportReader {
    /// A zip archive: Simplenote's export when it holds `source/notes.json`, else its
    /// TextBundles; one holding neither is skipped (or ignored, with `unknownIsIgnored`).
    func readZip(_ data: Data, modified: Date, root folder: String, relative: String, shown: String, unknownIsIgnored: Bool,
                 into batch: inout ImportBatch) {
        let zip: ZipEntries
        do { zip = try ZipEntries(data: data, entryLimit: maximumFileSize, totalLimit: Self.maximumArchiveSize * 2) } catch {
            batch.skipped.append(.init(file: shown, reason: error.reason))
            return
        }
        for refused in zip.refused { batch.skipped.append(.init(file: shown, reason: refused)) }
        if let notesJSON = zip.paths.first(where: { $0 == "source/notes.json" || $0.hasSuffix("/source/notes.json") }) {
            readZippedSimplenote(zip, notesJSON: notesJSON, modified: modified, root: folder, relative: relative, shown: shown,
                                 into: &batch)
            return
        }
        let bundles = Self.textBundles(in: zip)
        guard !bundles.isEmpty else {
            if unknownIsIgnored { batch.ignored += 1; return }
            let names = zip.paths.prefix(3).joined(separator: ", ")
            batch.skipped.append(.init(file: shown, reason: "a zip archive holding no Bear backup, TextBundle or Simplenote "
                + "export (no *.textbundle/text.md, no source/notes.json\(names.isEmpty ? "" : "; it holds \(names)…"))"))
            return
        }
        var work = 0
        let assetsByRoot = Self.assetPaths(of: bundles.map(\.root), in: zip.paths, work: &work)
        for (root, textPath) in bundles {
            readZippedBundle(zip, root: root, textPath: textPath, assets: assetsByRoot[root] ?? [], modified: modified,
                             folder: folder, relative: relative, shown: shown, into: &batch)
        }
    }

    /// Simplenote's `notes.zip`: its `source/notes.json`, read as Simplenote's export.
    private func readZippedSimplenote(_ zip: ZipEntries, notesJSON: String, modified: Date, root folder: String,
                                      relative: String, shown: String, into batch: inout ImportBatch) {
        var bundle = ExchangeBundle()
        var warnings: [String] = []
        do throws(ExchangeError) {
            let json: Data
            do { json = try zip.read(notesJSON) ?? Data() } catch {
                throw .invalidDocument(file: shown, place: notesJSON, reason: error.reason)
            }
            let entries = try SimplenoteReader.read(json, file: shown + "/" + notesJSON, relative: relative + "/" + notesJSON,
                                                    modified: zip.modified(notesJSON) ?? modified, dates: dates, into: &bundle,
                                                    warnings: &warnings)
            addToolNotes(bundle, warnings: warnings, attachments: ImportedAttachments(), from: shown,
                         origins: Self.origins(entries, folder: folder, path: relative), into: &batch)
        } catch {
            batch.skipped.append(.init(file: shown, reason: Self.reason(error, file: shown)))
        }
    }

    /// One TextBundle in a zip archive (`root` its folder, empty for a TextPack), with its
    /// `info.json` and its assets; a problem skips it with its reason.
    private func readZippedBundle(_ zip: ZipEntries, root: String, textPath: String, assets assetPaths: [(name: String, path: String)],
                                  modified: Date, folder: String, relative: String, shown: String,
                                  into batch: inout ImportBatch) {
        let bundleShown = root.isEmpty ? shown : shown + "/" + root
        var bundle = ExchangeBundle()
        var warnings: [String] = []
        var attachments = ImportedAttachments()
        do throws(ExchangeError) {
            let text: Data
            let info: Data?
            do {
                text = try zip.read(textPath) ?? Data()
                info = try zip.read(root.isEmpty ? "info.json" : root + "/info.json")
            } catch {
                throw .invalidDocument(file: bundleShown, place: "zip archive", reason: error.reason)
            }
            var assets: [(name: String, data: Data)] = []
            for (name, path) in assetPaths {
                do { assets.append((name, try zip.read(path) ?? Data())) } catch {
                    warnings.append("\(error.reason); not attached")
                }
            }
            let reader = TextBundleReader(shown: bundleShown, relative: relative + "/" + (root.isEmpty ? textPath : root),
                                          name: Self.bundleName(root.isEmpty ? (relative as NSString).lastPathComponent : root),
                                          modified: zip.modified(textPath) ?? modified, dates: dates)
            try reader.read(text: text, textName: (textPath as NSString).lastPathComponent, info: info,
                            assets: assets, into: &bundle, attachments: &attachments, warnings: &warnings)
            let origin = ImportOrigin(key: .init(folder: folder, path: relative, entry: root),
                                      sourceHash: Self.bundleHash(text: text, info: info, assets: assets))
            addToolNotes(bundle, warnings: warnings, attachments: attachments, from: bundleShown, origins: [origin], into: &batch)
        } catch {
            batch.skipped.append(.init(file: bundleShown, reason: Self.reason(error, file: bundleShown)))
        }
    }

    /// The TextBundles in an archive: each one's folder (empty for a TextPack holding the
    /// bundle's files at its top) and its text file, in path order. A folder is a bundle when
    /// it holds a `text.*` file and either is named `*.textbundle` or holds a TextBundle's `info.json`.
    static func textBundles(in zip: ZipEntries) -> [(root: String, text: String)] {
        var found: [String: String] = [:]
        for path in zip.paths {
            let name = (path as NSString).lastPathComponent.lowercased()
            guard let rank = TextBundleReader.textNames.firstIndex(of: name) else { continue }
            let root = (path as NSString).deletingLastPathComponent
            guard root.lowercased().hasSuffix(".textbundle")
                    || (try? zip.read(root.isEmpty ? "info.json" : root + "/info.json")).map(TextBundleReader.isInfo) == true
            else { continue }
            if let existing = found[root],
               let existingRank = TextBundleReader.textNames.firstIndex(of: (existing as NSString).lastPathComponent.lowercased()),
               existingRank <= rank { continue }
            found[root] = path
        }
        return found.sorted { $0.key < $1.key }.map { (root: $0.key, text: $0.value) }
    }

    /// The files under each bundle's `assets/` in an archive, by the bundle's folder (empty
    /// for a TextPack), each as its name under `assets/` and its path, in the archive's order.
    /// The paths are sorted once and each bundle's files found by a binary search for its
    /// folder, so a backup of many bundles is not scanned once per bundle. `work` counts the
    /// paths examined (sorting aside).
    static func assetPaths(of roots: [String], in paths: [String], work: inout Int)
        -> [String: [(name: String, path: String)]] {
        let sorted = paths.indices.map { (bytes: Array(paths[$0].utf8), index: $0) }
            .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        var found: [String: [(name: String, path: String)]] = [:]
        for root in roots where found[root] == nil {
            let folder = Array((root.isEmpty ? "assets/" : root + "/assets/").utf8)
            var low = 0
            var high = sorted.count
            while low < high {
                work += 1
                let middle = (low + high) / 2
                if sorted[middle].bytes.lexicographicallyPrecedes(folder) { low = middle + 1 } else { high = middle }
            }
            var indices: [Int] = []
            while low < sorted.count, sorted[low].bytes.starts(with: folder) {
                work += 1
                indices.append(sorted[low].index)
                low += 1
            }
            found[root] = indices.sorted().map { index in
                (String(decoding: paths[index].utf8.dropFirst(folder.count), as: UTF8.self), paths[index])
            }
        }
        return found
    }

    /// `Note.textbundle` → `Note` (the last part of the path).
    static func bundleName(_ path: String) -> String {
        let last = (path as NSString).lastPathComponent
        let lower = last.lowercased()
        for suffix in [".textbundle", ".textpack"] where lower.hasSuffix(suffix) { return String(last.dropLast(suffix.count)) }
        return last
    }
}
