import Foundation
import NotesModel
import NotesTerminal

/// A note's attachments as the UI shows them: a marker (`📎2`, or `+2` where emoji are not
/// drawn) in the list row and the preview, and in the rendered read view a list under the
/// body (a blank line, a heading, then one line each: name, size, type). Those lines are
/// the read view's items after its tasks (`Tab`), and `Enter` opens the one in focus.
enum ReadAttachments {
    /// The marker of a note with `count` attachments; empty for none.
    static func marker(count: Int, ascii: Bool) -> String {
        count == 0 ? "" : (ascii ? "+" : "📎") + String(count)
    }

    /// The lines the list takes under the body: none without attachments.
    static func lineCount(_ note: Note) -> Int {
        note.attachments.isEmpty ? 0 : note.attachments.count + 2
    }

    /// The line of attachment `index`, counted from the first line of a body of `bodyLines` lines.
    static func line(of index: Int, bodyLines: Int) -> Int { bodyLines + 2 + index }

    /// `report.pdf  12 KB  PDF document`: the name, the size when known, the type by the name's extension.
    static func text(_ path: AttachmentPath, size: Int?) -> String {
        let name = path.relativePath.split(separator: "/").last.map(String.init) ?? path.relativePath
        return [name, size.map(sizeText), typeName(name)].compactMap { $0 }.joined(separator: "  ")
    }

    /// Draws the list's lines among the document lines `top..<top + rows` (the body's lines
    /// come first); the attachment `focused` in reverse.
    static func draw(_ note: Note, sizes: AttachmentSizes?, ascii: Bool, focused: Int?, bodyLines: Int,
                     from top: Int, rows: Int, into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        guard !note.attachments.isEmpty else { return }
        let known = sizes?.describe(note) == true ? sizes?.sizes ?? [:] : [:]
        for row in 0..<rows {
            let line = top + row - bodyLines - 1  // -1: the blank line, 0: the heading
            guard line >= 0, line <= note.attachments.count else { continue }
            if line == 0 {
                let heading = "Attachments (\(note.attachments.count))"
                buffer.write(heading, x: x, y: y + row, style: Theme.title, limit: width)
                continue
            }
            let index = line - 1, path = note.attachments[index]
            var style = CellStyle.plain
            style.reverse = index == focused
            let text = (ascii ? "+ " : "📎 ") + text(path, size: known[path])
            buffer.write(DisplayWidth.truncate(text, to: width), x: x, y: y + row, style: style, limit: width)
        }
    }

    /// `512 B`, `12 KB`, `3.4 MB`.
    static func sizeText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return "\((bytes + 512) / 1024) KB" }
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MB"
    }

    /// What the file's extension says it is; `file` when it says nothing known.
    static func typeName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "file" }
        let ext = name[name.index(after: dot)...].lowercased()
        for (kind, extensions) in kinds where extensions.contains(ext) { return kind }
        return ext.uppercased() + " file"
    }

    private static let kinds: [(String, Set<String>)] = [
        ("image", ["png", "jpg", "jpeg", "gif", "webp", "heic", "bmp", "tiff", "svg"]),
        ("PDF document", ["pdf"]),
        ("text", ["txt", "md", "markdown", "csv", "json", "log"]),
        ("audio", ["mp3", "m4a", "wav", "ogg", "flac", "aac"]),
        ("video", ["mp4", "mov", "mkv", "webm", "avi"]),
        ("archive", ["zip", "tar", "gz", "tgz", "7z", "rar"]),
        ("document", ["doc", "docx", "odt", "rtf", "pages"]),
        ("spreadsheet", ["xls", "xlsx", "ods", "numbers"]),
    ]
}
