import Foundation

/// Hands bytes already in memory to `XMLParser(stream:)` a read at a time, without copying
/// them (`InputStream(data:)` copies the whole file first).
///
/// `XMLParser(data:)` gives libxml2 the whole document in one push, and libxml2, which
/// Foundation cannot ask for `XML_PARSE_HUGE`, stops any push parse whose unread input is
/// over 10,000,000 bytes ("Huge input lookup", error 1): an `.enex` over about 10 MB failed
/// at its end. Read through a stream, the parser gets a page at a time and never holds
/// more than one piece of text (one note's content) unread.
final class XMLDataStream: InputStream {
    private let data: Data
    private var offset = 0

    init(_ data: Data) {
        self.data = data
        super.init(data: Data())
    }

    override func open() {}
    override func close() {}
    override var hasBytesAvailable: Bool { offset < data.count }
    override var streamStatus: Stream.Status { offset < data.count ? .open : .atEnd }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        let count = min(maxLength, data.count - offset)
        guard count > 0 else { return 0 }
        let start = data.startIndex + offset
        data.copyBytes(to: buffer, from: start ..< start + count)
        offset += count
        return count
    }
}
