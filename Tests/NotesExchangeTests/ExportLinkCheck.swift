import Foundation
import NotesLinks
import NotesModel

/// Compares where notes resolves each link of the stored notes with where an independent
/// Obsidian-rule resolver (`Resources/scripts/obsidian_resolve.py --resolved`) sends the same
/// link in the exported folder.
struct ExportLinkCheck {
    let notes: [Note]
    /// Each exported file's text, by file name.
    let texts: [String: String]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `found`: the resolver's file for `file<TAB>target` (target stripped, lowercased).
    /// Returns how many links notes resolves to one note were checked, and those whose
    /// exported form leads elsewhere (or nowhere).
    func mismatches(_ found: [String: String]) throws -> (links: Int, mismatches: [String]) {
        var fileOf: [UUID: String] = [:]
        var bodyOf: [UUID: String] = [:]
        for (name, text) in texts {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("id: ") }),
                  let id = UUID(uuidString: String(line.dropFirst(4))),
                  let close = text.range(of: "\n---\n") else { throw Failure(description: "\(name): no id or header") }
            fileOf[id] = name
            bodyOf[id] = String(text[close.upperBound...].dropLast())
        }
        var byKey: [[UInt8]: [Note]] = [:]
        for note in notes { byKey[LinkResolver.key(ofTitle: note.title), default: []].append(note) }
        var checked = 0
        var wrong: [String] = []
        for note in notes {
            guard let file = fileOf[note.id], let exportedBody = bodyOf[note.id] else { continue }
            let stored = LinkScanner.links(in: note.body, order: .targetFirst)
            var exportedBytes = Array(exportedBody.utf8)
            let exported = exportedBytes.withUnsafeBufferPointer { LinkScanner.links(in: $0, order: .targetFirst) }
            guard stored.count == exported.count else {
                wrong.append("\(file): \(stored.count) links stored, \(exported.count) exported")
                continue
            }
            for (link, written) in zip(stored, exported) where link.form != .embed {
                guard case .title(let title) = link.target,
                      case .note(let id) = LinkResolver.resolve(link.target, from: note, order: .targetFirst,
                                                                candidates: byKey[LinkResolver.key(ofTitle: title)] ?? []),
                      let key = Self.resolverKey(written, in: &exportedBytes),
                      let target = found[file + "\t" + key] else { continue }
                checked += 1
                if target != fileOf[id] { wrong.append("\(file): '\(key)' leads to '\(target)', not '\(fileOf[id] ?? "?")'") }
            }
        }
        return (checked, wrong)
    }

    /// The target as the resolver prints it: a wiki link's text before `#` and `|`, a
    /// Markdown link's destination percent-decoded before `#`; stripped and lowercased.
    static func resolverKey(_ link: NoteLink, in bytes: inout [UInt8]) -> String? {
        let text = String(decoding: bytes[link.range], as: UTF8.self)
        switch link.form {
        case .wiki:
            let inner = text.dropFirst(2).dropLast(2)
            var target = String(inner.prefix { $0 != "#" && $0 != "|" })
            while target.hasSuffix("\\") { target.removeLast() }
            return target.trimmingCharacters(in: .whitespaces).lowercased()
        case .markdown:
            guard let open = text.range(of: "](") else { return nil }
            var destination = String(text[open.upperBound...].dropLast())
            destination = String(destination.prefix { $0 != " " })
            if destination.hasPrefix("<") { destination = String(destination.dropFirst().prefix { $0 != ">" }) }
            let path = String(destination.prefix { $0 != "#" })
            return (path.removingPercentEncoding ?? path).trimmingCharacters(in: .whitespaces).lowercased()
        case .embed:
            return nil
        }
    }
}
