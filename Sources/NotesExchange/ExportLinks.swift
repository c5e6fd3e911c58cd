import Foundation
import NotesLinks
import NotesModel

/// The Markdown export's links, written so that Obsidian, zk and Foam find them in the
/// exported folder: those tools resolve `[[Target]]` and `[x](Target.md)` by file name, and
/// the export names each file from its note's title (`MarkdownExchange.fileName`), which
/// differs from the title when the title holds `/`, `:` and the like, was cut, or is shared.
///
/// A link that notes resolves to one note whose file stem differs from the link's target
/// (compared case-insensitively, as those tools do) is written to the stem: `[[A/B]]` as
/// `[[A-B|A/B]]` (the shown text kept), `[[A/B#Part|x]]` as `[[A-B#Part|x]]`,
/// `[x](A%2FB.md)` as `[x](A-B.md)`. Every other byte is kept. Links that notes finds
/// ambiguous or missing, links by id, URLs and embeds are written as stored.
///
/// Each change is recorded (`Edit`) in the file's header, `notes-links`, so that importing
/// the file restores the stored bytes exactly (`restore`); the note in the store never changes.
struct ExportLinks {
    /// One link written in another form: where it starts in the exported body (bytes), as
    /// exported, and as stored.
    struct Edit: Equatable, Sendable {
        var offset: Int
        var exported: String
        var original: String
    }

    private let stems: [UUID: String]
    /// The one link index (`LinkGraph`), so the export resolves a link as the CLI does:
    /// by title, alias, or a folder path's last component.
    private let index: LinkGraph
    private let notesByID: [UUID: Note]
    /// Whether the notes' attachments are exported beside them (`attachments/<id>/<name>`).
    private let withAttachments: Bool

