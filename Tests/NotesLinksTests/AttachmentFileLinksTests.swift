import Foundation
import NotesLinks
import NotesModel
import Testing

/// `AttachmentLinks.fileLinks`: one scan gives the files a body names and which of them an
/// embed or a link to a file names (a wiki link to `v1.2.png` may be a missing note).
@Suite struct AttachmentFileLinksTests {
    @Test func thePathsInOrderAndTheOnesNamedAsFiles() {
        let body = "[[photo.png]] ![[./photo.png]] [[v1.2.png]] ![x](assets/x.png#a) [doc](doc.pdf) `![[code.png]]` [[Note]]"
        let files = AttachmentLinks.fileLinks(in: body, order: .targetFirst)
        #expect(files.paths == ["photo.png", "v1.2.png", "assets/x.png", "doc.pdf"])
        #expect(files.paths == AttachmentLinks.filePaths(in: body, order: .targetFirst))
        #expect(files.explicit == ["photo.png", "assets/x.png", "doc.pdf"])
    }
}
