import Foundation
import Testing
@testable import NotesJSON
@testable import NotesExchange

/// A note of an export is read member by member, without an object tree: it gives the
/// values the tree gives, and refuses what the tree refuses, with the same error.
@Suite struct ExportNoteMembersTests {
    static let keys = ["id", "title", "body", "created", "updated", "category", "tags", "kind", "attachments", "deleted", "pinned", "aliases"]

    private func members(_ text: String) -> Result<ExportNoteMembers, JSONError> {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) -> ExportNoteMembers in
                try JSONReader.read(buffer) { (reader: inout JSONReader) throws(JSONError) -> ExportNoteMembers in
                    let members = try ExportNoteMembers.read(&reader)
                    try reader.expectEnd()
                    return members
                }
            }
        }
    }

    private func value(_ members: ExportNoteMembers, _ key: String) -> JSONValue? {
        switch key {
        case "id": members.id
        case "title": members.title
        case "body": members.body
        case "created": members.created
        case "updated": members.updated
        case "category": members.category
        case "tags": members.tags
        case "kind": members.kind
        case "attachments": members.attachments
        case "deleted": members.deleted
        case "pinned": members.pinned
        default: members.aliases
        }
    }

    @Test(arguments: [
        #"{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "T \"q\"", "body": "b\né", "created": "2024-01-02T03:04:05Z", "tags": ["a", "b"], "pinned": true, "aliases": [], "extra": {"x": [1, 2]}}"#,
        #"{"title": "x", "category": null, "kind": "journal", "deleted": null, "attachments": ["attachments/a/b.png"]}"#,
        #"{}"#,
        #"[1, 2]"#,
        #""just a string""#,
        #"null"#,
        #"{"title": "a", "title": "b"}"#,
        #"{"extra": 1, "extra": 2}"#,
        #"{"title": "a", "extra": "bad \x escape"}"#,
        #"{"title": "a", "extra": {"k": 1, "k": 2}}"#,
        #"{"title": "\ud800"}"#,
        #"{"title": "a",}"#,
        #"{"title" "a"}"#,
    ])
    func givesWhatTheTreeGives(text: String) throws {
        let tree = Result { () throws(JSONError) -> JSONValue in try JSONValue.parse(Array(text.utf8)) }
        switch (members(text), tree) {
        case (.success(let members), .success(let value)):
            for key in Self.keys { #expect(self.value(members, key) == value[key], "\(key)") }
        case (.failure(let error), .failure(let expected)):
            #expect(error.reason == expected.reason)
            #expect(error.offset == expected.offset)
            #expect(error.pathText == expected.pathText)
        case (let read, let expected):
            Issue.record("read \(read), the tree gives \(expected)")
        }
    }
}
