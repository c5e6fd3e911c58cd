import Foundation
import NotesTestBasics
import Testing
import AgeFormat

/// What notes writes, the standard `age` tool (Debian's package, `.ci/run` installs it)
/// reads, and the other way round.
struct AgeToolTests {
    static let tool = URL(fileURLWithPath: "/usr/bin/age")
    static let keygen = URL(fileURLWithPath: "/usr/bin/age-keygen")

    private func run(_ program: URL, _ arguments: [String]) throws -> CLIResult {
        let result = try CLIRunner(executable: program).run(arguments)
        #expect(result.status == 0, "\(program.lastPathComponent) \(arguments.joined(separator: " ")): \(result)")
        return result
    }

    /// Plaintexts around the chunk boundaries: empty, tiny, one byte short of a chunk, a
    /// whole chunk, one byte over, several chunks.
    static let sizes = [0, 1, 100, 65_535, 65_536, 65_537, 200_000]

    private func plaintext(_ count: Int) -> [UInt8] {
        var random = SeededRandom(seed: UInt64(count) &+ 7)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    @Test(arguments: sizes)
    func ageDecryptsWhatNotesWrote(_ count: Int) throws {
        let folder = try TemporaryFolder(prefix: "age-tool")
        defer { folder.remove() }
        let identity = AgeX25519Identity()
        try AgeIdentityFile.text(for: identity).write(to: folder.file("key.txt"), atomically: true, encoding: .utf8)
        let data = plaintext(count)
        for padded in [false, true] {
            let file = try AgeFormat.encrypt(data, to: [identity.recipient],
                                             paddedSize: padded ? { max($0, 4096) * 2 } : nil)
            try Data(file).write(to: folder.file("file.age"))
            try? FileManager.default.removeItem(at: folder.file("out"))
            _ = try run(Self.tool, ["-d", "-i", folder.file("key.txt").path, "-o", folder.file("out").path, folder.file("file.age").path])
            // age creates its output file only when it writes something.
            let output = count == 0 ? (try? Data(contentsOf: folder.file("out"))) ?? Data() : try Data(contentsOf: folder.file("out"))
            #expect([UInt8](output) == data, "size \(count), padded \(padded)")
        }
    }

    @Test(arguments: sizes)
    func notesDecryptsWhatAgeWrote(_ count: Int) throws {
        let folder = try TemporaryFolder(prefix: "age-tool")
        defer { folder.remove() }
        _ = try run(Self.keygen, ["-o", folder.file("key.txt").path])
        let identities = try AgeIdentityFile.identities(in: String(contentsOf: folder.file("key.txt"), encoding: .utf8))
        let recipient = try run(Self.keygen, ["-y", folder.file("key.txt").path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(identities.first?.recipient.text == recipient)
        let data = plaintext(count)
        try Data(data).write(to: folder.file("plain"))
        // To the recipient (`-r age1…`), and to the identity file itself (`-e -i`).
        _ = try run(Self.tool, ["-r", recipient, "-o", folder.file("to-recipient.age").path, folder.file("plain").path])
        _ = try run(Self.tool, ["-e", "-i", folder.file("key.txt").path, "-o", folder.file("to-identity.age").path, folder.file("plain").path])
        for name in ["to-recipient.age", "to-identity.age"] {
            let file = [UInt8](try Data(contentsOf: folder.file(name)))
            #expect(try AgeFormat.decrypt(file, with: identities) == data, "\(name), size \(count)")
            #expect(throws: AgeError.noMatchingIdentity) { try AgeFormat.decrypt(file, with: [AgeX25519Identity()]) }
        }
    }

    @Test func keysReadAsAgeKeygenWritesThem() throws {
        let folder = try TemporaryFolder(prefix: "age-tool")
        defer { folder.remove() }
        _ = try run(Self.keygen, ["-o", folder.file("key.txt").path])
        let text = try String(contentsOf: folder.file("key.txt"), encoding: .utf8)
        let identity = try #require(try AgeIdentityFile.identities(in: text).first)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("AGE-SECRET-KEY-1") })
        #expect(identity.text == line)
        // age-keygen -y reads the file notes writes.
        try AgeIdentityFile.text(for: identity).write(to: folder.file("ours.txt"), atomically: true, encoding: .utf8)
        let recipient = try run(Self.keygen, ["-y", folder.file("ours.txt").path]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(recipient == identity.recipient.text)
        #expect(try AgeX25519Recipient(recipient) == identity.recipient)
    }
}
