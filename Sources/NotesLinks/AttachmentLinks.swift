import Foundation
import NotesModel

/// Which attachment of a note a link to a file leads to (`![[photo.png]]`, `![](assets/x.png)`,
/// `[report](files/report.pdf)`): the rule the importer names embedded files by and the read
/// view follows them by, so that a body keeps its bytes and its links still find the files.
///
/// The files a body links to (embeds, Markdown links to files, and wiki links to a name with
/// an extension, `[[photo.png|see]]`, or in a Dendron note `[[see|photo.png]]`: every
/// function takes the note's `WikiLinkOrder`, without a default) are taken in order of first
/// appearance, one per distinct path;
/// each is named by its file name, and a name already taken (compared case-insensitively) by
/// an earlier path gets `-2`, `-3`… before its extension, as `notes attach` names them. A
/// link leads to the note's attachment with that name; else (a note whose attachments were
/// named another way) to the first attachment with the link's file name.
public enum AttachmentLinks {
    /// The distinct file paths the body's embeds and file links name (percent-decoded, a
    /// wiki embed's `#page` and `|size` left out), in order of first appearance; its wiki
    /// links read in `order`.
    public static func filePaths(in body: String, order: WikiLinkOrder) -> [String] {
        fileLinks(in: body, order: order).paths
    }

    /// What `filePaths` lists, and which of those paths an embed or a link to a file names
    /// (`explicit`; the others only a wiki link to a name with an extension, which may be a
    /// missing note): the body scanned once.
    public static func fileLinks(in body: String, order: WikiLinkOrder) -> (paths: [String], explicit: Set<String>) {
        var seen = Set<String>()
        var paths: [String] = []
        var explicit = Set<String>()
        for link in LinkScanner.links(in: body, order: order) {
            let written: String
            switch link.target {
            case .file(let file): written = file
            // `[[photo.png|see]]`, a Dendron note's `[[see|photo.png]]`
            case .title(let title) where link.form == .wiki && looksLikeFileName(title): written = title
            default: continue
            }
            guard let path = filePath(written) else { continue }
            if seen.insert(path).inserted { paths.append(path) }
            if case .file = link.target { explicit.insert(path) }
        }
        return (paths, explicit)
    }

    /// Whether `path` ends in a file name with a short extension that is not `.md`
    /// (`photo.png`, `doc.pdf`); `a.b.c` (a Dendron note's name) is not one.
    public static func looksLikeFileName(_ path: String) -> Bool {
        let name = fileName(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ext = name[name.index(after: dot)...]
        return (1...5).contains(ext.count) && ext.lowercased() != "md"
            && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// The file path of a link target: without a wiki embed's `#page` or `|size`, without
    /// `./`; nil for an absolute path.
    public static func filePath(_ written: String) -> String? {
        var path = String(written.prefix { $0 != "#" && $0 != "|" })
        path = path.trimmingCharacters(in: .whitespaces)
        while path.hasPrefix("./") { path.removeFirst(2) }
        guard !path.isEmpty, !path.hasPrefix("/") else { return nil }
        return path
    }

    /// The attachment name of each of `paths` (as `filePaths` lists them), in the same order.
    public static func names(for paths: [String]) -> [String] {
        var taken = Set<String>()
        return paths.map { path in
            let base = fileName(path)
            let dot = base.lastIndex(of: ".").flatMap { $0 == base.startIndex ? nil : $0 }
            let (stem, ext) = dot.map { (String(base[..<$0]), String(base[$0...])) } ?? (base, "")
            var name = base
            var counter = 2
            while taken.contains(name.lowercased()) {
                name = "\(stem)-\(counter)\(ext)"
                counter += 1
            }
            taken.insert(name.lowercased())
            return name
        }
    }

    /// The last component of `path`.
    public static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The attachment of `note` that a link to the file `written` leads to, if any; `order`
    /// is how the note's wiki links are read.
    public static func attachment(for written: String, in note: Note, order: WikiLinkOrder) -> AttachmentPath? {
        guard !note.attachments.isEmpty else { return nil }
        return Names(body: note.body, order: order).attachment(for: written, in: note)
    }

    /// The names of one body's files, computed once (the body scanned once) for many links.
    public struct Names: Sendable {
        private var byPath: [String: String] = [:]

        /// The names of `body`'s files, its wiki links read in `order`.
        public init(body: String, order: WikiLinkOrder) {
            let paths = AttachmentLinks.filePaths(in: body, order: order)
            for (path, name) in zip(paths, AttachmentLinks.names(for: paths)) { byPath[path] = name }
        }

        /// The attachment of `note` (whose body these are the names of) a link to `written` leads to.
        public func attachment(for written: String, in note: Note) -> AttachmentPath? {
            guard let path = filePath(written), !note.attachments.isEmpty else { return nil }
            func named(_ name: String) -> AttachmentPath? {
                note.attachments.first { fileName($0.relativePath).lowercased() == name.lowercased() }
            }
            return named(byPath[path] ?? fileName(path)) ?? named(fileName(path))
        }
    }
}
