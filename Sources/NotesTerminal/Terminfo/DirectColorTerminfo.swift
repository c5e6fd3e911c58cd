import Foundation
import NotesBase

/// A compiled terminfo entry outside the system's folders: its name and the folder
/// to search for it (as `TERMINFO_DIRS` names folders).
public struct CompiledTerminfoEntry: Equatable, Sendable {
    public var name: String
    public var folderPath: String

    public init(name: String, folderPath: String) {
        self.name = name
        self.folderPath = folderPath
    }
}

/// A terminfo entry that adds 24-bit color to a terminal whose own entry lacks it,
/// compiled with `tic` into a private cache, for `COLORTERM=truecolor` on systems
/// without the `ncurses-term` package (no `xterm-direct`, `tmux-direct`, …).
///
/// The entry is `use=$TERM` plus `RGB`, `colors#0x1000000`, `pairs#0x10000` and
/// `setaf`/`setab` in the `38;2;r;g;b` form that every truecolor terminal understands
/// (colors 0–7 stay palette entries, as in ncurses' own `-direct` entries). The compiled
/// file is named after the version of this template and `$TERM`, so a cached entry is
/// reused, and a new template is compiled beside the old one.
public struct DirectColorTerminfo: Sendable {
    /// The folder that holds the compiled entries (`<letter>/<name>` below it).
    public let cacheFolder: URL
    /// The `tic` program.
    public let compiler: String

    /// The template's version, part of every entry name.
    public static let templateVersion = 1

    public init(cacheFolder: URL, compiler: String = "/usr/bin/tic") {
        self.cacheFolder = cacheFolder
        self.compiler = compiler
    }

    /// The cache folder for `environment`: `$XDG_CACHE_HOME/notes/terminfo`, else
    /// `$HOME/.cache/notes/terminfo`; nil when neither is set to an absolute path.
    public static func standardCacheFolder(environment: [String: String]) -> URL? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache).appendingPathComponent("notes/terminfo")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/notes/terminfo")
        }
        return nil
    }

    /// The entry's name for `term`; nil when `term` is empty, too long or holds a
    /// character that has no place in a terminfo name or a file name.
    public static func entryName(for term: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-")
        guard !term.isEmpty, term.count <= 64, term.first != "-", term.first != ".",
              term.allSatisfy({ allowed.contains($0) }) else { return nil }
        return "notes-direct\(templateVersion)-\(term)"
    }

    /// The terminfo source of the entry `name` built on `term`.
    public static func source(name: String, term: String) -> String {
        let channels = "%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d"
        return """
        \(name)|\(term) with 24-bit color (written by notes),
        \tRGB, colors#0x1000000, pairs#0x10000, ccc@, initc@, oc@,
        \tsetaf=\\E[%?%p1%{8}%<%t3%p1%d%e38;2;\(channels)%;m,
        \tsetab=\\E[%?%p1%{8}%<%t4%p1%d%e48;2;\(channels)%;m,
        \tuse=\(term),

        """
    }

    /// The compiled entry for `term`, compiling it first when the cache does not hold it;
    /// nil when it cannot be made (no `tic`, no entry for `term`, no writable cache).
    /// `environment` is the one `tic` runs in (it finds `term` through `TERMINFO`/`TERMINFO_DIRS`).
    public func entry(for term: String, environment: [String: String]) -> CompiledTerminfoEntry? {
        guard let name = Self.entryName(for: term) else { return nil }
        let compiled = cacheFolder.appendingPathComponent(String(name.prefix(1))).appendingPathComponent(name)
        if !Self.isRegularFile(compiled) {
            guard compile(name: name, term: term, into: compiled, environment: environment) else { return nil }
        }
        return CompiledTerminfoEntry(name: name, folderPath: cacheFolder.path)
    }

    /// Compiles into a fresh scratch folder inside the cache, then renames the file into
    /// place, so another process never reads a half-written entry.
    private func compile(name: String, term: String, into compiled: URL, environment: [String: String]) -> Bool {
        let files = FileManager.default
        guard files.isExecutableFile(atPath: compiler),
              (try? files.createDirectory(at: cacheFolder, withIntermediateDirectories: true,
                                          attributes: [.posixPermissions: 0o700])) != nil else { return false }
        let scratch = cacheFolder.appendingPathComponent(".build-\(getpid())-\(UUID().uuidString)")
        guard (try? files.createDirectory(at: scratch, withIntermediateDirectories: false)) != nil else { return false }
        defer { try? files.removeItem(at: scratch) }
        let sourceFile = scratch.appendingPathComponent("entry.ti")
        guard (try? Data(Self.source(name: name, term: term).utf8).write(to: sourceFile)) != nil else { return false }

        var tic = ChildSpawn(program: compiler, arguments: [compiler, "-x", "-o", scratch.path, sourceFile.path],
                             environment: environment)
        tic.standardInput = .open("/dev/null", flags: O_RDONLY)
        tic.standardOutput = .open("/dev/null", flags: O_WRONLY)
        tic.standardError = .open("/dev/null", flags: O_WRONLY)
        let built = scratch.appendingPathComponent(String(name.prefix(1))).appendingPathComponent(name)
        guard (try? tic.run()) == .exited(0), Self.isRegularFile(built) else { return false }
        let letterFolder = compiled.deletingLastPathComponent()
        _ = try? files.createDirectory(at: letterFolder, withIntermediateDirectories: true)
        return rename(built.path, compiled.path) == 0
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }
}

extension DirectColorTerminfo {
    /// The provider `NCursesTerminal` asks for a 24-bit entry: compiles into the standard
    /// cache folder of `environment`; nil when there is none.
    public static func provider(environment: [String: String]) -> ((String) -> CompiledTerminfoEntry?)? {
        guard let folder = standardCacheFolder(environment: environment) else { return nil }
        let maker = DirectColorTerminfo(cacheFolder: folder)
        return { term in maker.entry(for: term, environment: environment) }
    }
}
