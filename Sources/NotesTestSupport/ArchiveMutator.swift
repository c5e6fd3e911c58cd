import Foundation
import NotesColor

/// Mutated color archives, made the way another program would write them: a
/// property list whose references are `["CF$UID": n]` dictionaries, written as
/// XML (which turns those into real UIDs when read back) and then, mostly, as a
/// binary plist. Mutations: other class names (`NSArray`, `NSString`,
/// `NSDictionary`, `NSObject`, …), bad `$classes` chains, references out of
/// range or to the wrong kind of entry, cycles, wrong types and NaN/Infinity/huge
/// numbers in the components, a bad archive shape, too many objects, deep
/// nesting; then, sometimes, byte-level damage on top.
public enum ArchiveMutator {
    static func uid(_ index: Int) -> [String: Any] { ["CF$UID": index] }

    static let classNames = ["NSArray", "NSString", "NSDictionary", "NSObject", "NSNumber", "NSData", "NSSet",
                             "NSMutableArray", "NSMutableString", "NSURL", "NSNull", "NSDate", "NSError", "EvilThing",
                             "", "NotesCore.SerializableColor", "SerializableColor"]
    static let componentKeys = ["colorSpace", "red", "green", "blue", "alpha"]

    static func badValue(_ random: inout SeededRandom) -> (Any, String) {
        random.pick([
            (Double.nan, "NaN"), (Double.infinity, "Infinity"), (-Double.infinity, "-Infinity"), (1e308, "1e308"),
            (-0.5, "-0.5"), (2.0, "2.0"), (Int64.max, "Int64.max"), (Int64.min, "Int64.min"), (-1, "-1"), (1_000, "1000"),
            ("red", "a string"), (Data([1, 2, 3]), "data"), (Date(timeIntervalSinceReferenceDate: 0), "a date"),
            ([Any](), "an array"), ([String: Any](), "a dictionary"), (true, "true"), (uid(1), "a reference to the root"),
            (uid(2), "a reference to the class"), (uid(500), "a reference out of range"), (0.5, "0.5"),
        ] as [(Any, String)])
    }

    /// The objects and top of a valid color archive.
    static func valid(_ random: inout SeededRandom) -> (objects: [Any], top: [String: Any]) {
        let root: [String: Any] = ["$class": uid(2), "colorSpace": random.int(0...1), "red": Double(random.int(0...255)) / 255,
                                   "green": 0.5, "blue": Double(random.int(0...100)) / 100, "alpha": 1.0]
        let colorClass: [String: Any] = ["$classname": "SerializableColor", "$classes": ["SerializableColor", "NSObject"]]
        return (["$null", root, colorClass], ["root": uid(1)])
    }

    // Long because it is one switch over every kind of damage done to an archive, each arm a few lines.
    public static func mutate(_ random: inout SeededRandom) -> Mutation {
        var (objects, top) = valid(&random)
        var archiver: Any = "NSKeyedArchiver"
        var version: Any = 100_000
        var done: [String] = []
        func edit(_ index: Int, _ change: (inout [String: Any]) -> Void) {
            guard var fields = objects[index] as? [String: Any] else { return }
            change(&fields)
            objects[index] = fields
        }
        for _ in 0..<random.int(0...2) {
            switch random.int(0...11) {
            case 0, 1:
                let name = random.pick(classNames)
                edit(2) { $0["$classname"] = name; $0["$classes"] = [name, "NSObject"] }
                done.append("class named '\(name)'")
            case 2:
                let chain: Any = random.pick([[] as [Any], ["SerializableColor"], ["SerializableColor", "NSProxy"], "SerializableColor", [1], ["NSObject"]] as [Any])
                edit(2) { $0["$classes"] = chain }
                done.append("$classes is \(chain)")
            case 3:
                let target: Any = random.pick([uid(0), uid(1), uid(3), uid(99), uid(Int(UInt32.max)), 5, "x"] as [Any])
                edit(1) { $0["$class"] = target }
                done.append("$class is \(target)")
            case 4:
                let root: Any = random.pick([uid(0), uid(2), uid(77), "x", [uid(1)]] as [Any])
                top["root"] = root
                done.append("root is \(root)")
            case 5, 6, 7:
                let key = random.pick(componentKeys)
                let (value, name) = badValue(&random)
                edit(1) { $0[key] = value }
                done.append("\(key) is \(name)")
            case 8:
                let key = random.pick(componentKeys + ["$class"])
                edit(1) { $0[key] = nil }
                done.append("\(key) removed")
            case 9:
                objects.append(["$class": uid(2), "next": uid(1)])
                edit(1) { $0["next"] = uid(objects.count - 1) }
                done.append("a cycle through a second object")
            case 10:
                switch random.int(0...3) {
                case 0: archiver = "NSArchiver"; done.append("$archiver is NSArchiver")
                case 1: version = random.pick([0, 99_999, -1, "100000"] as [Any]); done.append("$version is \(version)")
                case 2: objects[0] = "null"; done.append("$objects does not start with $null")
                default: objects += Array(repeating: "$null", count: 100); done.append("100 more objects")
                }
            default:
                var nested: Any = [uid(1)]
                let depth = random.pick([10, 100, 300])
                for _ in 0..<depth { nested = [nested] }
                edit(1) { $0["extra"] = nested }
                done.append("a field nested \(depth) deep")
            }
        }
        let plist: [String: Any] = ["$archiver": archiver, "$version": version, "$top": top, "$objects": objects]
        var bytes = serialize(plist, binary: random.chance(0.8))
        var description = done.isEmpty ? "valid" : done.joined(separator: ", ")
        if random.chance(0.3) {
            let damaged = Mutator.bytes(bytes, &random)
            bytes = damaged.bytes
            description += "; then " + damaged.description
        }
        return Mutation(bytes: bytes, description: description)
    }

    /// Real keyed archives of other Foundation classes, and text that only looks like a plist.
    public static func foreignArchives() -> [Mutation] {
        let roots: [(Any, String)] = [
            (NSArray(array: [1, 2]), "NSArray"), (NSString(string: "red"), "NSString"), (NSDictionary(dictionary: ["a": 1]), "NSDictionary"),
            (NSNumber(value: 1), "NSNumber"), (NSData(bytes: [1, 2], length: 2), "NSData"), (NSDate(), "NSDate"),
            (NSArray(array: [SerializableColor.white]), "NSArray of a color"),
        ]
        var cases = roots.compactMap { root, name -> Mutation? in
            guard let data = try? NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: false) else { return nil }
            return Mutation(bytes: [UInt8](data), description: "an archive of \(name)")
        }
        let deep = Array("<?xml version=\"1.0\"?><plist version=\"1.0\">".utf8) + Array(repeating: Array("<array>".utf8), count: 20_000).flatMap { $0 }
        cases.append(Mutation(bytes: deep, description: "an XML plist of 20000 unclosed nested arrays"))
        cases.append(Mutation(bytes: [], description: "empty"))
        cases.append(Mutation(bytes: Array("bplist00".utf8), description: "a binary plist header alone"))
        return cases
    }

    static func serialize(_ plist: [String: Any], binary: Bool) -> [UInt8] {
        guard let xml = try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0) else { return [] }
        guard binary, let withUIDs = try? PropertyListSerialization.propertyList(from: xml, options: [], format: nil),
              let data = try? PropertyListSerialization.data(fromPropertyList: withUIDs, format: .binary, options: 0)
        else { return [UInt8](xml) }
        return [UInt8](data)
    }
}
