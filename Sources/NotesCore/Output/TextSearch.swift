import Foundation

/// Whether a text contains a query as `notes list --search` means it: Foundation's
/// `range(of:options: [.caseInsensitive, .diacriticInsensitive])`.
///
/// Asking Foundation bridges every text to UTF-16, which made a search of 100,000
/// notes take a second. So a query of printable ASCII is first answered from the
/// text's UTF-8 bytes, where that answer is certain:
/// - a case-insensitive byte match is a match: folding never removes or changes an
///   ASCII letter of the text (bar its case), and Foundation does not ask a match to
///   start or end on a character boundary (`abc` is found in `abc` + U+20DD);
/// - a text all of ASCII without a byte match has nothing to fold but case, so
///   Foundation finds nothing either.
/// Anything else (a non-ASCII query, or a non-ASCII text without a byte match) is
/// asked of Foundation, so the answers are always Foundation's. The tests hold the
/// two to each other on texts chosen to tell them apart.
public struct TextSearch: Sendable {
    public let query: String
    /// The query lower-cased, when it is all printable ASCII.
    private let asciiQuery: [UInt8]?

    public init(_ query: String) {
        self.query = query
        let bytes = Array(query.utf8)
        asciiQuery = !bytes.isEmpty && bytes.allSatisfy { (0x20...0x7E).contains($0) } ? bytes.map(Self.lowercased) : nil
    }

    /// Whether `text` contains the query.
    public func isFound(in text: String) -> Bool {
        if let asciiQuery, let answer = text.utf8.withContiguousStorageIfAvailable({ Self.answer(asciiQuery, in: $0) }),
           let certain = answer {
            return certain
        }
        return askFoundation(text)
    }

    /// Whether the text given as UTF-8 contains the query; `text` builds it as a
    /// `String` only when Foundation must be asked.
    public func isFound(inUTF8 bytes: UnsafeBufferPointer<UInt8>, text: () -> String) -> Bool {
        if let asciiQuery, let certain = Self.answer(asciiQuery, in: bytes) { return certain }
        return askFoundation(text())
    }

    private func askFoundation(_ text: String) -> Bool {
        text.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }

    /// True or false where the bytes decide it (see the type's comment), nil where they do not.
    static func answer(_ query: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = query.first else { return true }
        var sawNonASCII = false
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte >= 0x80 {
                sawNonASCII = true
            } else if lowercased(byte) == first, index + query.count <= text.count {
                var matched = 1
                while matched < query.count, lowercased(text[index + matched]) == query[matched] { matched += 1 }
                if matched == query.count { return true }
            }
            index += 1
        }
        return sawNonASCII ? nil : false
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }
}
