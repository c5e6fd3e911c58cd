import Foundation

/// Reads the values that `PropertyListSerialization` returns on Linux, without
/// ever trapping on an unexpected type.
enum PropertyListValue {
    /// The integer a keyed-archive UID (a `CF$UID`) refers to, or nil if `value`
    /// is not a UID.
    ///
    /// swift-corelibs-foundation returns UIDs as instances of its internal class
    /// `_NSKeyedArchiverUID`, whose only public face is `NSObject`. Its stored
    /// property `value: UInt32` is read by reflection, the one way open to code
    /// outside Foundation. If a future Foundation changes that, this returns nil
    /// for UIDs and every archive is rejected — an error, never a crash.
    static func uid(_ value: Any) -> Int? {
        guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let number = child.value as? UInt32 { return Int(number) }
        }
        return nil
    }

    /// Whether `value` looks like a UID (even one whose number cannot be read).
    static func looksLikeUID(_ value: Any) -> Bool {
        String(describing: type(of: value)).contains("KeyedArchiverUID")
    }

    /// What kind of number a property-list number is.
    enum NumberKind: Equatable {
        case integer(Int)
        case real(Double)
        case boolean
    }

    /// The number in `value`, told apart as integer, real or boolean, or nil if
    /// `value` is not a number.
    static func number(_ value: Any) -> NumberKind? {
        guard !(value is String), !looksLikeUID(value), let number = value as? NSNumber else { return nil }
        switch String(cString: number.objCType) {
        case "c", "B": return .boolean
        case "f", "d": return .real(number.doubleValue)
        default:
            // An integer too large for `Int` (plists hold up to 128 bits) is not
            // reported as a wrapped-around `Int`, but as the real number it is.
            let integer = number.int64Value
            return Double(integer) == number.doubleValue ? .integer(Int(integer)) : .real(number.doubleValue)
        }
    }

    /// The number as a `Double`, for an integer or a real; nil for anything else.
    static func double(_ value: Any) -> Double? {
        switch number(value) {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        case .boolean, nil: nil
        }
    }

    /// A short name of the type of a property-list value, for error messages.
    static func typeName(_ value: Any) -> String {
        if looksLikeUID(value) { return "a reference" }
        if value is String { return "a string" }
        switch number(value) {
        case .boolean: return "a boolean"
        case .integer, .real: return "a number"
        case nil: break
        }
        if value is Data { return "data" }
        if value is Date { return "a date" }
        if value is [Any] { return "an array" }
        if value is [String: Any] || value is [AnyHashable: Any] { return "a dictionary" }
        return "a value of type \(type(of: value))"
    }
}
