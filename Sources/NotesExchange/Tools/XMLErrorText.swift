import Foundation

/// What a parse error of Foundation's `XMLParser` (libxml2's `xmlParserErrors` numbers) means,
/// as a sentence for the user: no library error number ever reaches a message. A number
/// not in the table gets a sentence that says what is known (the XML is not well-formed there).
enum XMLErrorText {
    /// The sentence for libxml2's error `code`; `cutShort` when the input ended inside an
    /// element (libxml2 then says "extra content" at the end of a truncated file).
    static func describe(code: Int, cutShort: Bool) -> String {
        if cutShort, code == 5 { return "the file ends inside an element (is it cut short?)" }
        return sentences[code] ?? "this is not well-formed XML (the XML reader stopped here)"
    }

    static let sentences: [Int: String] = [
        1: "one piece of text (a note's content) is over the XML reader's limit of about 10 MB",
        2: "the XML reader ran out of memory",
        3: "the document does not start like XML",
        4: "the document is empty",
        5: "extra content after the end of the document",
        6: "a character reference (&#x…;) is not a valid hexadecimal number",
        7: "a character reference (&#…;) is not a valid number",
        8: "a character reference names a character XML does not allow",
        9: "a character XML does not allow",
        14: "an entity reference (&…;) is cut off by the end of the file",
        22: "an '&' is not followed by an entity name (write &amp; for a plain '&')",
        23: "an entity reference (&…;) is not closed by ';'",
        26: "an entity that is not declared (Evernote's text uses only &amp; &lt; &gt; &quot; &apos; outside CDATA)",
        27: "an entity that is not declared (Evernote's text uses only &amp; &lt; &gt; &quot; &apos; outside CDATA)",
        31: "the encoding the document declares is unknown",
        32: "the encoding the document declares is not supported",
        38: "a '<' inside an attribute value",
        39: "an attribute value does not start with a quote",
        40: "an attribute value is never closed",
        41: "an attribute has no value",
        42: "an attribute is given twice in one tag",
        45: "a comment is never closed",
        47: "a processing instruction (<?…?>) is never closed",
        57: "the XML declaration (<?xml …?>) is not closed",
        61: "the DOCTYPE declaration is never closed",
        62: "']]>' outside a CDATA section",
        63: "a CDATA section is never closed (or holds another one)",
        64: "a name starting with 'xml' is reserved",
        65: "a blank is missing between two parts of a tag",
        68: "a name is expected (after '<' or in a tag)",
        73: "'>' expected",
        74: "'</' expected",
        75: "'=' expected after an attribute name",
        76: "an end tag does not match its start tag",
        77: "a tag is never closed (is the file cut short?)",
        80: "'--' inside a comment",
        81: "the bytes are not in the encoding the document declares",
        85: "the elements are not well balanced",
        86: "extra content at the end of the document",
        89: "an entity refers to itself",
        96: "the XML declaration has no version",
    ]
}
