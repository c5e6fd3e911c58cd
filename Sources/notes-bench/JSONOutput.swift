/// A tiny JSON writer that keeps members in the order given (the report's key order is stable).
enum JSONOutput {
    enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case object([(String, Value)])

        var text: String {
            switch self {
            case .null: return "null"
            case .bool(let flag): return flag ? "true" : "false"
            case .number(let number): return JSONOutput.number(number)
            case .string(let string): return JSONOutput.quoted(string)
            case .object(let members):
                var parts: [String] = []
                for (key, value) in members { parts.append(JSONOutput.quoted(key) + ":" + value.text) }
                return "{" + parts.joined(separator: ",") + "}"
            }
        }
    }

    /// Integers without a fraction; others with up to 4 decimals; non-finite as null.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = Figure.fixed(value, 4)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
