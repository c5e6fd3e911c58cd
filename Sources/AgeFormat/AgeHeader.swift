import NotesBase

/// One recipient stanza of an age header: `-> TYPE ARG…` and a body wrapped at 64 columns.
public struct AgeStanza: Equatable, Sendable {
    /// The type (first argument, e.g. `X25519`) followed by the other arguments.
    public var arguments: [String]
    public var body: [UInt8]

    public init(arguments: [String], body: [UInt8]) {
        self.arguments = arguments
        self.body = body
    }

    public var type: String { arguments.first ?? "" }
}

/// The text header of an age file (age-encryption.org/v1): the version line, the stanzas,
/// and the MAC line. Read strictly, with limits, and written canonically; see
/// `AgeFormat` for how the file key and the payload use it.
struct AgeHeader: Equatable {
    static let versionLine = Array("age-encryption.org/v1\n".utf8)
    static let bodyColumns = 64
    /// Limits of this reader (the format sets none): a header larger than this, or with
    /// more stanzas, is refused before anything else is done with it.
    static let maximumBytes = 16 << 20
    static let maximumStanzas = 256

    var stanzas: [AgeStanza]
    var mac: [UInt8]
    /// The header's bytes up to and including `---` (what the MAC covers).
    var macInput: [UInt8]

    /// The header at the start of `file` and where the payload starts.
    static func parse(_ file: [UInt8]) throws(AgeError) -> (header: AgeHeader, payloadStart: Int) {
        var reader = LineReader(bytes: file)
        guard let version = reader.line(), file[version].elementsEqual(versionLine.dropLast()) else {
            throw .malformedHeader("does not start with the line 'age-encryption.org/v1'")
        }
        var stanzas: [AgeStanza] = []
        while true {
            guard let line = reader.line() else { throw .malformedHeader("ends before its MAC line ('--- …')") }
            guard reader.position <= maximumBytes else { throw .malformedHeader("is larger than \(maximumBytes) bytes") }
            let text = file[line]
            if text.starts(with: Array("---".utf8)) {
                let macText = text.dropFirst(3)
                guard macText.first == UInt8(ascii: " "), let mac = AgeBase64.decode(macText.dropFirst()), mac.count == 32 else {
                    throw .malformedHeader("has a MAC line that is not '--- ' and 43 characters of canonical base64")
                }
                let header = AgeHeader(stanzas: stanzas, mac: mac, macInput: Array(file[0..<(line.lowerBound + 3)]))
                return (header, reader.position)
            }
            guard text.starts(with: Array("-> ".utf8)) else {
                throw .malformedHeader("has a line that is neither a stanza ('-> …') nor the MAC line ('--- …')")
            }
            guard stanzas.count < maximumStanzas else { throw .malformedHeader("has more than \(maximumStanzas) stanzas") }
            let arguments = text.dropFirst(3).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard !arguments.isEmpty, arguments.allSatisfy({ !$0.isEmpty && $0.allSatisfy { (0x21...0x7E).contains($0) } }) else {
                throw .malformedHeader("has a stanza line with an empty argument or a character outside ASCII 33–126")
            }
            var bodyText: [UInt8] = []
            while true {
                guard let bodyLine = reader.line() else { throw .malformedHeader("ends inside a stanza body") }
                let lineText = file[bodyLine]
                guard lineText.count <= bodyColumns, lineText.allSatisfy(AgeBase64.isAlphabet) else {
                    throw .malformedHeader("has a stanza body line that is not at most 64 characters of base64")
                }
                bodyText += lineText
                if lineText.count < bodyColumns { break }
            }
            guard let body = AgeBase64.decode(bodyText) else { throw .malformedHeader("has a stanza body that is not canonical base64") }
            stanzas.append(AgeStanza(arguments: arguments.map { String(decoding: $0, as: UTF8.self) }, body: body))
        }
    }

    /// The header's text up to and including `---`, for `stanzas` (what the MAC covers).
    static func encodeWithoutMAC(_ stanzas: [AgeStanza]) -> [UInt8] {
        var output = versionLine
        for stanza in stanzas {
            output += Array(("-> " + stanza.arguments.joined(separator: " ") + "\n").utf8)
            let text = AgeBase64.encode(stanza.body)
            var start = 0
            // Full lines of 64, then always one shorter line (possibly empty) that ends the body.
            while text.count - start >= bodyColumns {
                output += text[start..<start + bodyColumns]
                output.append(0x0A)
                start += bodyColumns
            }
            output += text[start...]
            output.append(0x0A)
        }
        return output + Array("---".utf8)
    }

    /// The size in bytes of a stanza with `arguments` and a body of `bodyCount` bytes, as written.
    static func encodedSize(arguments: [String], bodyCount: Int) -> Int {
        let textCount = (bodyCount * 4 + 2) / 3
        return 3 + arguments.reduce(arguments.count - 1) { $0 + $1.utf8.count } + 1 + textCount + textCount / bodyColumns + 1
    }

    /// Lines ended by `\n` (a line with a `\r` keeps it and so fails the checks above).
    private struct LineReader {
        let bytes: [UInt8]
        var position = 0

        mutating func line() -> Range<Int>? {
            let limit = Swift.min(bytes.count, position + AgeHeader.maximumBytes)
            guard let newline = bytes[position..<limit].firstIndex(of: 0x0A) else { return nil }
            defer { position = newline + 1 }
            return position..<newline
        }
    }
}
