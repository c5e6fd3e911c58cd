/// A JSON value as a tree, the one tree of NotesCore: `--json` output, exports and
/// imports, front matter, store migrations and salvage all build or read it.
///
/// Objects keep their members in order, so output has a fixed, documented key order.
/// Numbers keep their literal text: a `Float` color component is written with the
/// shortest digits that read back to the same `Float`, and a parsed number is read
/// as `Float`, `Double` or `Int` without a detour through another type. Two numbers
/// are equal when their texts are (`1` and `1.0` differ).
///
/// Read one with `parse` (the store's `JSONReader`), write one with `serialized`
/// or `jsonBytes` (`JSONTextWriter`). The snapshot and journal codecs never build one.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as its JSON literal text, e.g. `1`, `0.2`, `1e-05`.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in order. Parsed objects never have a key twice.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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

    // MARK: Making values

    /// A number from an integer.
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A number from a finite `Float`, with the shortest digits that read back exactly.
    /// A non-finite value (never valid in JSON) becomes `null`.
    public static func float(_ value: Float) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e7 { return .number(String(Int(value))) }
        return .number(value.description)
    }

    /// A number from a finite `Double`, written as the store writes numbers: whole
    /// numbers without a fraction, others with the shortest exact digits.
    /// A non-finite value becomes `null`.
    public static func double(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        var writer = JSONTextWriter(pretty: false)
        writer.number(value)
        return .number(String(decoding: writer.bytes, as: UTF8.self))
    }

    /// A string, or `null` when `value` is nil.
    public static func optionalString(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    // MARK: Editing objects

    /// This object with `key` set to `value` (replaced in place, or appended).
    /// Anything but an object is returned unchanged.
    public func setting(_ key: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// This object without the member `key`.
    public func removing(_ key: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.0 != key })
    }
}
