import Foundation

/// One keyed object of a validated archive, read by key the way `NSKeyedUnarchiver`
/// would read it, without creating any object: strings, data, numbers, and references
/// to other objects followed through `$objects`. Every lookup of a missing key, or of a
/// value of another kind, is nil.
struct ArchiveObject {
    let archive: ValidatedArchive
    let index: Int
    let className: String
    let fields: [String: Any]

    init?(_ archive: ValidatedArchive, at index: Int) {
        guard let className = archive.className(ofObjectAt: index), let fields = archive.fields(ofObjectAt: index) else { return nil }
        self.archive = archive
        self.index = index
        self.className = className
        self.fields = fields
    }

    /// The `$classes` chain of this object's class, and its `$classhints` (the classes an
    /// unarchiver may use instead when it does not know this one).
    var classChain: [String] { archive.classChain(ofObjectAt: index) }

    func contains(_ key: String) -> Bool { fields[key] != nil }

    /// A number: an integer, a real or a boolean encoded under `key`.
    func number(_ key: String) -> Double? {
        fields[key].flatMap(PropertyListValue.double)
    }

    func integer(_ key: String) -> Int? {
        guard let value = fields[key], case .integer(let integer) = PropertyListValue.number(value) else { return nil }
        return integer
    }

    /// Bytes encoded inline (`encodeBytes`) or an `NSData` / `NSMutableData` object.
    func data(_ key: String) -> Data? {
        guard let value = fields[key] else { return nil }
        if let data = value as? Data { return data }
        guard let target = reference(value) else { return nil }
        if let data = archive.objects[target] as? Data { return data }
        guard let object = ArchiveObject(archive, at: target), let inner = object.fields["NS.data"] else { return nil }
        if let data = inner as? Data { return data }
        return reference(inner).flatMap { archive.objects[$0] as? Data }
    }

    /// A string object (`NSString` as a plain entry, or an `NSMutableString` with
    /// `NS.string` or UTF-8 `NS.bytes`).
    func string(_ key: String) -> String? {
        guard let value = fields[key] else { return nil }
        if let text = value as? String { return text }
        guard let target = reference(value) else { return nil }
        if let text = archive.objects[target] as? String { return text }
        guard let object = ArchiveObject(archive, at: target) else { return nil }
        if let text = object.fields["NS.string"] as? String { return text }
        if let bytes = object.fields["NS.bytes"] as? Data { return String(data: bytes, encoding: .utf8) }
        return nil
    }

    /// The keyed object `key` refers to.
    func object(_ key: String) -> ArchiveObject? {
        fields[key].flatMap(reference).flatMap { ArchiveObject(archive, at: $0) }
    }

    private func reference(_ value: Any) -> Int? {
        guard let uid = PropertyListValue.uid(value), uid != 0, archive.objects.indices.contains(uid) else { return nil }
        return uid
    }
}

extension ValidatedArchive {
    /// The `$classes` chain of the object at `index`, then its `$classhints`; empty if it is not a keyed object.
    func classChain(ofObjectAt index: Int) -> [String] {
        guard kinds.indices.contains(index), case .instance(let fields, _) = kinds[index],
              let reference = fields["$class"], let classIndex = PropertyListValue.uid(reference),
              objects.indices.contains(classIndex), let description = objects[classIndex] as? [String: Any]
        else { return [] }
        let chain = (description["$classes"] as? [Any] ?? []).compactMap { $0 as? String }
        let hints = (description["$classhints"] as? [Any] ?? []).compactMap { $0 as? String }
        return chain + hints
    }
}
