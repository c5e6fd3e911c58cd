import Foundation
import Testing
import NotesColor
import NotesModel

@Suite struct ColorHexTests {
    @Test(arguments: ["#FF8800", "ff8800", "#ff8800", "FF8800"])
    func parsesSixDigits(text: String) throws {
        let color = try SerializableColor(hex: text)
        #expect(color.rgb8 == RGB8(red: 0xFF, green: 0x88, blue: 0x00))
        #expect(color.alpha == 1)
        #expect(color.colorSpace == .sRGB)
        #expect(color.hex == "#FF8800")
    }

    @Test func parsesAlpha() throws {
        let color = try SerializableColor(hex: "FF880080")
        #expect(color.rgb8 == RGB8(red: 0xFF, green: 0x88, blue: 0x00))
        #expect(abs(color.alpha - 128.0 / 255.0) < 1e-6)
        #expect(color.hex == "#FF880080")
    }

    @Test(arguments: ["#GG0000", "FF880", "", "##FFFFFF", "#", "FF88001", "FF 8800", "+FF8800", "0xFF8800", "ＦＦ8800"])
    func rejectsInvalidText(text: String) {
        #expect(throws: ColorError.invalidHexColor(text)) { try SerializableColor(hex: text) }
    }

    /// `RGB` doubles each digit, as CSS does, in every place a hex color is read.
    @Test(arguments: ["F0A", "#f0a", " #F0A "])
    func parsesThreeDigits(text: String) throws {
        #expect(try SerializableColor(hex: text).hex == "#FF00AA")
    }

    @Test func theErrorSaysWhatToType() {
        #expect(ModelError.invalidHexColor("#12345").description.contains("use RRGGBB, RRGGBBAA or RGB"))
    }

    @Test func printsOpaqueColorsWithoutAlphaAndPadsDigits() throws {
        #expect(try SerializableColor(hex: "010203").hex == "#010203")
        #expect(try SerializableColor(hex: "01020300").hex == "#01020300")
        #expect(SerializableColor.white.hex == "#FFFFFF")
    }
}
