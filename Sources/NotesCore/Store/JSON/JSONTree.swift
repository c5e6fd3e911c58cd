/// A JSON value as a tree (numbers as `Double`), keeping the order of object members. Used where speed
/// does not matter (migrations of old stores); the snapshot reader does not build one.
public indirect enum JSONTree: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([(String, JSONTree)])

    public static func == (lhs: JSONTree, rhs: JSONTree) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The member named `key` of an object, if this is an object that has it.
    public subscript(key: String) -> JSONTree? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// This object with `key` set to `value` (replaced in place, or appended).
    public func setting(_ key: String, to value: JSONTree) -> JSONTree {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// This object without the member `key`.
    public func removing(_ key: String) -> JSONTree {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.0 != key })
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var arrayValue: [JSONTree]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONTree {
        try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) in
            let value = try reader.readValue()
            try reader.expectEnd()
            return value
        }
    }

    /// The compact JSON text of this value, members in their order.
    public var text: [UInt8] {
        var writer = JSONTextWriter(pretty: false)
        writer.value(self)
        return writer.bytes
    }
}

extension JSONTextWriter {
    mutating func value(_ value: JSONTree) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let items):
            beginArray()
            for item in items {
                element()
                self.value(item)
            }
            endArray()
        case .object(let members):
            beginObject()
            for (key, member) in members {
                self.key(key)
                self.value(member)
            }
            endObject()
        }
    }
}
