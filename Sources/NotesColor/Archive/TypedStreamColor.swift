import Foundation

/// Reads an `NSColor` written by the old `NSArchiver` ("typedstream", what Terminal.app
/// profiles of Mac OS X 10.6 and earlier hold, as Solarized's `blueColour`): exactly the
/// one shape such a color has, and nothing else.
///
///     04 0B "streamtyped" 81 E8 03 84 01 "@" 84 84 84 07 "NSColor" 00 84 84 08 "NSObject" 00 85
///     84 01 "c" <space> 84 <n> "ffff"|"ff" <value>…
///
/// The space byte is AppKit's (1 calibrated RGB, 2 device RGB, 3 calibrated white, 4 device
/// white); each value is a little-endian `float` after `83`, or a small integer in one byte
/// when the value is whole. Anything else is refused with the reason; no object is created.
package enum TypedStreamColor {
    static let signature: [UInt8] = [0x04, 0x0B] + Array("streamtyped".utf8)

    package static func isTypedStream(_ data: Data) -> Bool { data.starts(with: signature) }

    static func read(_ data: Data) throws(ArchiveError) -> ForeignColorPlacement.Placed {
        let bytes = [UInt8](data.prefix(256))
        let head: [UInt8] = signature + [0x81, 0xE8, 0x03, 0x84, 0x01, 0x40, 0x84, 0x84, 0x84, 0x07] + Array("NSColor".utf8)
            + [0x00, 0x84, 0x84, 0x08] + Array("NSObject".utf8) + [0x00, 0x85, 0x84, 0x01, 0x63]
        guard bytes.starts(with: head) else {
            throw .unreadableColor(className: "NSArchiver typedstream",
                                   reason: "only a plain NSColor is read from an NSArchiver archive")
        }
        var position = head.count
        func fail(_ reason: String) -> ArchiveError { .unreadableColor(className: "NSColor", reason: reason + " (NSArchiver typedstream)") }
        guard position < bytes.count else { throw fail("it ends after its class") }
        let space = Int(bytes[position])
        position += 1
        guard position + 2 < bytes.count, bytes[position] == 0x84 else { throw fail("its values are not where they belong") }
        let typeLength = Int(bytes[position + 1])
        position += 2
        guard typeLength <= 8, position + typeLength <= bytes.count else { throw fail("its value types are damaged") }
        let types = String(decoding: bytes[position..<(position + typeLength)], as: UTF8.self)
        position += typeLength
        var values: [Double] = []
        for _ in types {
            guard position < bytes.count else { throw fail("it ends inside its values") }
            let marker = bytes[position]
            if marker == 0x83 {
                guard position + 5 <= bytes.count else { throw fail("it ends inside a value") }
                let bits = UInt32(bytes[position + 1]) | UInt32(bytes[position + 2]) << 8
                    | UInt32(bytes[position + 3]) << 16 | UInt32(bytes[position + 4]) << 24
                values.append(Double(Float(bitPattern: bits)))
                position += 5
            } else if marker < 0x80 {
                values.append(Double(marker))
                position += 1
            } else {
                throw fail("a value of a kind a color never holds")
            }
        }
        do throws(ColorReadFailure) {
            switch (space, types) {
            case (1, "ffff"), (2, "ffff"):
                let rgb = ColorVector(values[0], values[1], values[2])
                return space == 1 ? try ForeignColorPlacement.place(xyz: GenericRGB.xyz(rgb), alpha: values[3])
                    : try ForeignColorPlacement.place(rgb, in: .sRGB, alpha: values[3])
            case (3, "ff"), (4, "ff"):
                return try ForeignColorPlacement.place(ColorVector(values[0], values[0], values[0]), in: .sRGB, alpha: values[1])
            default:
                throw ColorReadFailure(reason: "color space \(space) with values '\(types)' is not read")
            }
        } catch {
            throw fail(error.reason)
        }
    }
}
