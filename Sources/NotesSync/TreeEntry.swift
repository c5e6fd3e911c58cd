/// One line of `git ls-tree -z`: `<mode> <type> <object>\t<path>`, or with `-l`
/// `<mode> <type> <object> <size>\t<path>`. The one reader of that output: the safety
/// check of a fetched tree, the synced files of a commit, and the top of a tree all use it.
struct TreeEntry {
    var mode: String
    var type: String
    var object: String
    /// The blob's size (`-l`), nil for a tree or without `-l`.
    var size: Int?
    var path: String
    /// The line as git gave it (`mktree` takes it back as it is).
    var raw: [UInt8]

    /// The line read, or nil when it is not in either form.
    init?(_ line: ArraySlice<UInt8>) {
        guard let tab = line.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let fields = String(decoding: line[..<tab], as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count == 3 || fields.count == 4 else { return nil }
        mode = String(fields[0])
        type = String(fields[1])
        object = String(fields[2])
        size = fields.count == 4 ? Int(fields[3]) : nil
        path = String(decoding: line[line.index(after: tab)...], as: UTF8.self)
        raw = Array(line)
    }

    /// Every line of `ls-tree -z` output (lines that are in neither form are left out).
    static func lines(of output: [UInt8]) -> [TreeEntry] {
        output.split(separator: 0).compactMap(TreeEntry.init)
    }
}
