/// Reading parts of a `JSONValue`: each accessor is nil when the value is of another kind.
extension JSONValue {
    /// The member named `key`, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The members in order, if this is an object.
    public var objectValue: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The number as the nearest `Double`.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The number as the nearest `Float`, read straight from its text.
    public var floatValue: Float? {
        if case .number(let text) = self { return Float(text) }
        return nil
    }

    /// The number when its text is a plain integer (`12`, not `12.0` or `1.2e1`) that fits an `Int`.
    public var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }
}
