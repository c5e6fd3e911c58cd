import Foundation
@testable import NotesColor

/// Builds small ICC v2/v4 matrix/TRC profiles for the tests: a description, the D50 colorants
/// of sRGB or Display P3 primaries, and the sRGB tone curve as a parametric curve.
enum ICCProfileFixture {
    static func matrixProfile(name: String, mluc: Bool, primaries: ColorSpace) -> Data {
        let toXYZ = primaries == .sRGB ? ColorConversion.linearSRGBToXYZ : ColorConversion.linearP3ToXYZ
        let d50 = ICCProfile.d50ToD65.inverse.multiplied(by: toXYZ)
        func be32(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func fixed(_ value: Double) -> [UInt8] { be32(Int((value * 65_536).rounded())) }
        func xyz(_ column: Int) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + (0..<3).flatMap { fixed(d50.rows[$0][column]) } }
        let curve = Array("para".utf8) + [0, 0, 0, 0, 0, 3, 0, 0]
            + [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045].flatMap(fixed)
        let description: [UInt8]
        if mluc {
            let units = Array(name.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            description = Array("mluc".utf8) + [0, 0, 0, 0] + be32(1) + be32(12) + Array("enUS".utf8) + be32(units.count) + be32(28) + units
        } else {
            description = Array("desc".utf8) + [0, 0, 0, 0] + be32(name.utf8.count + 1) + Array(name.utf8) + [0]
        }
        let tags: [(String, [UInt8])] = [("desc", description), ("rXYZ", xyz(0)), ("gXYZ", xyz(1)), ("bXYZ", xyz(2)),
                                         ("rTRC", curve), ("gTRC", curve), ("bTRC", curve)]
        var body: [UInt8] = []
        var table: [UInt8] = be32(tags.count)
        let start = 128 + 4 + 12 * tags.count
        for (signature, bytes) in tags {
            var padded = bytes
            while padded.count % 4 != 0 { padded.append(0) }
            table += Array(signature.utf8) + be32(start + body.count) + be32(bytes.count)
            body += padded
        }
        var header = [UInt8](repeating: 0, count: 128)
        let size = 128 + table.count + body.count
        header.replaceSubrange(0..<4, with: be32(size))
        header.replaceSubrange(8..<12, with: mluc ? [4, 0, 0, 0] : [2, 0x10, 0, 0])
        header.replaceSubrange(12..<16, with: Array("mntr".utf8))
        header.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        header.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
        header.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return Data(header + table + body)
    }
}
