import Foundation
import AgeFormat

/// The replay guard of an encrypted sync. age authenticates each file but not its place in
/// time, and anyone who knows the recipient can make an age file: so every commit a home
/// makes in an encrypted sync carries, as the last paragraph of its message,
///
///     Notes-Manifest: v1 <version> <mac>
///
/// where `version` is one more than the highest version of its parents (0 for a commit
/// without a manifest) and `mac` is HMAC-SHA-256, cut to 128 bits, under a key derived from
/// the identity (`SyncKey.manifestKey`), of the commit's tree id and its version. The tree id
/// names every file of the commit by its hash, so the manifest authenticates the whole
/// commit at the cost of one hash: only a holder of the secret key can make one, and a file
/// changed, added, replayed or removed makes the tree, and so the manifest, wrong.
///
/// A home takes a remote's commit only when it carries a valid manifest whose version is
/// above that of the commit it last synced (`SyncRepository.checkManifest(of:synced:)`): an
/// earlier commit, or an earlier file committed on top of the tip, is refused, naming the
/// notes it would have changed.
struct SyncManifest: Equatable {
    static let prefix = "Notes-Manifest: v1 "
    var version: UInt64
    var mac: [UInt8]

    /// The manifest of a commit of `tree` at `version`, under `key`.
    init(tree: String, version: UInt64, key: [UInt8]) {
        self.version = version
        mac = Self.mac(tree: tree, version: version, key: key)
    }

    private init(version: UInt64, mac: [UInt8]) {
        self.version = version
        self.mac = mac
    }

    private static func mac(tree: String, version: UInt64, key: [UInt8]) -> [UInt8] {
        AgeCrypto.keyedHash(Data("notes sync manifest v1\ntree \(tree)\nversion \(version)\n".utf8), key: key)
    }

    /// The line written at the end of a commit message.
    var line: String { Self.prefix + "\(version) " + mac.map { String(format: "%02x", $0) }.joined() }

    /// Whether this manifest was made with `key` for a commit of `tree`.
    func isValid(tree: String, key: [UInt8]) -> Bool {
        Self.mac(tree: tree, version: version, key: key) == mac
    }

    /// The manifest line of a commit message (its last one), or nil when it has none.
    static func parse(message: Substring) -> SyncManifest? {
        guard let line = message.split(separator: "\n").last(where: { $0.hasPrefix(prefix) }) else { return nil }
        let fields = line.dropFirst(prefix.count).split(separator: " ")
        guard fields.count == 2, let version = UInt64(fields[0]), fields[1].utf8.count == 32 else { return nil }
        var mac: [UInt8] = []
        var text = Substring(fields[1])
        while !text.isEmpty {
            guard let byte = UInt8(text.prefix(2), radix: 16) else { return nil }
            mac.append(byte)
            text = text.dropFirst(2)
        }
        return SyncManifest(version: version, mac: mac)
    }
}
