import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesExchange
@testable import NotesEditing

/// How the editor is started on a note's file: on the body's first line where the editor
/// takes one, refused without a terminal where it needs one; the file's name and folder.
@Suite struct EditorInvocationTests {
    @Test func vimFamilyEditorsOpenOnTheBodyLineAndHelixTakesFileColonLine() {
        #expect(EditorInvocation(command: "vim -u NONE", line: 7).shellCommand == "vim -u NONE +7 \"$1\"")
        #expect(EditorInvocation(command: "/usr/bin/nano", line: 7).shellCommand == "/usr/bin/nano +7 \"$1\"")
        #expect(EditorInvocation(command: "emacs -nw", line: 3).shellCommand == "emacs -nw +3 \"$1\"")
        #expect(EditorInvocation(command: "hx", line: 7).shellCommand == "hx \"$1:7\"")
        #expect(EditorInvocation(command: "code -w", line: 7).shellCommand == "code -w \"$1\"")
        #expect(EditorInvocation(command: "vim", line: nil).shellCommand == "vim \"$1\"")
    }

    @Test func terminalEditorsNeedATerminalAndWindowedOnesDoNot() {
        #expect(EditorInvocation(command: "vi", line: nil).needsTerminal)
        #expect(EditorInvocation(command: "emacs -nw", line: nil).needsTerminal)
        #expect(!EditorInvocation(command: "emacs", line: nil).needsTerminal)
        #expect(!EditorInvocation(command: "code -w", line: nil).needsTerminal)
        #expect(!EditorInvocation(command: "/tmp/my-script.sh", line: nil).needsTerminal)
    }

    @Test func theBodyLineIsTheLineAfterTheHeader() {
        let note = Note(title: "T", body: "first body line\nsecond")
        let document = NoteDocument.render(note, categoryName: nil)
        let line = try? #require(EditorInvocation.firstBodyLine(of: Array(document.utf8)))
        let lines = document.components(separatedBy: "\n")
        #expect(line.map { lines[$0 - 1] } == "first body line")
        let annotated = "# error: line 3: bad\n# error: fix it\n" + document
        #expect(EditorInvocation.firstBodyLine(of: Array(annotated.utf8)) == line.map { $0 + 2 })
        #expect(EditorInvocation.firstBodyLine(of: Array("just text\n---\n".utf8)) == nil)
    }

    /// A new note's empty body has a line of its own: `vim +7` lands on it, not on the
    /// closing `---` (where typed text broke the header); it reads back as typed.
    @Test func anEmptyBodyHasALineToTypeOnAndReadsBackAsTyped() throws {
        let document = NoteDocument.render(Note(title: "T", body: ""), categoryName: nil)
        let line = try #require(EditorInvocation.firstBodyLine(of: Array(document.utf8)))
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(line < lines.count)
        #expect(lines[line - 2] == "---" && lines[line - 1] == "")
        let header = String(document.dropLast())  // ends with the closing "---\n"
        #expect(try NoteDocument.read(document, originalBody: "").body == "")
        #expect(try NoteDocument.read(header + "hello\n", originalBody: "").body == "hello")  // typed on the line
        #expect(try NoteDocument.read(header + "\nhello\n", originalBody: "").body == "hello")  // a line opened under it
        #expect(try NoteDocument.read(header + "\n\nhello\n", originalBody: "").body == "\nhello")
    }

    @Test func editFileNamesKeepLettersOfEveryScript() {
        #expect(EditFile.safeName("東京 trip") == "東京-trip")
        #expect(EditFile.safeName("Crème brûlée: the plan!") == "Crème-brûlée-the-plan")
        #expect(EditFile.safeName("../../etc/passwd") == "etc-passwd")
        #expect(EditFile.safeName("👍🏽") == "note")
        #expect(EditFile.safeName(String(repeating: "a", count: 100)).count == 40)
    }

    /// Backups an editor leaves beside the file (`name.md~`, `#name.md#`) go with the folder.
    @Test func discardRemovesWhatTheEditorLeftInTheFolder() throws {
        let scratch = try TemporaryFolder(prefix: "notes-editfile")
        defer { scratch.remove() }
        let file = try EditFile(bytes: Array("text".utf8), name: "Draft", temporaryFolder: scratch.url)
        let folder = URL(fileURLWithPath: file.path).deletingLastPathComponent()
        try Data("old text".utf8).write(to: URL(fileURLWithPath: file.path + "~"))
        try Data("old text".utf8).write(to: folder.appendingPathComponent("#Draft.md#"))

        file.discard()

        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }
}
