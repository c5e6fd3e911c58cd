import Foundation

/// Reading a `JSONValue` from JSON text with the store's `JSONReader`, and writing
/// one with `JSONTextWriter`: pretty (one member a line, two-space indent) or compact.
extension JSONValue {
    /// Parses a whole document (a leading UTF-8 byte order mark is skipped). Errors
    /// carry the line, column and path of the problem; an object with a key twice is one.
    public static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return try JSONReader.read(bytes, from: start) { (reader: inout JSONReader) throws(JSONError) in
            let value = try reader.readValue()
            try reader.expectEnd()
            return value
        }
    }

    public static func parse(_ data: Data) throws(JSONError) -> JSONValue {
        try parse([UInt8](data))
    }

    public static func parse(_ text: String) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// The JSON text as UTF-8. Strings escape quotes, backslashes, control characters,
    /// DEL, C1 controls, U+2028, U+2029 and bidi controls, so the text is safe to paste into
    /// a terminal or script.
    public func jsonBytes(pretty: Bool = true) -> [UInt8] {
        var writer = JSONTextWriter(pretty: pretty, escaping: .portable)
        writer.value(self)
        return writer.bytes
    }

    /// The JSON text: pretty-printed with two-space indents, or compact on one line.
    public func serialized(pretty: Bool = true) -> String {
        String(decoding: jsonBytes(pretty: pretty), as: UTF8.self)
    }

    /// `text` as a JSON string literal, escaped as in `serialized`.
    public static func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized(pretty: false)
    }
}

extension JSONTextWriter {
    /// Writes a whole tree; numbers as their literal text.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .number(let text): bytes.append(contentsOf: text.utf8)
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
