import Glibc
import Foundation

/// One entry of a git tree as this sync handles it in bytes: a note folder's `ls-tree`
/// listing holds about 4,000 of them at 1,000,000 notes, and reading each into strings cost
/// more than git's listing itself.
struct TreeItem: Equatable {
    /// The mode as a tree object holds it: `100644`, `40000` (no leading zero).
    var mode: [UInt8]
    /// The name within its folder.
    var name: [UInt8]
    /// The object id, hexadecimal.
    var object: [UInt8]

    static let blobMode = Array("100644".utf8)
    static let treeMode = Array("40000".utf8)

    var isTree: Bool { mode == Self.treeMode }

    init(mode: [UInt8], name: [UInt8], object: [UInt8]) {
        // `ls-tree` pads a folder's mode to `040000`; a tree object does not.
        self.mode = Array(mode.drop { $0 == UInt8(ascii: "0") })
        self.name = name
        self.object = object
    }

    init(mode: String, name: String, object: String) {
        self.init(mode: Array(mode.utf8), name: Array(name.utf8), object: Array(object.utf8))
    }

    static func blob(_ object: String, named name: String) -> TreeItem {
        TreeItem(mode: blobMode, name: Array(name.utf8), object: Array(object.utf8))
    }

    static func tree(_ object: String, named name: String) -> TreeItem {
        TreeItem(mode: treeMode, name: Array(name.utf8), object: Array(object.utf8))
    }

    /// The entries of `ls-tree -z` output by the folder of each path (the path up to its last
    /// `/`, "" at the top), each named by the rest: read as bytes. Nil when a record is not
    /// `<mode> <type> <object>\t<path>`.
    static func listing(_ output: [UInt8]) -> [[UInt8]: [TreeItem]]? {
        var folders: [[UInt8]: [TreeItem]] = [:]
        var start = 0
        while start < output.count {
            let end = output[start...].firstIndex(of: 0) ?? output.count
            defer { start = end + 1 }
            guard start < end else { continue }
            guard let (folder, item) = record(output[start..<end]) else { return nil }
            folders[Array(folder), default: []].append(item)
        }
        return folders
    }

    /// One record of `ls-tree -z`: the folder of its path and the entry, nil when it is not
    /// `<mode> <type> <object>\t<path>`.
    static func record(_ record: ArraySlice<UInt8>) -> (folder: ArraySlice<UInt8>, item: TreeItem)? {
        guard let space = record.firstIndex(of: UInt8(ascii: " ")),
              let second = record[(space + 1)...].firstIndex(of: UInt8(ascii: " ")),
              let tab = record[(second + 1)...].firstIndex(of: UInt8(ascii: "\t")), tab + 1 < record.endIndex else { return nil }
        let path = record[(tab + 1)...]
        let slash = path.lastIndex(of: UInt8(ascii: "/"))
        let name = slash.map { path[($0 + 1)...] } ?? path
        let item = TreeItem(mode: Array(record[..<space]), name: Array(name), object: Array(record[(second + 1)..<tab]))
        return (slash.map { path[..<$0] } ?? path[path.startIndex..<path.startIndex], item)
    }

    /// Git's order of tree entries: by name, a folder's name read as if it ended in `/`.
    static func gitOrder(_ left: TreeItem, _ right: TreeItem) -> Bool {
        let count = min(left.name.count, right.name.count)
        for index in 0..<count where left.name[index] != right.name[index] { return left.name[index] < right.name[index] }
        let next = { (item: TreeItem) -> UInt8 in
            item.name.count > count ? item.name[count] : (item.isTree ? UInt8(ascii: "/") : 0)
        }
        return next(left) < next(right)
    }

    /// The bytes of the tree object of `items` (any order; git's order is made here): nil
    /// when a name is empty or holds `/` or NUL, names repeat, or an id is not hexadecimal.
    static func treeObject(_ items: [TreeItem]) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(items.count * 80)
        var previous: TreeItem?
        for item in items.sorted(by: gitOrder) {
            guard !item.name.isEmpty, !item.name.contains(UInt8(ascii: "/")), !item.name.contains(0),
                  previous?.name != item.name, let raw = rawID(item.object) else { return nil }
            bytes += item.mode
            bytes.append(UInt8(ascii: " "))
            bytes += item.name
            bytes.append(0)
            bytes += raw
            previous = item
        }
        return bytes
    }

    /// The bytes of a hexadecimal object id (40 or 64 digits, lower case), nil otherwise.
    static func rawID(_ hex: [UInt8]) -> [UInt8]? {
        guard hex.count == 40 || hex.count == 64 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var raw: [UInt8] = []
        raw.reserveCapacity(hex.count / 2)
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let high = value(hex[index]), let low = value(hex[index + 1]) else { return nil }
            raw.append(high << 4 | low)
        }
        return raw
    }
}

/// Trees written as the objects they are (`git hash-object -t tree`), for trees whose every
/// entry names an object this repository holds by construction: listed from one of its own
/// trees, or just written. `git mktree` looks each entry up in the object store first (at
/// 1,000,000 notes about 4,000 a note folder, through every pack: tens of milliseconds and
/// a quarter of a gigabyte of pack pages a folder); trees of entries that come from anywhere
/// else (a cache) still go through `makeTrees`, which checks them.
extension SyncRepository {
    /// Writes the tree objects of `trees` in one `git hash-object` and returns their ids in order.
    func writeTrees(_ trees: [[TreeItem]]) throws(SyncError) -> [String] {
        guard !trees.isEmpty else { return [] }
        var objects: [[UInt8]] = []
        for items in trees {
            guard let object = TreeItem.treeObject(items) else {
                throw .gitFailed(action: "record the files", status: 1, message: "a tree entry is not one git can hold")
            }
            objects.append(object)
        }
        let staging = gitFolder.appendingPathComponent("notes-sync-staging")
        try WorkTreeEntry.remove(staging)
        try WorkTreeEntry.makeRealFolder(staging)
        defer { try? WorkTreeEntry.remove(staging) }
        var paths: [String] = []
        for (index, object) in objects.enumerated() {
            try WorkTreeEntry.writeScratch(object, to: staging.appendingPathComponent("tree-\(index)"))
            paths.append(".git/notes-sync-staging/tree-\(index)")
        }
        let input = Data((paths.joined(separator: "\n") + "\n").utf8)
        let output = try git.check("record the files", ["hash-object", "-t", "tree", "-w", "--no-filters", "--stdin-paths"],
                                   input: input)
        let ids = output.text.split(separator: "\n").map(String.init)
        guard ids.count == trees.count, ids.allSatisfy(SyncBlobCache.isObjectID) else {
            throw .gitFailed(action: "record the files", status: 1, message: "git hash-object gave \(ids.count) trees for \(trees.count)")
        }
        return ids
    }
}
