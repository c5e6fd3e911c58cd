import Foundation
import Synchronization
import Yams

/// The front matter of an imported note, whatever it was written in (YAML `---` or
/// TOML `+++`): keys (compared case-insensitively) with a text, a list of texts, or
/// something else (a table or mapping the importer does not read), and the line of each.
public struct NoteHeader: Sendable {
    public enum Value: Equatable, Sendable {
        /// A single value as written (a YAML scalar, a TOML string, number, date or boolean).
        case text(String)
        case list([String])
        /// A null (`key:` with nothing after it, `~`).
        case empty
        /// A mapping, a table, or a list holding one.
        case nested
    }

    public struct Entry: Sendable {
        public let key: String
        public let value: Value
        /// The line in the file, counting the opening fence as 1.
        public let line: Int
    }

    public var entries: [Entry] = []
    /// The keys (lowercased) `entry` has returned: the ones the reader turned into a note's
    /// fields. What it never asked for is what an Obsidian note keeps in its body
    /// (`MarkdownNoteReader.otherProperties`). Shared by copies of the header.
    private let asked = AskedKeys()

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The first entry whose key is one of `keys`, case-insensitively; remembered as read.
    public func entry(_ keys: String...) -> Entry? {
        for key in keys {
            if let entry = entries.first(where: { $0.key.lowercased() == key }) {
                asked.keys.withLock { _ = $0.insert(key) }
                return entry
            }
        }
        return nil
    }

    /// Whether `entry` has returned an entry with `key` (compared lowercased).
    func wasRead(_ key: String) -> Bool { asked.keys.withLock { $0.contains(key.lowercased()) } }

    /// Forgets that `key` was read: its value made no field (an `id` that is no UUID).
    func unread(_ key: String) { asked.keys.withLock { _ = $0.remove(key.lowercased()) } }

    private final class AskedKeys: Sendable {
        let keys = Mutex<Set<String>>([])
    }

    /// The header of a YAML front matter.
    init(yaml: YAMLFrontMatter) {
        entries = yaml.entries.map { key, node in
            Entry(key: key, value: Self.value(of: node), line: (node.mark?.line ?? 0) + 1)
        }
    }

    private static func value(of node: Node) -> Value {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, NSNull.construct(from: scalar) != nil { return .empty }
            return .text(scalar.string)
        case .sequence(let items):
            var texts: [String] = []
            for item in items {
                switch item {
                case .scalar(let scalar):
                    if scalar.style == .plain, NSNull.construct(from: scalar) != nil { continue }
                    texts.append(scalar.string)
                case .sequence(let inner) where inner.count == 1:
                    // `categories: [[Books]]` unquoted: YAML reads a list in a list; Obsidian means the link.
                    guard case .scalar(let scalar)? = inner.first else { return .nested }
                    texts.append("[[" + scalar.string + "]]")
                default:
                    if let placeholder = templatePlaceholder(item) { texts.append(placeholder) } else { return .nested }
                }
            }
            return .list(texts)
        case .mapping:
            return templatePlaceholder(node).map(Value.text) ?? .nested
        }
    }

    /// `{{date}}` unquoted, as templates (Obsidian, Templater, Hugo archetypes) hold it: YAML
    /// reads a mapping whose only key is a mapping; given back as the text written.
    private static func templatePlaceholder(_ node: Node) -> String? {
        guard case .mapping(let outer) = node, outer.count == 1, case let (key, value)? = outer.first,
              case .mapping(let inner) = key, inner.count == 1, case let (name, innerValue)? = inner.first,
              case .scalar(let nameScalar) = name, isNull(value), isNull(innerValue)
        else { return nil }
        return "{{" + nameScalar.string + "}}"
    }

    private static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return scalar.style == .plain && NSNull.construct(from: scalar) != nil
    }
}
