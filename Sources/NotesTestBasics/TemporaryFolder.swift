import Foundation

/// A fresh folder under the system's temporary folder, removed with `remove()`.
public struct TemporaryFolder: Sendable {
    public let url: URL

    public init(prefix: String = "notes-test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    public func remove() { try? FileManager.default.removeItem(at: url) }

    /// A fresh folder and the path of a `notes.json` inside it (not yet created).
    public static func forStore() throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder(prefix: "notes-store")
        return (folder, folder.file("notes.json"))
    }
}
