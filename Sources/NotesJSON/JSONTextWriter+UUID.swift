import Foundation

extension JSONTextWriter {
    /// `string(id.uuidString)`, written from the id's bytes: the same upper-case
    /// 8-4-4-4-12 text, without formatting it through the C library first.
    public mutating func string(_ id: UUID) {
        let digits: StaticString = "0123456789ABCDEF"
        bytes.append(UInt8(ascii: "\""))
        withUnsafeBytes(of: id.uuid) { raw in
            for (index, byte) in raw.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { bytes.append(UInt8(ascii: "-")) }
                bytes.append(digits.utf8Start[Int(byte >> 4)])
                bytes.append(digits.utf8Start[Int(byte & 0x0F)])
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

extension JSONReader {
    /// The UUID a string spells as `UUID(uuidString:)` reads it (8-4-4-4-12 hex digits,
    /// either case), read from its bytes at once; other text is left to `UUID(uuidString:)`.
    public static func uuid(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { uuid(digits: $0) } ?? UUID(uuidString: text)
    }
}
