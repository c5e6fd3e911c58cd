import Foundation

/// A JSON value whose objects keep their keys in the order they were built, so
/// that `--json` output and exports have a fixed, documented key order.
///
/// Numbers keep their literal text: a `Float` color component is written with the
/// shortest digits that read back to the same `Float`, and a parsed number can be
/// read as `Float` without a detour through `Double`. (The store's `JSONValue` and
/// `JSONReader` keep numbers as `Double` and are tuned for reading large snapshots.)
public indirect enum OutputJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as its JSON literal text, e.g. `1`, `0.2`, `1e-05`.
    case number(String)
    case string(String)
    case array([OutputJSON])
    /// Key–value pairs in order. Keys are unique by construction.
    case object([(String, OutputJSON)])

    public static func == (lhs: OutputJSON, rhs: OutputJSON) -> Bool {
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

    /// A number from an integer.
    public static func integer(_ value: Int) -> OutputJSON { .number(String(value)) }

    /// A number from a finite `Float`, with the shortest digits that read back exactly.
    /// A non-finite value (never valid in JSON) becomes `null`.
    public static func float(_ value: Float) -> OutputJSON {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e7 { return .number(String(Int(value))) }
        return .number(value.description)
    }

    /// A string, or `null` when `value` is nil.
    public static func optionalString(_ value: String?) -> OutputJSON {
        value.map { .string($0) } ?? .null
    }

    // MARK: Reading

    /// The value under `key` when this is an object.
    public subscript(key: String) -> OutputJSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var arrayValue: [OutputJSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var floatValue: Float? {
        if case .number(let text) = self { return Float(text) }
        return nil
    }

    public var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    // MARK: Writing

    /// The JSON text: pretty-printed with two-space indents, or compact on one line.
    public func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(to: &out, indent: pretty ? 0 : nil)
        return out
    }

    private func write(to out: inout String, indent: Int?) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): Self.writeString(text, to: &out)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, to: &out, indent: indent) { index, out, inner in
                items[index].write(to: &out, indent: inner)
            }
        case .object(let pairs):
            writeContainer(open: "{", close: "}", count: pairs.count, to: &out, indent: indent) { index, out, inner in
                Self.writeString(pairs[index].0, to: &out)
                out += inner == nil ? ":" : ": "
                pairs[index].1.write(to: &out, indent: inner)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to out: inout String, indent: Int?,
        element: (Int, inout String, Int?) -> Void
    ) {
        out += open
        guard count > 0 else { out += close; return }
        let inner = indent.map { $0 + 2 }
        for index in 0..<count {
            if index > 0 { out += "," }
            if let inner { out += "\n" + String(repeating: " ", count: inner) }
            element(index, &out, inner)
        }
        if let indent { out += "\n" + String(repeating: " ", count: indent) }
        out += close
    }

    /// Writes `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var out = ""
        writeString(text, to: &out)
        return out
    }
}
