import Foundation
import Testing
@testable import NotesColor

@Suite struct ColorConversionTests {
    private func expectClose(_ actual: (red: Double, green: Double, blue: Double),
                             _ expected: (Double, Double, Double), within tolerance: Double,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(actual.red - expected.0) <= tolerance, "red \(actual.red) ≠ \(expected.0)", sourceLocation: sourceLocation)
        #expect(abs(actual.green - expected.1) <= tolerance, "green \(actual.green) ≠ \(expected.1)", sourceLocation: sourceLocation)
        #expect(abs(actual.blue - expected.2) <= tolerance, "blue \(actual.blue) ≠ \(expected.2)", sourceLocation: sourceLocation)
    }

    @Test func theMatricesAreInversesOfEachOther() {
        let pairs = [
            (ColorConversion.linearSRGBToXYZ, ColorConversion.xyzToLinearSRGB),
            (ColorConversion.linearP3ToXYZ, ColorConversion.xyzToLinearP3),
            (GamutMapping.xyzToLMS, GamutMapping.lmsToXYZ),
            (GamutMapping.lmsToOKLab, GamutMapping.okLabToLMS),
        ]
        for (forward, backward) in pairs {
            let product = forward.multiplied(by: backward)
            for row in 0..<3 {
                for column in 0..<3 {
                    #expect(abs(product.rows[row][column] - (row == column ? 1 : 0)) < 1e-9)
                }
            }
        }
    }

    @Test func sRGBRedInDisplayP3() throws {
        let red = try SerializableColor(red: 1, green: 0, blue: 0)
        // CSS Color 4: rgb(255 0 0) = color(display-p3 0.91749 0.20029 0.13856), which an
        // independent derivation from the primaries' chromaticities confirms.
        expectClose(red.converted(to: .displayP3), (0.91749, 0.20029, 0.13856), within: 1e-5)
        expectClose(red.converted(to: .sRGB), (1, 0, 0), within: 0)
    }

    @Test func displayP3RedInSRGBIsOutsideTheGamut() throws {
        let red = try SerializableColor(colorSpace: .displayP3, red: 1, green: 0, blue: 0)
        expectClose(red.converted(to: .sRGB), (1.09307, -0.22674, -0.15013), within: 1e-5)
        #expect(!red.isInSRGBGamut)
    }

    @Test func whiteIsWhiteInBothSpaces() {
        let white = ColorConversion.convert((1, 1, 1), from: .displayP3, to: .sRGB)
        expectClose(white, (1, 1, 1), within: 1e-9)
        let lab = GamutMapping.okLab(fromSRGB: ColorVector(1, 1, 1))
        #expect(abs(lab.x - 1) < 1e-6 && abs(lab.y) < 1e-6 && abs(lab.z) < 1e-6)
    }

    @Test(arguments: [
        (0.0, 0.0, 0.0), (1.0, 1.0, 1.0), (0.5, 0.25, 0.75), (0.01, 0.02, 0.03), (0.9, 0.1, 0.4), (0.2, 0.8, 0.6),
    ])
    func roundTripsBothWays(red: Double, green: Double, blue: Double) {
        for (from, to) in [(ColorSpace.sRGB, ColorSpace.displayP3), (.displayP3, .sRGB)] {
            let there = ColorConversion.convert((red, green, blue), from: from, to: to)
            let back = ColorConversion.convert(there, from: to, to: from)
            expectClose(back, (red, green, blue), within: 1e-6)
        }
    }

    @Test func theTransferFunctionIsSymmetricAndInvertible() {
        // The sRGB constants meet with a tiny gap (about 3e-8) at the knee, 0.04045.
        for value in [-1.2, -0.5, -0.01, 0, 0.002, 0.04045, 0.3, 1, 1.1] {
            #expect(abs(ColorConversion.encode(ColorConversion.linearize(value)) - value) < 1e-7)
            #expect(ColorConversion.linearize(-value) == -ColorConversion.linearize(value))
        }
    }

    @Test func aP3ColorInsideSRGBShowsAsItsExactConversion() throws {
        let srgb = (0.5, 0.25, 0.75)
        let p3 = ColorConversion.convert(srgb, from: .sRGB, to: .displayP3)
        let color = try SerializableColor(colorSpace: .displayP3, red: Float(p3.red), green: Float(p3.green),
                                          blue: Float(p3.blue))
        #expect(color.isInSRGBGamut)
        #expect(color.hex == "#8040BF")
        #expect(color.rgb8 == RGB8(red: 0x80, green: 0x40, blue: 0xBF))
    }

    @Test func aP3ColorOutsideSRGBIsGamutMappedForDisplayOnly() throws {
        let red = try SerializableColor(colorSpace: .displayP3, red: 1, green: 0, blue: 0)
        let shown = red.srgbComponents
        for component in [shown.red, shown.green, shown.blue] { #expect((0...1).contains(component)) }
        // Lightness and hue are kept; only chroma is reduced, so the result is still a strong red.
        let unmapped = red.converted(to: .sRGB)
        let original = GamutMapping.okLab(fromSRGB: ColorVector(unmapped.red, unmapped.green, unmapped.blue))
        let mapped = GamutMapping.okLab(fromSRGB: ColorVector(Double(shown.red), Double(shown.green), Double(shown.blue)))
        #expect(abs(mapped.x - original.x) < 0.02)
        #expect(abs(atan2(mapped.z, mapped.y) - atan2(original.z, original.y)) < 0.05)
        #expect(shown.red > 0.99 && shown.green < 0.2 && shown.blue < 0.2)
        #expect(red.hex.hasPrefix("#FF"))
        // The stored color is untouched.
        #expect(red.colorSpace == .displayP3 && red.red == 1 && red.green == 0 && red.blue == 0)
    }

    @Test func gamutMappingOfVeryLightOrDarkColorsGivesWhiteOrBlack() {
        let bright = GamutMapping.mapIntoSRGB(ColorVector(1.2, 1.1, 1.3))
        #expect(bright == ColorVector(1, 1, 1))
        let dark = GamutMapping.mapIntoSRGB(ColorVector(-0.1, -0.2, -0.1))
        #expect(dark == ColorVector(0, 0, 0))
    }

    @Test func gamutMappingLeavesInGamutColorsAlone() {
        let inside = ColorVector(0.3, 0.6, 0.9)
        #expect(GamutMapping.mapIntoSRGB(inside) == inside)
    }

    @Test func everyP3PrimaryAndSecondaryMapsIntoSRGB() throws {
        for (r, g, b) in [(1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (0, 1, 1), (1, 0, 1)] as [(Float, Float, Float)] {
            let color = try SerializableColor(colorSpace: .displayP3, red: r, green: g, blue: b)
            #expect(!color.isInSRGBGamut)
            let shown = color.srgbComponents
            let mapped = ColorVector(Double(shown.red), Double(shown.green), Double(shown.blue))
            let original = color.converted(to: .sRGB)
            let originalLab = GamutMapping.okLab(fromSRGB: ColorVector(original.red, original.green, original.blue))
            // Gamut mapping keeps the OKLCH lightness (within the JND it allows).
            #expect(abs(GamutMapping.okLab(fromSRGB: mapped).x - originalLab.x) < 0.05)
        }
    }
}
