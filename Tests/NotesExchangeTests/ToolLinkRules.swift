import Foundation

/// The tools' own link rules, written from their documentation and independent of notes'
/// resolver: each takes a link's target (before `#` and `|`) and the linking file's path, and
/// gives the path of the file the tool opens, or nil.
enum ToolLinkRules {
    /// The files of `folder`, relative to it, leaving out hidden ones.
    static func files(in folder: URL) -> [String] {
        let root = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let path = walker?.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    /// Obsidian: the path from the vault's root (with or without `.md`), else the base name,
    /// case-insensitively; the shortest path wins a tie (as `/work/lead/obsidian_resolve.py`).
    static func obsidian(files: [String]) -> (String, String) -> String? {
        var byPath: [String: String] = [:], byName: [String: [String]] = [:]
        for file in files {
            let key = file.lowercased()
            byPath[key] = file
            if key.hasSuffix(".md") { byPath[String(key.dropLast(3))] = file }
            let base = String(key.split(separator: "/").last ?? "")
            for name in Set([base, base.hasSuffix(".md") ? String(base.dropLast(3)) : base]) { byName[name, default: []].append(file) }
        }
        return { target, _ in
            let key = target.trimmingCharacters(in: .whitespaces).lowercased()
            if let file = byPath[key] ?? byPath[key + ".md"] { return file }
            let base = String(key.split(separator: "/").last ?? "")
            return byName[base]?.min { ($0.filter { $0 == "/" }.count, $0.count) < ($1.filter { $0 == "/" }.count, $1.count) }
        }
    }

    /// Dendron, zk and Foam: the file whose name without `.md` is the target, case-insensitively.
    static func fileStem(files: [String]) -> (String, String) -> String? {
        var byStem: [String: String] = [:]
        for file in files where file.hasSuffix(".md") {
            byStem[String(file.dropLast(3)).lowercased()] = file
            byStem[String(file.dropLast(3).split(separator: "/").last ?? "").lowercased()] = file
        }
        return { target, _ in byStem[target.trimmingCharacters(in: .whitespaces).lowercased()] }
    }

    /// Logseq: a page's name, case-insensitively: its `title::` property, else its file name
    /// under `pages/` decoded (`___` and `%2F` are `/`); each `alias::` names it too.
    static func logseq(graph: URL) throws -> (String, String) -> String? {
        var byName: [String: String] = [:]
        for file in files(in: graph) where file.hasPrefix("pages/") && file.hasSuffix(".md") {
            let text = try String(contentsOf: graph.appendingPathComponent(file), encoding: .utf8)
            let stem = String(file.dropFirst("pages/".count).dropLast(3))
            var names = [(stem.replacingOccurrences(of: "___", with: "/").removingPercentEncoding ?? stem)]
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(while: { !$0.hasPrefix("-") }) {
                if line.lowercased().hasPrefix("title::") { names[0] = line.dropFirst(7).trimmingCharacters(in: .whitespaces) }
                if line.lowercased().hasPrefix("alias::") {
                    names += line.dropFirst(7).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                }
            }
            for name in names { byName[name.lowercased()] = file }
        }
        return { target, _ in byName[target.trimmingCharacters(in: .whitespaces).lowercased()] }
    }
}
