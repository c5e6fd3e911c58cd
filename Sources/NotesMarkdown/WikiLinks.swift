import Foundation

/// `[[Target]]`, `[[Target|text]]` and `![[file]]` in text: not CommonMark, so cmark leaves
/// them in text nodes. They are marked here, never inside code; resolving a target to a
/// note is the caller's business.
enum WikiLinks {
    /// `runs` with each wiki link's text styled `.wikiLink(target)` and each embed
    /// replaced by an `[embed: name]` placeholder.
    static func mark(_ runs: [MarkdownRun]) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        for run in runs {
            if run.styles.contains(.inlineCode) || !run.text.contains("[[") {
                result.append(run)
            } else {
                result += split(run)
            }
        }
        return result
    }

    private static func split(_ run: MarkdownRun) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        var rest = Substring(run.text)
        while let open = rest.range(of: "[["),
              let close = rest[open.upperBound...].range(of: "]]"),
              !rest[open.upperBound..<close.lowerBound].contains(where: { $0 == "\n" || $0 == "[" }) {
            let inner = rest[open.upperBound..<close.lowerBound]
            let isEmbed = open.lowerBound > rest.startIndex && rest[rest.index(before: open.lowerBound)] == "!"
            let before = rest[..<(isEmbed ? rest.index(before: open.lowerBound) : open.lowerBound)]
            if !before.isEmpty { result.append(MarkdownRun(String(before), run.styles)) }
            let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let target = String(parts[0]).trimmingSpaces
            if String(inner).trimmingSpaces.isEmpty {
                result.append(MarkdownRun(String(rest[open.lowerBound..<close.upperBound]), run.styles))
            } else if isEmbed {
                result.append(MarkdownRun("[embed: \(target)]", run.styles.union([.embed(name: target)])))
            } else {
                let label = parts.count > 1 ? String(parts[1]).trimmingSpaces : target
                result.append(MarkdownRun(label.isEmpty ? target : label, run.styles.union([.wikiLink(target: target)])))
            }
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { result.append(MarkdownRun(String(rest), run.styles)) }
        return result
    }
}
