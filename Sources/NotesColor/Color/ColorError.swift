/// A color value that cannot be made: hex text that is not a color, or a component out of range.
public enum ColorError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidHexColor(String)
    case invalidColorComponent(String)

    public var description: String {
        switch self {
        case .invalidHexColor(let text): "'\(text)' is not a hex color: use \(SerializableColor.hexForms) ('#' optional)"
        case .invalidColorComponent(let detail): "invalid color component: \(detail)"
        }
    }
}
