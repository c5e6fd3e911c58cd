import Foundation
import NotesColor

/// `[RGB8]` ↔ `Data` of 3 bytes a color (red, green, blue), for the picker's
/// recent colors. Stored data whose length is not a multiple of 3 is an error.
public struct CompactColorsTransformer: StoreValueTransformer {
    public static let transformerName = "CompactColorsTransformer"
    public var name: String { Self.transformerName }

    public init() {}

    public func transformedValue(_ colors: [RGB8]) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(colors.count * 3)
        for color in colors { bytes += [color.red, color.green, color.blue] }
        return Data(bytes)
    }

    public func reverseTransformedValue(_ data: Data) throws(TransformerError) -> [RGB8] {
        guard data.count % 3 == 0 else {
            throw TransformerError(transformer: name,
                                   reason: "\(data.count) bytes is not a whole number of colors (3 bytes a color)")
        }
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count, by: 3).map { RGB8(red: bytes[$0], green: bytes[$0 + 1], blue: bytes[$0 + 2]) }
    }
}
