import NotesJSON

/// A JSON document as a tree whose leaves are raw bytes, so that a mutation can
/// put anything in a value's place: `NaN`, invalid UTF-8, a repeated key.
public indirect enum MutableJSON: Sendable {
    case raw([UInt8])
    case array([MutableJSON])
    case object([(String, MutableJSON)])

    /// One step from a node to a child.
    public enum Step: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    static let operationCount = 5

    public init(_ value: NotesJSON.JSONValue) {
        switch value {
        case .array(let items): self = .array(items.map(MutableJSON.init))
        case .object(let members): self = .object(members.map { ($0.0, MutableJSON($0.1)) })
        default: self = .raw(value.jsonBytes(pretty: false))
        }
    }

    /// Compact JSON text.
    public var text: [UInt8] {
        switch self {
        case .raw(let bytes): return bytes
        case .array(let items):
            return Array("[".utf8) + Array(items.map(\.text).joined(separator: Array(",".utf8))) + Array("]".utf8)
        case .object(let members):
            let parts = members.map { NotesJSON.JSONValue.string($0.0).jsonBytes(pretty: false) + Array(":".utf8) + $0.1.text }
            return Array("{".utf8) + Array(parts.joined(separator: Array(",".utf8))) + Array("}".utf8)
        }
    }

    /// Every path below the root, parents before children.
    public func paths() -> [[Step]] {
        var result: [[Step]] = []
        func walk(_ node: MutableJSON, _ path: [Step]) {
            switch node {
            case .raw: break
            case .array(let items):
                for (index, item) in items.enumerated() {
                    result.append(path + [.index(index)])
                    walk(item, path + [.index(index)])
                }
            case .object(let members):
                for (key, member) in members {
                    result.append(path + [.key(key)])
                    walk(member, path + [.key(key)])
                }
            }
        }
        walk(self, [])
        return result
    }

    public func node(at path: [Step]) -> MutableJSON? {
        guard let first = path.first else { return self }
        switch (self, first) {
        case (.array(let items), .index(let index)) where items.indices.contains(index):
            return items[index].node(at: Array(path.dropFirst()))
        case (.object(let members), .key(let key)):
            return members.first { $0.0 == key }?.1.node(at: Array(path.dropFirst()))
        default: return nil
        }
    }

    public func replacing(_ path: [Step], with value: MutableJSON) -> MutableJSON {
        editing(path) { _ in [value] }
    }

    public func removing(_ path: [Step]) -> MutableJSON {
        editing(path) { _ in [] }
    }

    /// The member or element at `path` twice (a repeated key, or a second note with the same id).
    public func duplicating(_ path: [Step]) -> MutableJSON {
        editing(path) { [$0, $0] }
    }

    /// Replaces the node at `path` by zero or more nodes made from it.
    private func editing(_ path: [Step], _ change: (MutableJSON) -> [MutableJSON]) -> MutableJSON {
        guard let first = path.first else { return change(self).first ?? .raw(Array("null".utf8)) }
        let rest = Array(path.dropFirst())
        switch (self, first) {
        case (.array(let items), .index(let index)) where items.indices.contains(index):
            var copy = items
            let replacement = rest.isEmpty ? change(items[index]) : [items[index].editing(rest, change)]
            copy.replaceSubrange(index...index, with: replacement)
            return .array(copy)
        case (.object(let members), .key(let key)):
            guard let index = members.firstIndex(where: { $0.0 == key }) else { return self }
            var copy = members
            let replacement = rest.isEmpty ? change(members[index].1).map { (key, $0) } : [(key, members[index].1.editing(rest, change))]
            copy.replaceSubrange(index...index, with: replacement)
            return .object(copy)
        default: return self
        }
    }

    public static func describe(_ path: [Step]) -> String {
        path.map { step in
            switch step {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }.joined()
    }
}
