import Foundation
import Testing
import NotesBase
import NotesJSON
import NotesColor
import NotesModel

/// The ordered JSON value, its reader, ISO dates, and the stable `--json` encodings.
@Suite struct OutputJSONTests {
    @Test func objectsKeepTheirKeyOrderAndStringsAreEscaped() {
        let value = JSONValue.object([
            ("z", .string("quote \" backslash \\ newline \n tab \t bell \u{07} é ✓")),
            ("a", .array([.integer(1), .null, .bool(false)])),
            ("m", .object([])),
        ])

        #expect(value.serialized(pretty: false)
            == #"{"z":"quote \" backslash \\ newline \n tab \t bell \u0007 é ✓","a":[1,null,false],"m":{}}"#)
        #expect(value.serialized() == """
        {
          "z": "quote \\" backslash \\\\ newline \\n tab \\t bell \\u0007 é ✓",
          "a": [
            1,
            null,
            false
          ],
          "m": {}
        }
        """)
    }

    @Test func floatsUseTheShortestExactDigits() {
        #expect(JSONValue.float(1) == .number("1"))
        #expect(JSONValue.float(0) == .number("0"))
        #expect(JSONValue.float(0.5) == .number("0.5"))
        #expect(JSONValue.float(128.0 / 255) == .number("0.5019608"))
        #expect(JSONValue.float(.nan) == .null)
        for value: Float in [0.1, 1.0 / 3, 0.0001, 2.5e-7, 0.99999994] {
            #expect(JSONValue.float(value).floatValue == value)
        }
    }

    @Test func parsingRoundTripsWhatIsWritten() throws {
        let value = JSONValue.object([
            ("text", .string("a\"b\\c\nd\u{01}e😀")), ("n", .number("-12.5e-3")), ("list", .array([.bool(true), .null])),
        ])

        #expect(try JSONValue.parse(value.serialized()) == value)
        #expect(try JSONValue.parse(value.serialized(pretty: false)) == value)
        #expect(try JSONValue.parse(#""\ud83d\ude00 \u00e9""#) == .string("😀 é"))
    }

    @Test(arguments: [
        ("{\"a\": 1,}", 1, 9), ("[1, 2", 1, 6), ("{\"a\": 1, \"a\": 2}", 1, 14), ("\n  tru", 2, 3),
        ("\"\\ud800\"", 1, 8), ("01", 1, 2), ("\"tab\there\"", 1, 5), ("", 1, 1),
    ])
    func badJSONIsAnErrorWithAPlace(text: String, line: Int, column: Int) {
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text)
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
        }
    }

    @Test func aKeyTwiceIsAnErrorWithItsPath() {
        #expect(throws: JSONError.self) { try JSONValue.parse(#"{"a": 1, "a": 2}"#) }
        do {
            _ = try JSONValue.parse(#"{"notes": [{"id": 1, "id": 2}]}"#)
        } catch {
            #expect(error.reason == "duplicate key 'id'")
            #expect(error.pathText == "notes[0].id")
        }
    }

    @Test func outputEscapesWhatTerminalsAndScriptsTripOn() throws {
        let value = JSONValue.string("b\u{08} f\u{0C} del\u{7F} ls\u{2028} ps\u{2029} esc\u{1B} nul\u{0}")

        #expect(value.serialized() == #""b\b f\f del\u007f ls\u2028 ps\u2029 esc\u001b nul\u0000""#)
        #expect(JSONValue.quoted("a \"b\"") == #""a \"b\"""#)
        #expect(try JSONValue.parse(value.serialized()) == value)
    }

    @Test func numbersKeepTheirTextAndReadAsAnyType() throws {
        let value = try JSONValue.parse("[1, 1.0, -12.5e-3, 0.1]")

        #expect(value == .array([.number("1"), .number("1.0"), .number("-12.5e-3"), .number("0.1")]))
        #expect(value.arrayValue?.map(\.intValue) == [1, nil, nil, nil])
        #expect(value.arrayValue?.map(\.doubleValue) == [1, 1, -0.0125, 0.1])
        #expect(value.arrayValue?.map(\.floatValue) == [1, 1, -0.0125, 0.1])
        #expect(value.serialized(pretty: false) == "[1,1.0,-12.5e-3,0.1]")
        #expect(throws: JSONError.self) { try JSONValue.parse("[1e400]") }
        #expect(JSONValue.double(785_000_000.25) == .number("785000000.25"))
        #expect(JSONValue.double(3) == .number("3"))
        #expect(JSONValue.double(.infinity) == .null)
        #expect(JSONValue.string("x").doubleValue == nil)
    }

    @Test func aByteOrderMarkIsSkippedButPlacesCountIt() throws {
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": true}".utf8)) == .object([("a", .bool(true))]))
        do {
            _ = try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[tru]".utf8))
        } catch {
            #expect(error.column == 5)
        }
    }

    @Test func treesAreEditedByKey() {
        let value = JSONValue.object([("a", .integer(1)), ("b", .null)])

        #expect(value.setting("a", to: .bool(true)).setting("c", to: .optionalString(nil))
            == .object([("a", .bool(true)), ("b", .null), ("c", .null)]))
        #expect(value.removing("a").objectValue?.map(\.0) == ["b"])
        #expect(value["b"]?.isNull == true)
        #expect(value.setting("a", to: .bool(false))["a"]?.boolValue == false)
        #expect(JSONValue.array([]).setting("a", to: .null) == .array([]))
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
    }

    @Test func isoDatesHaveMillisecondsInUTC() throws {
        let date = Date(timeIntervalSince1970: 1_714_572_207.1234)

        #expect(ISODate.format(date) == "2024-05-01T14:03:27.123Z")
        #expect(ISODate.format(Date(timeIntervalSince1970: -1.5)) == "1969-12-31T23:59:58.500Z")
        #expect(ISODate.parse("2024-05-01T14:03:27.123Z") == ISODate.rounded(date))
        #expect(ISODate.parse("2024-05-01T16:03:27.123+02:00") == ISODate.rounded(date))
        #expect(ISODate.parse("2024-05-01T14:03:27Z") == Date(timeIntervalSince1970: 1_714_572_207))
        #expect(ISODate.parse("2024-02-30T00:00:00Z") == nil)
        #expect(ISODate.parse("2024-05-01 14:03:27Z") == nil)
        #expect(ISODate.parse("yesterday") == nil)
    }

    @Test func roundedDatesSurviveFormattingBitForBit() {
        for seconds in [0.0, 1_714_572_207.999, 1_800_000_000.0015, 978_307_200.25] {
            let date = ISODate.rounded(Date(timeIntervalSince1970: seconds))
            #expect(ISODate.parse(ISODate.format(date)) == date)
        }
    }

    @Test func aNoteHasAFixedSetOfKeys() throws {
        let work = Category(name: "Work", color: try SerializableColor(hex: "#FF800080"))
        let note = Note(title: "T", body: "B", created: Date(timeIntervalSince1970: 0), categoryID: work.id,
                        tags: ["b", "a"], kind: .journal, attachments: [try AttachmentPath("files/x.png")])
        let database = NotesDatabase(notes: [note], categories: [work])

        let json = JSONOutput.note(note, in: database)

        guard case .object(let pairs) = json else { Issue.record("not an object"); return }
        #expect(pairs.map(\.0) == ["id", "title", "body", "created", "updated", "category", "tags", "kind", "pinned", "aliases", "attachments"])
        #expect(json["category"] == .string("Work"))
        #expect(json["tags"] == .array([.string("a"), .string("b")]))
        #expect(json["kind"] == .string("journal"))
        #expect(json["created"] == .string("1970-01-01T00:00:00.000Z"))
        #expect(json["attachments"] == .array([.string("files/x.png")]))
    }

    @Test func aColorIsAnObjectAndReadsBackExactly() throws {
        let p3 = try SerializableColor(colorSpace: .displayP3, red: 0.1, green: 0.2, blue: 0.3, alpha: 0.25)

        let json = JSONOutput.color(p3)

        guard case .object(let pairs) = json else { Issue.record("not an object"); return }
        #expect(pairs.map(\.0) == ["space", "red", "green", "blue", "alpha", "hex"])
        #expect(json["space"] == .string("display-p3"))
        #expect(json["alpha"] == .number("0.25"))
        #expect(json["hex"]?.stringValue?.count == 9)
        #expect(try JSONOutput.color(from: json) == p3)
        #expect(try JSONOutput.color(from: .string("#00FF00")) == SerializableColor(hex: "00FF00"))
        #expect(throws: ModelError.self) { try JSONOutput.color(from: .object([("space", .string("cmyk"))])) }
    }

    @Test func listingFiltersAndOrdersNewestFirst() throws {
        let work = Category(name: "Work")
        let old = Note(title: "Old report", created: Date(timeIntervalSince1970: 10), categoryID: work.id, tags: ["q3"])
        let new = Note(title: "New", body: "Crème brûlée", created: Date(timeIntervalSince1970: 20), tags: ["q3", "food"])
        let edited = Note(title: "Edited", created: Date(timeIntervalSince1970: 5), updated: Date(timeIntervalSince1970: 30))
        let database = NotesDatabase(notes: [old, new, edited], categories: [work])

        #expect(NoteListing().notes(in: database).map(\.title) == ["Edited", "New", "Old report"])
        #expect(NoteListing(categoryID: work.id).notes(in: database).map(\.title) == ["Old report"])
        #expect(NoteListing(tags: ["q3"]).notes(in: database).map(\.title) == ["New", "Old report"])
        #expect(NoteListing(tags: ["q3", "food"]).notes(in: database).map(\.title) == ["New"])
        #expect(NoteListing(search: "CREME").notes(in: database).map(\.title) == ["New"])
        #expect(NoteListing(search: "report").notes(in: database).map(\.title) == ["Old report"])
    }

    @Test func plainListLinesAreAligned() throws {
        let work = Category(name: "Work")
        let a = Note(id: try #require(UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")), title: "Buy\nmilk",
                     created: Date(timeIntervalSince1970: 1_714_572_207), categoryID: work.id, tags: ["home", "errand"])
        let b = Note(id: try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001")), title: "Idea",
                     created: Date(timeIntervalSince1970: 0))
        let database = NotesDatabase(notes: [a, b], categories: [work])
        let output = PlainOutput(timeZone: try #require(TimeZone(identifier: "UTC")))

        #expect(output.listLines([a, b], in: database) == [
            "3F2504E0  2024-05-01 14:03  Work  Buy milk  #errand #home",
            "00000000  1970-01-01 00:00  -     Idea",
        ])
    }

    @Test func shortIDsGrowUntilTheyAreUnique() throws {
        let twins = try ["0A000000-0000-4000-8000-000000000001", "0A000000-0000-4000-8000-000000000002"].map {
            Note(id: try #require(UUID(uuidString: $0)), title: "t", created: Date(timeIntervalSince1970: 0))
        }
        let database = NotesDatabase(notes: twins)

        #expect(PlainOutput.uniquePrefixLength(in: database) == 36)
        #expect(PlainOutput.uniquePrefixLength(in: NotesDatabase(notes: [twins[0]])) == 8)
        let lines = PlainOutput(timeZone: try #require(TimeZone(identifier: "UTC"))).listLines(twins, in: database)
        #expect(lines.map { $0.prefix(36) } == twins.map { $0.id.uuidString[...] })
    }
}
