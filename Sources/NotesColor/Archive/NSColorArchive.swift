import Foundation

/// Reads the color of an `NSColor` object of a validated keyed archive, by the keys AppKit
/// writes, without `NSKeyedUnarchiver` (the class does not exist on Linux):
///
/// | `NSColorSpace` | keys | read as |
/// | --- | --- | --- |
/// | 1 calibrated RGB, 2 device RGB | `NSComponents` + `NSCustomColorSpace` | the components in that space: sRGB and Display P3 exactly (by `NSID`/`NSSpaceID` or the profile's name), any other RGB matrix profile (a display's, Generic RGB) converted through its ICC colorants and curves |
/// | 1 calibrated RGB | `NSRGB` (without a space) | Apple's Generic RGB (`GenericRGB`), converted: what Terminal.app shows |
/// | 2 device RGB | `NSRGB` | sRGB, the numbers as they are |
/// | 3 calibrated white, 4 device white | `NSWhite` | a gray in sRGB |
/// | 5 device CMYK | `NSCMYK` | sRGB by the naive formula (1 − c)(1 − k) |
/// | 6 catalog | `NSCatalogName`, `NSColorName`, `NSColor` | the documented value of a system color (`SystemColorNames`), else the archived fallback `NSColor` |
/// | 7 pattern | | refused: an image has no single color |
///
/// Every failure names what could not be read.
enum NSColorArchive {
    static func color(of object: ArchiveObject, depth: Int = 0) throws(ColorReadFailure) -> ForeignColorPlacement.Placed {
        guard let space = object.integer("NSColorSpace") ?? (object.contains("NSColorName") ? 6 : nil) else {
            throw ColorReadFailure(reason: "it has no NSColorSpace number")
        }
        switch space {
        case 1, 2:
            if let components = object.data("NSComponents"), let custom = object.object("NSCustomColorSpace") {
                return try customSpaceColor(numbers(components, key: "NSComponents"), space: custom)
            }
            guard let rgb = object.data("NSRGB") else { throw ColorReadFailure(reason: "NSColorSpace \(space) without NSRGB or NSComponents") }
            let values = try numbers(rgb, key: "NSRGB", counts: [3, 4])
            let components = ColorVector(values[0], values[1], values[2]), alpha = values.count == 4 ? values[3] : 1
            if space == 1 { return try ForeignColorPlacement.place(xyz: GenericRGB.xyz(components), alpha: alpha) }
            return try ForeignColorPlacement.place(components, in: .sRGB, alpha: alpha)
        case 3, 4:
            guard let white = object.data("NSWhite") else { throw ColorReadFailure(reason: "NSColorSpace \(space) without NSWhite") }
            let values = try numbers(white, key: "NSWhite", counts: [1, 2])
            return try ForeignColorPlacement.place(ColorVector(values[0], values[0], values[0]), in: .sRGB,
                                                   alpha: values.count == 2 ? values[1] : 1)
        case 5:
            guard let cmyk = object.data("NSCMYK") else { throw ColorReadFailure(reason: "NSColorSpace 5 without NSCMYK") }
            let v = try numbers(cmyk, key: "NSCMYK", counts: [4, 5])
            let rgb = ColorVector((1 - v[0]) * (1 - v[3]), (1 - v[1]) * (1 - v[3]), (1 - v[2]) * (1 - v[3]))
            return try ForeignColorPlacement.place(rgb, in: .sRGB, alpha: v.count == 5 ? v[4] : 1)
        case 6:
            return try catalogColor(object, depth: depth)
        case 7:
            throw ColorReadFailure(reason: "NSColorSpace 7 is a pattern image, which has no single color")
        default:
            throw ColorReadFailure(reason: "NSColorSpace \(space) is not a color space AppKit archives")
        }
    }

    /// A catalog color: a documented system color by name, else the `NSColor` archived with it.
    private static func catalogColor(_ object: ArchiveObject, depth: Int) throws(ColorReadFailure) -> ForeignColorPlacement.Placed {
        let catalog = object.string("NSCatalogName") ?? "?"
        let name = object.string("NSColorName") ?? "?"
        if catalog == "System", let color = SystemColorNames.color(named: name) { return .init(color: color, note: nil) }
        if depth < 4, let fallback = object.object("NSColor"), fallback.classChain.contains("NSColor") {
            return try color(of: fallback, depth: depth + 1)
        }
        throw ColorReadFailure(reason: "the catalog color '\(name)' of catalog '\(catalog)' has no documented value and no color archived with it")
    }

    /// Components in the space of an archived `NSColorSpace` (`NSID`, `NSSpaceID`, `NSICC`).
    private static func customSpaceColor(_ values: [Double], space: ArchiveObject) throws(ColorReadFailure) -> ForeignColorPlacement.Placed {
        let id = space.integer("NSID"), spaceID = space.integer("NSSpaceID")
        let profile: ICCProfile? = try space.data("NSICC").map { data throws(ColorReadFailure) in try ICCProfile([UInt8](data)) }
        let profileName = profile?.name ?? ""
        let known: ColorSpace? = switch (id, spaceID) {
        case (7, _), (4, _), (_, 14): .sRGB   // sRGB, device RGB, extended sRGB
        case (_, 12): .displayP3
        default:
            profileName.lowercased().hasPrefix("srgb") && !profileName.lowercased().contains("linear") ? .sRGB
                : profileName.hasPrefix("Display P3") && !profileName.contains("Linear") ? .displayP3 : nil
        }
        let spaceName = profile?.name.map { "the ICC profile '\($0)'" } ?? "NSID \(id.map(String.init) ?? "none"), NSSpaceID \(spaceID.map(String.init) ?? "none")"
        if let model = space.integer("NSModel"), model != 1, known == nil {
            throw ColorReadFailure(reason: "its color space (\(spaceName)) is not RGB (NSModel \(model))")
        }
        guard values.count == 3 || values.count == 4 else {
            throw ColorReadFailure(reason: "NSComponents holds \(values.count) numbers; an RGB color has 3 or 4")
        }
        let rgb = ColorVector(values[0], values[1], values[2])
        let alpha = values.count == 4 ? values[3] : 1
        if let known { return try ForeignColorPlacement.place(rgb, in: known, alpha: alpha) }
        if spaceID == 16 || spaceID == 17 {  // linear sRGB, extended linear sRGB
            return try ForeignColorPlacement.place(rgb.map(ColorConversion.encode), in: .sRGB, alpha: alpha)
        }
        guard let profile, let xyz = profile.xyzD65(rgb) else {
            throw ColorReadFailure(reason: "its color space (\(spaceName)) is neither sRGB nor Display P3 and has no RGB matrix profile to convert from")
        }
        return try ForeignColorPlacement.place(xyz: xyz, alpha: alpha)
    }

    /// The numbers of an ASCII component string (`"1 0.333 0.333\0"`), `counts` saying how many may be there.
    static func numbers(_ data: Data, key: String, counts: Set<Int>? = nil) throws(ColorReadFailure) -> [Double] {
        guard data.count <= 512, let text = String(data: data.prefix { $0 != 0 }, encoding: .ascii) else {
            throw ColorReadFailure(reason: "\(key) is not a short ASCII list of numbers")
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        let values = words.compactMap { Double($0) }
        guard values.count == words.count, !values.isEmpty else {
            throw ColorReadFailure(reason: "\(key) '\(text)' is not a list of numbers")
        }
        if let counts, !counts.contains(values.count) {
            throw ColorReadFailure(reason: "\(key) '\(text)' has \(values.count) numbers, expected \(counts.sorted().map(String.init).joined(separator: " or "))")
        }
        return values
    }
}
