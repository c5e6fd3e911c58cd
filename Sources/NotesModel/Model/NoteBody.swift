import NotesBase
import NotesJSON

/// How a `Note` holds its body: as text, or as a string still in the snapshot file
/// it was read from, decoded each time it is asked for (opening a large store then
/// never builds the bodies the list does not show; see `SnapshotFile`).
package enum NoteBody: Sendable {
    case text(String)
    case inSnapshot(SnapshotString)

    var text: String {
        switch self {
        case .text(let text): text
        case .inSnapshot(let string): string.text
        }
    }

    /// Calls `read` with the text as UTF-8, without building a `String` when it is still
    /// in the snapshot: straight from the file, or unescaped into a scratch buffer.
    func withUTF8<Result>(_ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if case .inSnapshot(let string) = self {
            if !string.raw.hasEscapes, let result = string.withRawBytes(read) { return result }
            if string.raw.hasEscapes, let result = string.withDecodedUTF8(read) { return result }
        }
        var text = self.text
        return text.withUTF8(read)
    }

    /// Calls `read` with the text as it is held: the file's bytes, escapes and all, when
    /// it is still in the snapshot, so that nothing is decoded whole (see `BodyBytes`).
    func withBytes<Result>(_ read: (BodyBytes) -> Result) -> Result {
        if case .inSnapshot(let string) = self {
            let escaped = string.raw.hasEscapes
            if let result = string.withRawBytes({ read(escaped ? BodyBytes(escaped: $0) : BodyBytes(plain: $0)) }) { return result }
        }
        var text = self.text
        return text.withUTF8 { read(BodyBytes(plain: $0)) }
    }

    /// Copies the text as UTF-8 into `output`, unescaping it straight there when it is
    /// still in the snapshot; returns the count, nil when it does not fit.
    func copyUTF8(into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        if case .inSnapshot(let string) = self, string.raw.hasEscapes, let count = string.decodeUTF8(into: output) { return count }
        return withUTF8 { bytes in
            guard bytes.count <= output.count else { return nil }
            _ = output.initialize(fromContentsOf: bytes)
            return bytes.count
        }
    }

    /// At least the text's length in UTF-8, found without decoding it: escapes only
    /// ever get shorter when decoded.
    package var utf8CountBound: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .inSnapshot(let string): string.raw.range.count
        }
    }

    /// Whether both hold the same bytes (not `String`'s canonical equivalence: a body
    /// whose `é` became `e` + U+0301 changed). The same text in the same snapshot is
    /// known without reading it; otherwise each is read at most once.
    func hasSameBytes(as other: NoteBody) -> Bool {
        if case .inSnapshot(let one) = self, case .inSnapshot(let two) = other, one.isSame(as: two) { return true }
        // Lengths that cannot match settle it without decoding (a 200 MB body that grew);
        // not for a damaged body, which reads as a message of another length.
        guard readsAsItsBytes, other.readsAsItsBytes else { return withUTF8 { one in other.withUTF8 { two in UTF8Text.equal(one, two) } } }
        if let count = exactUTF8Count, count > other.utf8CountBound || other.exactUTF8Count.map({ $0 != count }) == true {
            return false
        }
        if let count = other.exactUTF8Count, count > utf8CountBound { return false }
        return withUTF8 { one in other.withUTF8 { two in UTF8Text.equal(one, two) } }
    }

    /// Why a body still in the snapshot does not check (file, line, column and reason), or
    /// nil: it then reads as a message saying so (see `BodyDamage`).
    var damage: String? {
        guard case .inSnapshot(let string) = self, let damage = string.damage else { return nil }
        return damage.description
    }

    /// Whether the text is its bytes: false only for a body still in the snapshot that does
    /// not check (see `SnapshotString.problem`), which reads as a message saying so.
    private var readsAsItsBytes: Bool {
        if case .inSnapshot(let string) = self { return string.isValid }
        return true
    }

    /// The text's length in UTF-8 when it is known without decoding (nil for text still
    /// in the snapshot with escapes: see `utf8CountBound`).
    var exactUTF8Count: Int? {
        switch self {
        case .text(let text): text.utf8.count
        case .inSnapshot(let string): string.raw.hasEscapes ? nil : string.raw.range.count
        }
    }

    static func == (left: NoteBody, right: NoteBody) -> Bool {
        if case .inSnapshot(let one) = left, case .inSnapshot(let other) = right, one.isSame(as: other) { return true }
        return left.text == right.text
    }
}
