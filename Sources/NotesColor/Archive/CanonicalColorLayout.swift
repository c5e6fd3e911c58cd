import Foundation

/// Reads an archive that is byte for byte what `ColorArchive.canonicalArchive(of:)` writes,
/// without a property-list parser: that writer shares nothing and gives every object the
/// smallest size that fits, so all its archives have one length and differ only in the
/// color space's byte and the four 32-bit reals. Found once by writing probe colors and
/// comparing their bytes; an archive equal to those bytes everywhere else is one of ours,
/// and its values are read in place (PRODUCT §2's validation stands: nothing else is
/// accepted here, and every other archive goes through `SecureArchiveValidator`).
/// Opening 10,000 categories spent most of its time parsing their archives.
enum CanonicalColorLayout {
    /// Where the values are in every canonical archive, and the bytes everywhere else.
    struct Layout {
        var template: [UInt8]
        var colorSpace: Int
        /// Offsets of red, green, blue and alpha (4 bytes each, big-endian `Float` bits).
        var components: [Int]
        /// Whether byte `i` of an archive must equal the template's.
        var isFixed: [Bool]
    }

    static let layout: Layout? = {
        guard let base = try? SerializableColor(colorSpace: .sRGB, red: 0.125, green: 0.25, blue: 0.375, alpha: 0.5) else { return nil }
        let template = [UInt8](ColorArchive.canonicalArchive(of: base))
        func firstDifference(_ color: SerializableColor?) -> Int? {
            guard let color else { return nil }
            let other = [UInt8](ColorArchive.canonicalArchive(of: color))
            guard other.count == template.count else { return nil }
            return template.indices.first { template[$0] != other[$0] }
        }
        let probe: Float = 0  // its first byte (0x00) differs from every base value's (0x3E, 0x3F)
        guard let space = firstDifference(try? SerializableColor(colorSpace: .displayP3, red: 0.125, green: 0.25, blue: 0.375, alpha: 0.5)),
              let red = firstDifference(try? SerializableColor(colorSpace: .sRGB, red: probe, green: 0.25, blue: 0.375, alpha: 0.5)),
              let green = firstDifference(try? SerializableColor(colorSpace: .sRGB, red: 0.125, green: probe, blue: 0.375, alpha: 0.5)),
              let blue = firstDifference(try? SerializableColor(colorSpace: .sRGB, red: 0.125, green: 0.25, blue: probe, alpha: 0.5)),
              let alpha = firstDifference(try? SerializableColor(colorSpace: .sRGB, red: 0.125, green: 0.25, blue: 0.375, alpha: probe)),
              template[space - 1] == 0x10
        else { return nil }
        // A real's 4 bytes follow its marker (0x22); the probe's first byte differs from the base's.
        let components = [red, green, blue, alpha]
        guard components.allSatisfy({ $0 >= 1 && $0 + 4 <= template.count && template[$0 - 1] == 0x22 }) else { return nil }
        var isFixed = [Bool](repeating: true, count: template.count)
        isFixed[space] = false
        for start in components { for offset in start..<(start + 4) { isFixed[offset] = false } }
        return Layout(template: template, colorSpace: space, components: components, isFixed: isFixed)
    }()

    /// The color of `data` when it is one of our canonical archives; nil otherwise (then
    /// the archive goes the validator's way), and nil for values a color cannot have.
    static func read(_ data: Data) -> SerializableColor? {
        guard let layout, data.count == layout.template.count else { return nil }
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> SerializableColor? in
            for index in 0..<layout.template.count where layout.isFixed[index] && bytes[index] != layout.template[index] {
                return nil
            }
            guard let space = ColorSpace(rawValue: Int(bytes[layout.colorSpace])) else { return nil }
            let values = layout.components.map { start -> Float in
                let bits = (UInt32(bytes[start]) << 24) | (UInt32(bytes[start + 1]) << 16)
                    | (UInt32(bytes[start + 2]) << 8) | UInt32(bytes[start + 3])
                return Float(bitPattern: bits)
            }
            return try? SerializableColor(colorSpace: space, red: values[0], green: values[1], blue: values[2], alpha: values[3])
        }
    }
}
