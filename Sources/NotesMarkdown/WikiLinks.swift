import Foundation
import NotesLinks

/// `[[Target]]`, `[[Target|text]]` and `![[file]]` in text: not CommonMark, so cmark leaves
/// them in text nodes. They are marked here, never inside code, with the one link syntax
/// (`LinkSyntax`), so that the renderer and the link index agree; resolving a target to
/// a note is the caller's business.
enum WikiLinks {
    /// `runs` with each wiki link's text styled `.wikiLink(target)` and each embed
    /// replaced by an `[embed: name]` placeholder.
    /// `order` says which side of a bar is the target.
    static func mark(_ runs: [MarkdownRun], order: WikiLinkOrder = .targetFirst) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        for run in runs {
            if run.styles.contains(.inlineCode) || !run.text.contains("[[") {
                result.append(run)
            } else {
                result += split(run, order: order)
            }
        }
        return result
    }

    private static func split(_ run: MarkdownRun, order: WikiLinkOrder) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        let bytes = Array(run.text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var plainStart = 0
            var index = 0
            func flush(to end: Int) {
                if end > plainStart { result.append(MarkdownRun(String(decoding: buffer[plainStart..<end], as: UTF8.self), run.styles)) }
            }
            while index < buffer.count {
                guard buffer[index] == UInt8(ascii: "!") || buffer[index] == UInt8(ascii: "["),
                      let (link, end) = LinkSyntax.wikiLink(in: buffer, at: index, order: order) else {
                    index += 1
                    continue
                }
                flush(to: index)
                let target = link.target.text + (link.heading.map { "#" + $0 } ?? "")
                if case .file(let name) = link.target {
                    result.append(MarkdownRun("[embed: \(name)]", run.styles.union([.embed(name: name)])))
                } else if link.form == .embed {
                    // A note's text embedded (`![[Plan#Q3]]`): a placeholder that follows like a link.
                    result.append(MarkdownRun("[embed: \(target)]", run.styles.union([.wikiLink(target: target)])))
                } else {
                    result.append(MarkdownRun(link.label, run.styles.union([.wikiLink(target: target)])))
                }
                index = end
                plainStart = end
            }
            flush(to: buffer.count)
        }
        return result
    }
}
