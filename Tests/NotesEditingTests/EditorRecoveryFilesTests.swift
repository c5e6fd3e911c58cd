import Foundation
import NotesTestData
import Testing
@testable import NotesEditing

/// An editor's recovery files (vim's swap file, emacs's auto-save) hold what was typed and
/// not written when a hangup ends the editor: a kept text takes them along into the unsaved
/// folder, and the announcement of the text says how to recover from them.
@Suite struct EditorRecoveryFilesTests {
    @Test func keepingATextTakesTheEditorsRecoveryFilesAlongAndLeavesNoFolder() throws {
        let scratch = try TemporaryFolder(prefix: "notes-recovery")
        defer { scratch.remove() }
        let unsaved = scratch.url.appendingPathComponent("unsaved")
        let file = try EditFile(bytes: Array("text".utf8), name: "Draft", temporaryFolder: scratch.url)
        let folder = URL(fileURLWithPath: file.path).deletingLastPathComponent()
        try Data("swap".utf8).write(to: folder.appendingPathComponent(".Draft.md.swp"))
        try Data("auto-save".utf8).write(to: folder.appendingPathComponent("#Draft.md#"))
        try Data("other".utf8).write(to: folder.appendingPathComponent(".Other.md.swp"))

        let kept = file.keep(in: unsaved)

        let name = URL(fileURLWithPath: kept).lastPathComponent
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: unsaved.path))
        #expect(names == [name, ".\(name).swp", "#\(name)#"])
        #expect(try String(contentsOf: unsaved.appendingPathComponent(".\(name).swp"), encoding: .utf8) == "swap")
        #expect(try String(contentsOf: unsaved.appendingPathComponent("#\(name)#"), encoding: .utf8) == "auto-save")
        #expect(!FileManager.default.fileExists(atPath: folder.path))

        #expect(UnsavedTexts.untold(in: unsaved) == [kept])
        let announcement = try #require(UnsavedTexts.announcement([kept]))
        #expect(announcement.hasSuffix("(what was typed after the last write: vim -r \(kept))"))
    }

    @Test func onlyTheEditedFilesRecoveryFilesAreTaken() {
        #expect(EditorRecoveryFiles.renamed(".a.md.swp", from: "a.md", to: "b.md") == ".b.md.swp")
        #expect(EditorRecoveryFiles.renamed(".a.md.swo", from: "a.md", to: "b.md") == ".b.md.swo")
        #expect(EditorRecoveryFiles.renamed("#a.md#", from: "a.md", to: "b.md") == "#b.md#")
        #expect(EditorRecoveryFiles.renamed(".a.md.swp.bak", from: "a.md", to: "b.md") == nil)
        #expect(EditorRecoveryFiles.renamed(".aa.md.swp", from: "a.md", to: "b.md") == nil)
        #expect(EditorRecoveryFiles.renamed("a.md~", from: "a.md", to: "b.md") == nil)
    }

    @Test func aTextWithoutRecoveryFilesIsAnnouncedAsBefore() throws {
        let scratch = try TemporaryFolder(prefix: "notes-recovery")
        defer { scratch.remove() }
        let file = try EditFile(bytes: Array("text".utf8), name: "Draft", temporaryFolder: scratch.url)
        let kept = file.keep(in: scratch.url.appendingPathComponent("unsaved"))
        #expect(UnsavedTexts.announcement([kept]) == "A text that could not be saved is kept in \(kept)")
    }
}
