import Foundation

/// The part of an ICC profile a color archive needs: its description, and for an RGB
/// profile of the matrix/TRC kind (what displays and the RGB working spaces are) its three
/// tone curves and colorants, which take a color in the profile to CIE XYZ.
///
/// Read from bytes of another program, every offset checked: a profile this cannot use is
/// an `ICCProfile.Failure` with the reason, never a crash. LUT-based, gray and CMYK
/// profiles are not read (a color archive names those spaces otherwise).
struct ICCProfile {
    typealias Failure = ColorReadFailure

    /// The profile's `desc` text ("sRGB IEC61966-2.1", "Display P3", "Color LCD"), if readable.
    let name: String?
    /// Linear RGB to XYZ relative to D50 (the profile connection space): the colorant columns.
    let colorants: ColorMatrix?
    let curves: [ToneCurve]

    /// The largest profile read: display profiles are a few kilobytes.
    static let maximumSize = 256 << 10

    init(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 132, bytes.count <= Self.maximumSize else {
            throw Failure(reason: "an ICC profile of \(bytes.count) bytes (expected 132 to \(Self.maximumSize))")
        }
        guard Self.text(bytes, 36, 4) == "acsp" else { throw Failure(reason: "the ICC profile lacks its 'acsp' signature") }
        var tags: [String: (offset: Int, size: Int)] = [:]
        let count = Self.uint32(bytes, 128) ?? 0
        guard count <= 200, 132 + count * 12 <= bytes.count else { throw Failure(reason: "the ICC profile's tag table is damaged") }
        for index in 0..<count {
            let entry = 132 + index * 12
            guard let offset = Self.uint32(bytes, entry + 4), let size = Self.uint32(bytes, entry + 8),
                  offset <= bytes.count, size <= bytes.count - offset
            else { throw Failure(reason: "tag \(index) of the ICC profile lies outside it") }
            tags[Self.text(bytes, entry, 4)] = (offset, size)
        }
        func tag(_ name: String) -> ArraySlice<UInt8>? { tags[name].map { bytes[$0.offset..<($0.offset + $0.size)] } }
        name = tag("desc").flatMap(Self.description)

        guard Self.text(bytes, 16, 4) == "RGB ", Self.text(bytes, 20, 4) == "XYZ " else {
            colorants = nil
            curves = []
            return
        }
        var columns: [ColorVector] = []
        var curves: [ToneCurve] = []
        for channel in ["r", "g", "b"] {
            guard let xyz = tag(channel + "XYZ").flatMap(Self.xyz), let curve = tag(channel + "TRC").flatMap(ToneCurve.init) else {
                self.colorants = nil
                self.curves = []
                return
            }
            columns.append(xyz)
            curves.append(curve)
        }
        colorants = ColorMatrix((0..<3).map { row in columns.map { [$0.x, $0.y, $0.z][row] } })
        self.curves = curves
    }

    /// CIE XYZ (D65) of gamma-encoded components in this profile, or nil when the profile is
    /// not of the matrix/TRC kind. The profile's D50 values are adapted to D65 with Bradford.
    func xyzD65(_ rgb: ColorVector) -> ColorVector? {
        guard let colorants, curves.count == 3 else { return nil }
        let linear = ColorVector(curves[0].apply(rgb.x), curves[1].apply(rgb.y), curves[2].apply(rgb.z))
        return Self.d50ToD65.apply(colorants.apply(linear))
    }

    /// Bradford adaptation from D50 to D65 (CSS Color 4).
    static let d50ToD65 = ColorMatrix([
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124],
    ])

    /// A tone curve: gray level in 0...1 to linear light.
    enum ToneCurve {
        case gamma(Double)
        case table([Double])
        /// ICC parametric curve: function type and its parameters g, a, b, c, d, e, f.
        case parametric(type: Int, [Double])

        init?(_ tag: ArraySlice<UInt8>) {
            let bytes = Array(tag)
            switch ICCProfile.text(bytes, 0, 4) {
            case "curv":
                guard let count = ICCProfile.uint32(bytes, 8), count <= 65_536, 12 + 2 * count <= bytes.count else { return nil }
                if count == 0 { self = .gamma(1); return }
                let values = (0..<count).map { Double(UInt16(bytes[12 + 2 * $0]) << 8 | UInt16(bytes[13 + 2 * $0])) }
                self = count == 1 ? .gamma(values[0] / 256) : .table(values.map { $0 / 65_535 })
            case "para":
                guard bytes.count >= 12 else { return nil }
                let type = Int(bytes[8]) << 8 | Int(bytes[9])
                let needed = [0: 1, 1: 3, 2: 4, 3: 5, 4: 7][type]
                guard let needed, 12 + 4 * needed <= bytes.count else { return nil }
                self = .parametric(type: type, (0..<needed).map { ICCProfile.fixed(bytes, 12 + 4 * $0) })
            default:
                return nil
            }
        }

        func apply(_ value: Double) -> Double {
            let x = min(max(value, 0), 1)
            switch self {
            case .gamma(let gamma):
                return pow(x, gamma)
            case .table(let values):
                let position = x * Double(values.count - 1)
                let low = Int(position.rounded(.down)), high = min(low + 1, values.count - 1)
                return values[low] + (values[high] - values[low]) * (position - Double(low))
            case .parametric(let type, let p):
                let g = p[0]
                switch type {
                case 0: return pow(x, g)
                case 1: return x >= -p[2] / p[1] ? pow(p[1] * x + p[2], g) : 0
                case 2: return x >= -p[2] / p[1] ? pow(p[1] * x + p[2], g) + p[3] : p[3]
                case 3: return x >= p[4] ? pow(p[1] * x + p[2], g) : p[3] * x
                default: return x >= p[4] ? pow(p[1] * x + p[2], g) + p[5] : p[3] * x + p[6]
                }
            }
        }
    }

    // MARK: Reading bytes

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    /// A signed 15.16 fixed-point number (0 when out of the bytes).
    static func fixed(_ bytes: [UInt8], _ offset: Int) -> Double {
        guard let raw = uint32(bytes, offset) else { return 0 }
        return Double(Int32(bitPattern: UInt32(raw))) / 65_536
    }

    static func text(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> String {
        guard offset >= 0, offset + count <= bytes.count else { return "" }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    private static func xyz(_ tag: ArraySlice<UInt8>) -> ColorVector? {
        let bytes = Array(tag)
        guard text(bytes, 0, 4) == "XYZ ", bytes.count >= 20 else { return nil }
        return ColorVector(fixed(bytes, 8), fixed(bytes, 12), fixed(bytes, 16))
    }

    /// The text of a `desc` (ICC v2 ASCII) or `mluc` (v4, UTF-16, first record) tag.
    private static func description(_ tag: ArraySlice<UInt8>) -> String? {
        let bytes = Array(tag)
        switch text(bytes, 0, 4) {
        case "desc":
            guard let count = uint32(bytes, 8), count <= bytes.count - 12 else { return nil }
            return String(decoding: bytes[12..<(12 + count)].prefix { $0 != 0 }, as: UTF8.self)
        case "mluc":
            guard let records = uint32(bytes, 8), records > 0, let length = uint32(bytes, 20), let offset = uint32(bytes, 24),
                  offset <= bytes.count, length <= bytes.count - offset, length % 2 == 0
            else { return nil }
            let units = stride(from: offset, to: offset + length, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self).trimmingCharacters(in: CharacterSet(charactersIn: "\0"))
        default:
            return nil
        }
    }
}
