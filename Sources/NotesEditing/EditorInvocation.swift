import Foundation

/// How the editor command is run on a file: which program it is, where it should open
/// the file, and whether it needs a terminal.
///
/// - Editors that take `+LINE` (vi, vim, nvim, nano, emacs, mg, micro, kak, ne, joe)
///   open on the first line of the body, not on the header's `---`; helix takes
///   `FILE:LINE`. Any other command gets the file alone, as before.
/// - A column (a template's `{{cursor}}`) goes to those that take one: vim and nvim as
///   `+call cursor(LINE,BYTE)`, nano as `+LINE,COLUMN`, emacs, micro and kak as
///   `+LINE:COLUMN`, helix as `FILE:LINE:COLUMN`; vi, mg, ne and joe get the line only,
///   unless `vi` is vim or nvim under that name (Debian's `vi` is vim when vim is
///   installed; `vim.tiny` cannot `call`).
/// - Those editors and helix draw on a terminal: with none to draw on, the edit is
///   refused before anything starts (a GUI editor with a wait flag, `code -w`, runs).
public struct EditorInvocation: Equatable, Sendable {
    /// The shell command line, with `"$1"` standing for the file.
    public var shellCommand: String
    /// Whether the program is one that needs a terminal.
    public var needsTerminal: Bool

    static let plusLineEditors: Set<String> = ["vi", "vim", "nvim", "nano", "emacs", "mg", "micro", "kak", "ne", "joe"]
    static let colonLineEditors: Set<String> = ["hx", "helix"]

    /// The invocation of `command` (the `$VISUAL`/`$EDITOR` value) on a file to be opened
    /// at `line` and `column` (1-based; the column in characters, `byteColumn` in UTF-8 bytes).
    /// `installed` gives the file name of the program a command word runs (after the PATH
    /// and symbolic links), to tell vim under the name `vi`.
    public init(command: String, line: Int?, column: Int? = nil, byteColumn: Int? = nil,
                installed: (String) -> String? = EditorInvocation.installedProgram) {
        let program = Self.programName(command)
        let emacsInWindow = program == "emacs" && !command.split(separator: " ").contains { $0 == "-nw" || $0 == "--no-window-system" }
        needsTerminal = (Self.plusLineEditors.contains(program) && !emacsInWindow) || Self.colonLineEditors.contains(program)
        let line = line ?? 1, column = max(column ?? 1, 1), bytes = max(byteColumn ?? column, 1)
        let place = line > 1 || column > 1
        if place, Self.plusLineEditors.contains(program) {
            let columnDialect = program == "vi" ? Self.vimBehindVi(installed) ?? program : program
            shellCommand = command + " " + Self.plusArgument(columnDialect, line: line, column: column, byteColumn: bytes) + " \"$1\""
        } else if place, Self.colonLineEditors.contains(program) {
            shellCommand = command + " \"$1:\(line)" + (column > 1 ? ":\(column)" : "") + "\""
        } else {
            shellCommand = command + " \"$1\""
        }
    }

    /// The `+` argument that puts `program`'s cursor at `line` and, where it can, `column`.
    private static func plusArgument(_ program: String, line: Int, column: Int, byteColumn: Int) -> String {
        guard column > 1 else { return "+\(line)" }
        switch program {
        case "vim", "nvim": return "\"+call cursor(\(line),\(byteColumn))\""
        case "nano": return "+\(line),\(column)"
        case "emacs", "micro", "kak": return "+\(line):\(column)"
        default: return "+\(line)"
        }
    }

    /// "vim" or "nvim" when `vi` runs one of them (`vim.basic`, `vim.nox`, `nvim`, not
    /// `vim.tiny`, which has no `call`); nil otherwise.
    private static func vimBehindVi(_ installed: (String) -> String?) -> String? {
        guard let name = installed("vi") else { return nil }
        if name == "nvim" { return "nvim" }
        return name == "vim" || (name.hasPrefix("vim.") && name != "vim.tiny") ? "vim" : nil
    }

    /// The file name of what `word` runs: found on the PATH when it has no slash, with its
    /// symbolic links followed (`/usr/bin/vi` → `vim.basic`); nil when it is not there.
    public static func installedProgram(_ word: String) -> String? {
        let folders = word.contains("/") ? [""] : (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map { String($0) + "/" }
        for folder in folders where FileManager.default.isExecutableFile(atPath: folder + word) {
            return URL(fileURLWithPath: folder + word).resolvingSymlinksInPath().lastPathComponent
        }
        return nil
    }

    /// The program's file name: the first word of the command, without its folder.
    static func programName(_ command: String) -> String {
        let first = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? command
        return URL(fileURLWithPath: first).lastPathComponent
    }

    /// The 1-based line where the body starts in a document as `NoteDocument` writes it
    /// (after any `# error:` lines, a `---` line, the header, and the closing `---`);
    /// nil when `bytes` does not start that way.
    public static func firstBodyLine(of bytes: some Collection<UInt8>) -> Int? {
        var line = 1, fences = 0
        var lineBytes: [UInt8] = []
        for byte in bytes.prefix(1 << 16) {
            if byte == UInt8(ascii: "\n") {
                let text = lineBytes.last == UInt8(ascii: "\r") ? Array(lineBytes.dropLast()) : lineBytes
                if text == Array("---".utf8) {
                    fences += 1
                    if fences == 2 { return line + 1 }
                } else if fences == 0, !text.starts(with: Array("# error:".utf8)) {
                    return nil
                }
                line += 1
                lineBytes.removeAll(keepingCapacity: true)
                continue
            }
            lineBytes.append(byte)
        }
        return nil
    }
}
