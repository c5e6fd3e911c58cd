import Foundation

/// Checks the bytes of an `NSKeyedArchiver` archive before any unarchiver sees
/// them. swift-corelibs-foundation's `NSKeyedUnarchiver` calls `fatalError` when
/// an archive names a known class that is not allowed, so "decode and catch the
/// error" is not safe on Linux: the bytes must be proven harmless first.
///
/// An archive passes when it is a property list with the keyed-archive shape
/// (`$archiver`, `$version`, `$top`, `$objects` with `$null` first), every class it
/// names is allowed (`allowedClasses` for objects, `allowedSuperclasses` only in
/// `$classes` chains), every reference points to an entry that exists and is of
/// the right kind, and no object refers back to itself through other objects.
/// Plain strings, numbers and data in `$objects` are `NSString`, `NSNumber` and
/// `NSData` objects: they pass only if those class names are allowed.
public struct SecureArchiveValidator: Sendable {
    /// Class names whose objects the archive may hold.
    public let allowedClasses: Set<String>
    /// Class names also allowed with a Swift module in front (`Module.Name`), as Swift
    /// classes without an `@objc` name are archived on Apple systems.
    public let allowedInAnyModule: Set<String>
    /// Class names allowed only as superclasses in a `$classes` chain.
    public let allowedSuperclasses: Set<String>
    /// The most entries `$objects` may have.
    public let maximumObjects: Int
    /// Classes whose subclasses are allowed whatever their names: a class description whose
    /// `$classes` chain or `$classhints` holds one of these passes, and so does its chain
    /// (`UIDynamicCatalogColor` → `UIColor`). Only for archives that are read directly,
    /// never handed to `NSKeyedUnarchiver` (which would look those names up).
    public let allowedFamilies: Set<String>

    public init(allowedClasses: Set<String>, allowedInAnyModule: Set<String> = [],
                allowedSuperclasses: Set<String> = ["NSObject"], maximumObjects: Int = 10_000,
                allowedFamilies: Set<String> = []) {
        self.allowedClasses = allowedClasses
        self.allowedInAnyModule = allowedInAnyModule
        self.allowedSuperclasses = allowedSuperclasses
        self.maximumObjects = maximumObjects
        self.allowedFamilies = allowedFamilies
    }

