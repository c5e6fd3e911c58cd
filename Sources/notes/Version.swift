/// What `notes --version` prints: the version and the commit the binary was built from
/// (`BuildCommit.id`, written at build time by the BuildCommit plugin).
enum NotesVersion {
    /// The version of the product; changed by hand when a release is made.
    static let number = "0.9.0"

    /// `notes 0.9.0 (74c6fa9)`, or `(unknown commit)` for a build outside a git work tree.
    static var text: String { text(commit: BuildCommit.id) }

    static func text(commit: String?) -> String {
        "notes \(number) (\(commit ?? "unknown commit"))"
    }
}
