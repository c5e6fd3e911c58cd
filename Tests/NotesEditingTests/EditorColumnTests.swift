import Foundation
import Testing
import NotesEditing

/// A template's `{{cursor}}` column reaches the editors that take one, each its own way.
@Suite struct EditorColumnTests {
    func command(_ editor: String, line: Int = 7, column: Int = 5, bytes: Int = 6, vi: String? = "nvi") -> String {
        EditorInvocation(command: editor, line: line, column: column, byteColumn: bytes,
                         installed: { $0 == "vi" ? vi : nil }).shellCommand
    }

    @Test func editorsThatTakeAColumnGetIt() {
        #expect(command("vim") == "vim \"+call cursor(7,6)\" \"$1\"")
        #expect(command("nvim") == "nvim \"+call cursor(7,6)\" \"$1\"")
        #expect(command("nano") == "nano +7,5 \"$1\"")
        #expect(command("emacs -nw") == "emacs -nw +7:5 \"$1\"")
        #expect(command("micro") == "micro +7:5 \"$1\"")
        #expect(command("kak") == "kak +7:5 \"$1\"")
        #expect(command("hx") == "hx \"$1:7:5\"")
    }

    @Test func othersGetTheLineOrTheFileAlone() {
        #expect(command("vi") == "vi +7 \"$1\"")
        #expect(command("joe") == "joe +7 \"$1\"")
        #expect(command("code -w") == "code -w \"$1\"")
        // Column 1 is the line alone, as before.
        #expect(command("vim", column: 1, bytes: 1) == "vim +7 \"$1\"")
        #expect(command("nano", line: 1, column: 3, bytes: 3) == "nano +1,3 \"$1\"")
    }

    @Test func viThatIsVimGetsTheColumnAsVimDoes() {
        #expect(command("vi", vi: "vim.basic") == "vi \"+call cursor(7,6)\" \"$1\"")
        #expect(command("vi", vi: "nvim") == "vi \"+call cursor(7,6)\" \"$1\"")
        // vim.tiny has no `call`; an unknown vi gets the line alone.
        #expect(command("vi", vi: "vim.tiny") == "vi +7 \"$1\"")
        #expect(command("vi", vi: nil) == "vi +7 \"$1\"")
    }

    @Test func theInstalledProgramFollowsThePathAndLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("editor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("vim.basic")
        try Data("#!/bin/sh\n".utf8).write(to: real)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: real.path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("vi").path, withDestinationPath: real.path)
        #expect(EditorInvocation.installedProgram(folder.appendingPathComponent("vi").path) == "vim.basic")
        #expect(EditorInvocation.installedProgram(folder.appendingPathComponent("nothing").path) == nil)
    }
}
