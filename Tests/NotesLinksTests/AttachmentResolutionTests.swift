import Foundation
import NotesLinks
import NotesModel
import Testing

/// The one link rule's third answer: a link to a file the linking note holds leads to that
/// attachment; a note of that name still wins, and a file the note does not hold stays external.
@Suite struct AttachmentResolutionTests {
    private let trip: Note
    private let photo: AttachmentPath

    init() throws {
        let id = UUID()
        photo = try AttachmentPath("attachments/\(id.uuidString)/photo.png")
        trip = Note(id: id, title: "Trip", body: "[[photo.png]] ![[photo.png]] [x](other.pdf) [[scan.png]]",
                    attachments: [photo])
    }

    private func resolve(_ target: LinkTarget, among notes: [Note]) -> LinkResolution {
        let byID = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
        return LinkGraph(notes: notes).resolve(target, from: trip, lookup: { byID[$0] })
    }

    @Test func aWikiLinkOrAnEmbedOfAHeldFileLeadsToTheAttachment() {
        #expect(resolve(.title("photo.png"), among: [trip]) == .attachment(photo))
        #expect(resolve(.file("photo.png"), among: [trip]) == .attachment(photo))
        #expect(resolve(.file("./assets/photo.png"), among: [trip]) == .attachment(photo))
    }

    @Test func aNoteOfThatNameWinsAndOtherFilesAreNotAttachments() {
        let named = Note(title: "photo.png")
        #expect(resolve(.title("photo.png"), among: [trip, named]) == .note(named.id))
        #expect(resolve(.title("scan.png"), among: [trip]) == .missing("scan.png"))
        #expect(resolve(.file("other.pdf"), among: [trip]) == .external(.file("other.pdf")))
    }

    @Test func theDeadLinkListAndBacklinksAskTheSameRule() {
        let byID = [trip.id: trip]
        let graph = LinkGraph(notes: [trip])
        let broken = graph.brokenLinks(lookup: { byID[$0] })
        #expect(broken.flatMap { $0.links.map(\.link.target) } == [.title("scan.png")])
        #expect(!LinkResolution.attachment(photo).isBroken)
    }
}
