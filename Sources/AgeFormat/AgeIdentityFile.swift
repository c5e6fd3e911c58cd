import Foundation

/// An identity file as `age-keygen` writes it and `age -d -i` reads it: comment lines
/// (`# created: …`, `# public key: age1…`), then one `AGE-SECRET-KEY-1…` line.
public enum AgeIdentityFile {
    /// The text of a file holding `identity`.
    public static func text(for identity: AgeX25519Identity, created: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return "# created: \(formatter.string(from: created))\n# public key: \(identity.recipient.text)\n\(identity.text)\n"
    }

    /// The identities of a file's text: every line that is not empty or a comment must be one.
    public static func identities(in text: String) throws(AgeError) -> [AgeX25519Identity] {
        var identities: [AgeX25519Identity] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do { identities.append(try AgeX25519Identity(trimmed)) } catch {
                throw .invalidKey("line \(number + 1) is not an age identity (AGE-SECRET-KEY-1…)")
            }
        }
        guard !identities.isEmpty else { throw .invalidKey("it holds no age identity (a line AGE-SECRET-KEY-1…)") }
        return identities
    }
}
