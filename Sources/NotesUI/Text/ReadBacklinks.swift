import Foundation
import NotesLinks
import NotesMarkdown
import NotesModel
import NotesTerminal

/// The backlinks under a note in the read view: `Linked from N notes`, then each linking
/// note's title (a link to it, so that `Tab` reaches it and `Enter` opens it) and the line
/// around its link. From the link index (`NoteIndex.backlinks`), never by scanning bodies.
enum ReadBacklinks {
    /// The lines to show under the body; none when nothing links to `note` (or the index is
    /// still being built, or holds only the first notes of the list: `NotesSnapshot.isEarly`).
    static func rendering(of note: Note, in snapshot: NotesSnapshot, width: Int) -> MarkdownRendering {
        let index = snapshot.index
        guard index.isSearchable, !snapshot.isEarly else { return MarkdownRendering() }
        let backlinks = index.backlinks(of: note)
        guard !backlinks.isEmpty else { return MarkdownRendering() }
        let count = backlinks.count
        var lines = [MarkdownLine(runs: [], source: 0..<0),
                     MarkdownLine(runs: [MarkdownRun("Linked from \(count) \(count == 1 ? "note" : "notes")", [.heading(level: 3)])],
                                  source: 0..<0)]
        for (source, links) in backlinks {
            let title = DisplayWidth.truncate(source.title.replacingOccurrences(of: "\n", with: " "), to: max(1, width - 2))
            let target = LinkSyntax.noteScheme + source.id.uuidString
            var runs = [MarkdownRun("• ", [.listMarker]), MarkdownRun(title, [.link(target: target)])]
            let room = width - 2 - DisplayWidth.of(title) - 3
            if let first = links.first, room > 4 {
                let context = LinkContext.line(around: first, in: source.body)
                runs.append(MarkdownRun(" — " + DisplayWidth.truncate(context, to: room), [.dim]))
            }
            lines.append(MarkdownLine(runs: runs, source: 0..<0))
        }
        return MarkdownRendering(lines: lines)
    }
}
