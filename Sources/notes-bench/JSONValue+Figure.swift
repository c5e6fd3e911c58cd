import NotesJSON

extension JSONValue {
    /// A benchmark figure: an integer without a fraction, anything else with up to 4
    /// decimals; a non-finite value as `null`.
    static func figure(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .null }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int(value))) }
        var text = Figure.fixed(value, 4)
        while text.hasSuffix("0") { text.removeLast() }
        return .number(text)
    }
}