    /// Whether objects of the class `name` may be in an archive: one of `allowedClasses`,
    /// or `Module.Name` with `Name` in `allowedInAnyModule` and `Module` a Swift identifier.
    public func allows(_ name: String) -> Bool {
        if allowedClasses.contains(name) { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, allowedInAnyModule.contains(String(parts[1])), let first = parts[0].first,
              first == "_" || (first.isASCII && first.isLetter),
              parts[0].allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
        else { return false }
        return true
    }

    /// Validates `data`; the result gives access to the checked objects.
    public func validate(_ data: Data) throws(ArchiveError) -> ValidatedArchive {
        guard !data.isEmpty else { throw .empty }
        try PropertyListFormatCheck.check([UInt8](data))
        let parsed: Any
        do {
            parsed = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notAPropertyList((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? "unreadable")
        }
        guard let top = parsed as? [String: Any] else {
            throw .notAKeyedArchive("the top level is \(PropertyListValue.typeName(parsed)), not a dictionary")
        }
        guard top["$archiver"] as? String == "NSKeyedArchiver" else {
            throw .notAKeyedArchive("'$archiver' is not 'NSKeyedArchiver'")
        }
        guard let version = top["$version"], PropertyListValue.number(version) == .integer(100_000) else {
            throw .notAKeyedArchive("'$version' is not 100000")
        }
        guard let objects = top["$objects"] as? [Any] else {
            throw .notAKeyedArchive("'$objects' is missing or not an array")
        }
        guard let roots = top["$top"] as? [String: Any] else {
            throw .notAKeyedArchive("'$top' is missing or not a dictionary")
        }
        guard objects.count <= maximumObjects else { throw .tooManyObjects(objects.count) }
        guard let first = objects.first, first as? String == "$null" else {
            throw .notAKeyedArchive("'$objects' does not start with '$null'")
        }

        let kinds: [ValidatedArchive.Kind]
        do { kinds = try classify(objects) } catch {
            // Name the class the archive is of (an `NSColor`, say), not whichever disallowed
            // entry came first (often an `NSString` the color refers to).
            if case .disallowedClass = error, let root = Self.rootClassName(top: roots, objects: objects), !allows(root) {
                throw .disallowedClass(root)
            }
            throw error
        }
        var edges: [[Int]] = Array(repeating: [], count: objects.count)
        for (index, kind) in kinds.enumerated() {
            guard case .instance(let fields, _) = kind else { continue }
            for (key, value) in fields where key != "$class" {
                edges[index] += try references(in: value, at: "object \(index), key '\(key)'", kinds: kinds)
            }
        }
        var topReferences: [String: Int] = [:]
        for (key, value) in roots {
            guard let uid = PropertyListValue.uid(value) else {
                throw .badReference("'$top' key '\(key)' is \(PropertyListValue.typeName(value)), not a reference")
            }
            _ = try references(in: value, at: "'$top' key '\(key)'", kinds: kinds)
            topReferences[key] = uid
        }
        try Self.rejectCycles(edges)
        return ValidatedArchive(objects: objects, kinds: kinds, topReferences: topReferences)
    }

    /// The class name of the root object, read without any check (for error messages only).
    static func rootClassName(top: [String: Any], objects: [Any]) -> String? {
        guard let reference = top[NSKeyedArchiveRootObjectKey], let root = PropertyListValue.uid(reference),
              objects.indices.contains(root), let fields = objects[root] as? [String: Any],
              let classReference = fields["$class"], let index = PropertyListValue.uid(classReference),
              objects.indices.contains(index), let description = objects[index] as? [String: Any]
        else { return nil }
        return description["$classname"] as? String
    }

    /// Sorts every `$objects` entry into null, class description or object, checking class names.
    private func classify(_ objects: [Any]) throws(ArchiveError) -> [ValidatedArchive.Kind] {
        var kinds: [ValidatedArchive.Kind] = []
        kinds.reserveCapacity(objects.count)
        for (index, object) in objects.enumerated() {
            if index == 0 {
                kinds.append(.null)
            } else if let fields = object as? [String: Any], let name = fields["$classname"] {
                kinds.append(try classDescription(name: name, classes: fields["$classes"], hints: fields["$classhints"], at: index))
            } else if let fields = object as? [String: Any] {
                guard fields["$class"] != nil else {
                    throw .notAKeyedArchive("object \(index) is a dictionary without '$class'")
                }
                kinds.append(.instance(fields, className: ""))
            } else {
                let implicitClass: String? = switch object {
                case is String: "NSString"
                case is Data: "NSData"
                case is Date: "NSDate"
                default: PropertyListValue.number(object) == nil ? nil : "NSNumber"
                }
                guard let implicitClass else {
                    throw .notAKeyedArchive("object \(index) is \(PropertyListValue.typeName(object))")
                }
                guard allowedClasses.contains(implicitClass) else { throw .disallowedClass(implicitClass) }
                kinds.append(.scalar)
            }
        }
        // Second pass: resolve each object's `$class` now that every class description is known.
        for (index, kind) in kinds.enumerated() {
            guard case .instance(let fields, _) = kind, let classReference = fields["$class"] else { continue }
            guard let classIndex = PropertyListValue.uid(classReference) else {
                throw .badReference("'$class' of object \(index) is \(PropertyListValue.typeName(classReference))")
            }
            guard kinds.indices.contains(classIndex), case .classDescription(let name) = kinds[classIndex] else {
                throw .badReference("'$class' of object \(index) points to entry \(classIndex), which is not a class")
            }
            kinds[index] = .instance(fields, className: name)
        }
        return kinds
    }

    private func classDescription(name: Any, classes: Any?, hints: Any?, at index: Int) throws(ArchiveError) -> ValidatedArchive.Kind {
        guard let name = name as? String else {
            throw .notAKeyedArchive("'$classname' of entry \(index) is not a string")
        }
        if !allowedFamilies.isEmpty {
            let related = ((classes as? [Any] ?? []) + (hints as? [Any] ?? [])).compactMap { $0 as? String }
            if related.count <= 16, related.contains(where: allowedFamilies.contains) { return .classDescription(name) }
        }
        guard allows(name) else { throw .disallowedClass(name) }
        if let classes {
            guard let chain = classes as? [Any] else {
                throw .notAKeyedArchive("'$classes' of entry \(index) is not an array")
            }
            for entry in chain {
                guard let superclass = entry as? String else {
                    throw .notAKeyedArchive("'$classes' of entry \(index) holds \(PropertyListValue.typeName(entry))")
                }
                guard allows(superclass) || allowedSuperclasses.contains(superclass) else {
                    throw .disallowedClass(superclass)
                }
            }
        }
        return .classDescription(name)
    }

    /// The objects a field value refers to (UID 0, `$null`, refers to nothing).
    private func references(in value: Any, at place: String, kinds: [ValidatedArchive.Kind],
                            depth: Int = 0) throws(ArchiveError) -> [Int] {
        guard depth < Self.maximumNesting else {
            throw .notAKeyedArchive("\(place) nests collections more than \(Self.maximumNesting) deep")
        }
        if PropertyListValue.looksLikeUID(value) {
            guard let uid = PropertyListValue.uid(value) else { throw .badReference("\(place): unreadable reference") }
            guard kinds.indices.contains(uid) else {
                throw .badReference("\(place) points to entry \(uid), but there are only \(kinds.count)")
            }
            if case .classDescription = kinds[uid] {
                throw .badReference("\(place) points to a class description, not an object")
            }
            return uid == 0 ? [] : [uid]
        }
        if let array = value as? [Any] {
            var result: [Int] = []
            for element in array { result += try references(in: element, at: place, kinds: kinds, depth: depth + 1) }
            return result
        }
        if let dictionary = value as? [String: Any] {
            var result: [Int] = []
            for element in dictionary.values { result += try references(in: element, at: place, kinds: kinds, depth: depth + 1) }
            return result
        }
        return []
    }

    /// How deep arrays and dictionaries may nest inside one field of an object.
    static let maximumNesting = 32

    /// Depth-first search without recursion, so a long chain cannot overflow the stack.
    private static func rejectCycles(_ edges: [[Int]]) throws(ArchiveError) {
        enum Mark { case unvisited, inProgress, done }
        var marks = Array(repeating: Mark.unvisited, count: edges.count)
        for start in edges.indices where marks[start] == .unvisited {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            marks[start] = .inProgress
            while let (node, next) = stack.last {
                guard next < edges[node].count else {
                    marks[node] = .done
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = edges[node][next]
                switch marks[target] {
                case .inProgress: throw .cycle("object \(node) refers back to object \(target)")
                case .unvisited:
                    marks[target] = .inProgress
                    stack.append((target, 0))
                case .done: break
                }
            }
        }
    }
}

/// An archive that passed `SecureArchiveValidator`: safe to hand to
/// `NSKeyedUnarchiver`, or to read directly.
public struct ValidatedArchive {
    enum Kind {
        case null
        case classDescription(String)
        case instance([String: Any], className: String)
        case scalar
    }

    let objects: [Any]
    let kinds: [Kind]
    /// The entries of `$top`, as indexes into `$objects`.
    public let topReferences: [String: Int]

    /// The class name of the object at `index`, or nil if it is not a keyed object.
    public func className(ofObjectAt index: Int) -> String? {
        guard kinds.indices.contains(index), case .instance(_, let name) = kinds[index] else { return nil }
        return name
    }

    /// The encoded fields of the object at `index` (without `$class`), or nil if it is not a keyed object.
    public func fields(ofObjectAt index: Int) -> [String: Any]? {
        guard kinds.indices.contains(index), case .instance(var fields, _) = kinds[index] else { return nil }
        fields["$class"] = nil
        return fields
    }
}