    /// The links among `notes`, each written to `stems[id]`, its note's file name without `.md`.
    /// `withAttachments`: a link to a file the note holds as an attachment (`AttachmentLinks`)
    /// is written to the attachment's exported path.
    /// The wiki links of the notes `labelFirst` (imported from Dendron) are read `[[label|target]]`
    /// and written `[[target|label]]`, as the other tools read them.
    init(notes: [Note], stems: [UUID: String], withAttachments: Bool = false, labelFirst: Set<UUID> = []) {
        self.stems = stems
        self.withAttachments = withAttachments
        let live = notes.filter { $0.deleted == nil }
        index = LinkGraph(notes: live, labelFirst: labelFirst)
        notesByID = Dictionary(live.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The body of `note` as exported, and the edits that give its stored body back.
    func exported(_ note: Note) -> (body: String, edits: [Edit]) {
        let bytes = Array(note.body.utf8)
        let order = index.order(of: note.id)
        let links = bytes.withUnsafeBufferPointer { LinkScanner.links(in: $0, order: order) }
        let names = withAttachments && !note.attachments.isEmpty ? AttachmentLinks.Names(body: note.body, order: order) : nil
        var output: [UInt8] = []
        var edits: [Edit] = []
        var copied = 0
        for link in links {
            guard let replacement = replacement(for: link, in: bytes, from: note, names: names)
                    ?? (order == .labelFirst ? targetFirst(link, in: bytes) : nil) else { continue }
            output += bytes[copied..<link.range.lowerBound]
            edits.append(Edit(offset: output.count, exported: replacement,
                              original: String(decoding: bytes[link.range], as: UTF8.self)))
            output += Array(replacement.utf8)
            copied = link.range.upperBound
        }
        guard !edits.isEmpty else { return (note.body, []) }
        output += bytes[copied...]
        return (String(decoding: output, as: UTF8.self), edits)
    }

    /// The link written to its target's file stem, or nil when it is kept as stored.
    private func replacement(for link: NoteLink, in bytes: [UInt8], from note: Note,
                             names: AttachmentLinks.Names?) -> String? {
        if case .file(let written) = link.target { return fileReplacement(for: link, written, in: bytes, from: note, names: names) }
        guard link.form == .wiki || link.form == .markdown, case .title(let title) = link.target,
              !link.titleRange.isEmpty else { return nil }
        guard case .note(let id) = index.resolve(link.target, from: note, lookup: { notesByID[$0] }) else {
            // `[[photo.png|see]]`: no note, maybe a file the note holds.
            return link.form == .wiki ? fileReplacement(for: link, title, in: bytes, from: note, names: names) : nil
        }
        guard let stem = stems[id],
              // Untrimmed: a file named `plan.md` is not found by `plan%20.md` (Obsidian matches case only).
              stem.lowercased() != title.lowercased() else { return nil }
        if index.order(of: note.id) == .labelFirst, let swapped = targetFirst(link, in: bytes, stem: stem) { return swapped }
        let before = String(decoding: bytes[link.range.lowerBound..<link.titleRange.lowerBound], as: UTF8.self)
        let after = String(decoding: bytes[link.titleRange.upperBound..<link.range.upperBound], as: UTF8.self)
        guard link.form == .wiki else { return before + LinkPercent.encode(stem) + after }
        let inner = String(decoding: bytes[(link.range.lowerBound + 2)..<(link.range.upperBound - 2)], as: UTF8.self)
        if inner.contains("|") { return before + stem + after }
        // No shown text: the link as written is shown, after a bar (`\|` in a table row).
        let bar = Self.isInTableRow(link.range.lowerBound, bytes) ? "\\|" : "|"
        return before + stem + after.dropLast(2) + bar + inner + "]]"
    }

    /// A wiki link of a note read label first (`[[label|target#Part]]`, Dendron's), written
    /// target first: `[[stem#Part|label]]`, the target as written when no `stem` is given;
    /// nil for a link without a label (the same either way) and for an embed.
    private func targetFirst(_ link: NoteLink, in bytes: [UInt8], stem: String? = nil) -> String? {
        guard link.form == .wiki, case .title(let title) = link.target, bytes[link.range].contains(UInt8(ascii: "|")) else { return nil }
        let bar = Self.isInTableRow(link.range.lowerBound, bytes) ? "\\|" : "|"
        return "[[" + (stem ?? title) + (link.heading.map { "#" + $0 } ?? "") + bar + link.label + "]]"
    }

    /// A link to a file the note holds as an attachment, written to the attachment's path in
    /// the export: `![[attachments/<id>/photo.png]]`, `![x](attachments/<id>/x.png)`.
    private func fileReplacement(for link: NoteLink, _ written: String, in bytes: [UInt8], from note: Note,
                                 names: AttachmentLinks.Names?) -> String? {
        guard let names, let attachment = names.attachment(for: written, in: note),
              attachment.relativePath != written else { return nil }
        let text = String(decoding: bytes[link.range], as: UTF8.self)
        if text.hasPrefix("![[") || text.hasPrefix("[[") {
            let open = text.hasPrefix("!") ? "![[" : "[["
            let rest = text.dropFirst(open.count).dropLast(2).drop { $0 != "|" && $0 != "#" }
            return open + attachment.relativePath + rest + "]]"
        }
        guard let open = text.range(of: "](") else { return nil }
        var destination = text[open.upperBound...].dropLast().drop { $0 == " " }
        if destination.hasPrefix("<"), let close = destination.firstIndex(of: ">") {
            destination = destination[destination.index(after: close)...]
        } else {
            destination = destination.drop { $0 != " " && $0 != "\t" }
        }
        // What follows the path (`"title"`) is kept.
        return text[..<open.upperBound] + LinkPercent.encode(attachment.relativePath) + destination + ")"
    }

    /// Whether the line holding `offset` starts (after blanks) with `|`: a table row.
    private static func isInTableRow(_ offset: Int, _ bytes: [UInt8]) -> Bool {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        while start < offset, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        return start < offset && bytes[start] == UInt8(ascii: "|")
    }

    /// The header's value for `edits`: one `offset exported stored` a link, the two texts in
    /// base64, so that no tool reads a link in the header (Obsidian reads `"[[x]]"` in a
    /// property as a link).
    static func headerValues(_ edits: [Edit]) -> [String] {
        edits.map { "\($0.offset) \(Data($0.exported.utf8).base64EncodedString()) \(Data($0.original.utf8).base64EncodedString())" }
    }

    /// The stored body of a file whose body is `body` and whose header's `notes-links` holds
    /// `values`: each edit whose exported text is still at its place is undone; one that is
    /// not (the file was edited there) is left as the file has it. Nil when `values` are not
    /// edits in order.
    static func restore(_ body: String, values: [String]) -> String? {
        var edits: [Edit] = []
        for value in values {
            let parts = value.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 3, let offset = Int(parts[0]), offset >= 0,
                  offset >= (edits.last.map { $0.offset + $0.exported.utf8.count } ?? 0),
                  let exported = Data(base64Encoded: String(parts[1])).flatMap({ String(data: $0, encoding: .utf8) }),
                  let original = Data(base64Encoded: String(parts[2])).flatMap({ String(data: $0, encoding: .utf8) })
            else { return nil }
            edits.append(Edit(offset: offset, exported: exported, original: original))
        }
        var bytes = Array(body.utf8)
        for edit in edits.reversed() {
            let exported = Array(edit.exported.utf8)
            let end = edit.offset + exported.count
            guard end <= bytes.count, bytes[edit.offset..<end].elementsEqual(exported) else { continue }
            bytes.replaceSubrange(edit.offset..<end, with: Array(edit.original.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
