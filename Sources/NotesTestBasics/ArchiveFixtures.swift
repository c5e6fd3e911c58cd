import Foundation

/// Builds keyed archives by hand, the way another program would: a plain
/// property-list dictionary whose references are written as `["CF$UID": n]`.
///
/// On Linux, `PropertyListSerialization` returns UIDs as instances of
/// Foundation's internal `_NSKeyedArchiverUID`, which code outside Foundation
/// cannot create. But the XML plist format writes a UID as a dictionary with the
/// single key `CF$UID`, and reading XML turns such a dictionary into a real UID.
/// So: write the dictionary as XML, read it back (now with UIDs), and write that
/// as a binary plist.
public enum ArchiveFixtures {
    public static func uid(_ index: Int) -> [String: Any] { ["CF$UID": index] }

    public static var colorClass: [String: Any] { ["$classname": "SerializableColor", "$classes": ["SerializableColor", "NSObject"]] }

    /// A keyed archive of the given `$objects` (with `$null` put first), root `root`.
    public static func archive(objects: [Any], top: [String: Any] = ["root": uid(1)],
                        format: PropertyListSerialization.PropertyListFormat = .binary) throws -> Data {
        let plist: [String: Any] = [
            "$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": top, "$objects": ["$null"] + objects,
        ]
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        guard format != .xml else { return xml }
        let withUIDs = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        return try PropertyListSerialization.data(fromPropertyList: withUIDs, format: format, options: 0)
    }

    /// A color archive with the given root fields (the `$class` reference is added).
    public static func colorArchive(_ fields: [String: Any], format: PropertyListSerialization.PropertyListFormat = .binary) throws -> Data {
        var root = fields
        root["$class"] = uid(2)
        return try archive(objects: [root, colorClass], format: format)
    }

    /// An archive whose root has `fields` and is of class `className` (chain `classes`,
    /// optional `$classhints`), with `extra` objects after the root.
    public static func rootArchive(_ className: String, _ fields: [String: Any], classes: [String]? = nil, hints: [String]? = nil,
                                   extra: [Any] = []) throws -> Data {
        var root = fields
        root["$class"] = uid(2 + extra.count)
        var description: [String: Any] = ["$classname": className, "$classes": classes ?? [className, "NSObject"]]
        if let hints { description["$classhints"] = hints }
        return try archive(objects: [root] + extra + [description])
    }

    /// An archive of another program's color class: a catalog `NSColor`, whose strings come
    /// before its class in `$objects`.
    public static func catalogColorArchive() throws -> Data {
        try archive(objects: [
            ["$class": uid(4), "NSCatalogName": uid(2), "NSColorName": uid(3)],
            "System", "labelColor",
            ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]],
        ])
    }

    public static var validColorFields: [String: Any] { ["colorSpace": 0, "red": 0.25, "green": 0.5, "blue": 0.75, "alpha": 1.0] }

    /// Deterministic pseudo-random bytes (SplitMix64), so a failure can be reproduced.
    public static func pseudoRandomBytes(count: Int, seed: UInt64) -> Data {
        var state = seed
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for _ in 0..<count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            bytes.append(UInt8(truncatingIfNeeded: mixed ^ (mixed >> 31)))
        }
        return Data(bytes)
    }
}
