import Glibc
import Foundation

/// The files an editor keeps beside the file it edits to recover what was typed but not
/// written: vim's swap files (`.NAME.swp`, then `.NAME.swo`, `.NAME.swn`, …) and emacs's
/// auto-save file (`#NAME#`). A hangup ends the editor before it writes the text, and
/// these files are all that hold it: a kept text keeps them beside it (`EditFile.keep`).
enum EditorRecoveryFiles {
    /// The names in `folder` that are recovery files of the file named `fileName`.
    static func names(of fileName: String, in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { renamed($0, from: fileName, to: fileName) != nil }.sorted()
    }

    /// The name the recovery file `name` of `fileName` takes for a file named `newName`
    /// (`.a.md.swp` → `.b.md.swp`, `#a.md#` → `#b.md#`), or nil if it is not one of its.
    static func renamed(_ name: String, from fileName: String, to newName: String) -> String? {
        let swap = "." + fileName + ".s"
        if name.hasPrefix(swap), name.count == swap.count + 2 {  // `.swp` … `.saa`: two letters
            return "." + newName + name.dropFirst(fileName.count + 1)
        }
        if name == "#" + fileName + "#" { return "#" + newName + "#" }
        return nil
    }

    /// Moves the recovery files of `fileName` in `folder` to `destination`, named for the
    /// kept file `newName`; returns their new paths, and whether all of them moved. A file
    /// that cannot be renamed there (another file system) is copied, then removed once the
    /// copy is whole; one that cannot be copied either stays where it is.
    static func move(of fileName: String, from folder: String, to destination: URL,
                     as newName: String) -> (moved: [String], complete: Bool) {
        var moved: [String] = []
        var complete = true
        for name in names(of: fileName, in: folder) {
            guard let newFileName = renamed(name, from: fileName, to: newName) else { continue }
            let source = folder + "/" + name
            let target = destination.appendingPathComponent(newFileName).path
            if rename(source, target) != 0 {
                guard let data = FileManager.default.contents(atPath: source),
                      (try? EditFile.create(target, contents: [UInt8](data))) != nil else {
                    complete = false
                    continue
                }
                unlink(source)
            }
            moved.append(target)
        }
        return (moved, complete)
    }

    /// The recovery files kept beside the kept text at `path`.
    static func kept(beside path: String) -> [String] {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        return names(of: url.lastPathComponent, in: folder).map { folder + "/" + $0 }
    }

    /// How to get back what was typed into the kept text at `path` from the recovery files
    /// beside it (`vim -r` finds `.NAME.swp` beside NAME; emacs finds `#NAME#`), or nil
    /// when there are none.
    static func recoveryHint(for path: String) -> String? {
        let kept = kept(beside: path).map { URL(fileURLWithPath: $0).lastPathComponent }
        if kept.contains(where: { $0.hasPrefix(".") }) { return "vim -r \(path)" }
        if !kept.isEmpty { return "emacs \(path), then M-x recover-this-file" }
        return nil
    }
}
