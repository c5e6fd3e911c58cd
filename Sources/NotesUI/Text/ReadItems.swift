import Foundation
import NotesLinks
import NotesMarkdown

/// A spot a key acts on in the read view (decision 0060): a task, a link (wiki links,
/// Markdown links, embeds, images, and the backlinks under the note), in reading order,
/// then the note's attachments listed under it. `Tab`/`Shift-Tab` move between them;
/// `Enter` follows a link or opens an attachment, `x` ticks a task.
enum ReadItem: Equatable, Sendable {
    /// The task at this index of `MarkdownRendering.tasks`.
    case task(Int)
    case link(ReadLink)
    /// The attachment at this index of the note's attachments (`ReadAttachments`).
    case attachment(Int)
}

/// A link as the rendering shows it: where its runs are, and what it points at.
struct ReadLink: Equatable, Sendable {
    /// A run of the rendering: its line and its index in the line's runs.
    struct Spot: Equatable, Sendable {
        let line: Int
        let run: Int
    }

    var style: MarkdownStyle
    var target: LinkTarget
    var heading: String?
    /// The runs showing it: one, or several when the link wraps.
    var spots: [Spot]
}

extension ReadItem {
    /// The rendered line it starts on.
    func line(in rendering: MarkdownRendering) -> Int {
        switch self {
        case .task(let index): index < rendering.tasks.count ? rendering.tasks[index].line : 0
        case .link(let link): link.spots.first?.line ?? 0
        case .attachment(let index): ReadAttachments.line(of: index, bodyLines: rendering.lines.count)
        }
    }
}

enum ReadItems {
    /// The items of `rendering` in reading order (line by line, a task's box first), then
    /// the note's `attachments` (their count).
    static func items(in rendering: MarkdownRendering, attachments: Int) -> [ReadItem] {
        var items: [ReadItem] = []
        var tasksByLine: [Int: [Int]] = [:]
        for (index, task) in rendering.tasks.enumerated() { tasksByLine[task.line, default: []].append(index) }
        for (lineIndex, line) in rendering.lines.enumerated() {
            items += (tasksByLine[lineIndex] ?? []).map(ReadItem.task)
            var linkOnLine = false
            for (runIndex, run) in line.runs.enumerated() {
                guard let (style, target, heading) = link(in: run.styles) else { continue }
                let spot = ReadLink.Spot(line: lineIndex, run: runIndex)
                if case .link(var last) = items.last, last.style == style, let previous = last.spots.last,
                   (previous.line == lineIndex && previous.run == runIndex - 1) || (previous.line == lineIndex - 1 && !linkOnLine) {
                    last.spots.append(spot)
                    items[items.count - 1] = .link(last)
                } else {
                    items.append(.link(ReadLink(style: style, target: target, heading: heading, spots: [spot])))
                }
                linkOnLine = true
            }
        }
        return items + (0..<attachments).map(ReadItem.attachment)
    }

    /// The link a run's styles mark, if any.
    static func link(in styles: Set<MarkdownStyle>) -> (MarkdownStyle, LinkTarget, String?)? {
        for style in styles {
            switch style {
            case .wikiLink(let written):
                let parts = written.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let heading = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil
                if parts[0].isEmpty, heading != nil { return (style, .thisNote, heading) }  // `[[#Heading]]`
                return (style, .title(String(parts[0])), heading)
            case .link(let destination):
                guard let (target, heading) = LinkSyntax.target(ofDestination: destination) else { continue }
                return (style, target, heading)
            case .image(let source):
                guard let (target, _) = LinkSyntax.target(ofDestination: source) else { continue }
                return (style, target.isNote ? .file(source) : target, nil)
            case .embed(let name):
                return (style, .file(name), nil)
            default:
                continue
            }
        }
        return nil
    }
}
