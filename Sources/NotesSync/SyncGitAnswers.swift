import Foundation
import Synchronization

/// What git answered about objects, which never change once named by their ids: the
/// comparison of two commits (`git diff-tree -r -t`), the top of a commit's tree
/// (`git ls-tree`) and the merge base of two commits (`git merge-base`, which also says
/// whether one holds the other). A sync asks the same questions of the same commits from several
/// places (the check of what came in, the notes that came in, the attachment folders that
/// differ, the files to write and those to remove); each is put to git once a sync. Only
/// answers about full object ids are kept (a ref moves), and only small ones (a comparison
/// of a first sync can name every note); `SyncEngine.sync` forgets them all at its start.
final class SyncGitAnswers: Sendable {
    /// The largest answer kept (a comparison of a few notes is a few hundred bytes).
    static let largestKept = 1 << 20
    private struct Answers {
        var comparisons: [String: [UInt8]] = [:]
        var tops: [String: [UInt8]] = [:]
        /// By the pair (either order): the base, or nil for none.
        var mergeBases: [String: String?] = [:]
    }
    private let answers = Mutex(Answers())

    func comparison(from: String, to: String) -> [UInt8]? {
        answers.withLock { $0.comparisons[from + " " + to] }
    }

    func keep(comparison output: [UInt8], from: String, to: String) {
        guard output.count <= Self.largestKept, SyncBlobCache.isObjectID(from), SyncBlobCache.isObjectID(to) else { return }
        answers.withLock { $0.comparisons[from + " " + to] = output }
    }

    func top(of commit: String) -> [UInt8]? {
        answers.withLock { $0.tops[commit] }
    }

    func keep(top output: [UInt8], of commit: String) {
        guard output.count <= Self.largestKept, SyncBlobCache.isObjectID(commit) else { return }
        answers.withLock { $0.tops[commit] = output }
    }

    /// The merge base of a pair asked before: `.some(nil)` when they have none, nil when not asked.
    func mergeBase(_ one: String, _ other: String) -> String?? {
        answers.withLock { $0.mergeBases[Self.pair(one, other)] }
    }

    func keep(mergeBase base: String?, of one: String, _ other: String) {
        guard SyncBlobCache.isObjectID(one), SyncBlobCache.isObjectID(other) else { return }
        answers.withLock { $0.mergeBases[Self.pair(one, other)] = .some(base) }
    }

    private static func pair(_ one: String, _ other: String) -> String { one < other ? one + " " + other : other + " " + one }

    func forget() {
        answers.withLock { $0 = Answers() }
    }
}

extension SyncRepository {
    /// `git diff-tree -r -t -z --no-renames --no-commit-id from to`: every entry, file or
    /// folder, that differs between the two commits, as git prints it; asked once a sync.
    func comparison(from: String, to: String) throws(SyncError) -> [UInt8] {
        if let known = answers.comparison(from: from, to: to) { return known }
        let output = [UInt8](try git.check("compare \(from.prefix(10)) with \(to.prefix(10))",
                                           ["diff-tree", "-r", "-t", "-z", "--no-renames", "--no-commit-id", from, to]).output)
        answers.keep(comparison: output, from: from, to: to)
        return output
    }

    /// The records of `comparison(from:to:)` whose path is `folder` or under it (all of
    /// them for nil), folders left out unless `folders`: the fields ":<old mode> <new mode>
    /// <old id> <new id> <status>", and the path.
    func comparedEntries(from: String, to: String, under folder: String? = nil, folders: Bool = false) throws(SyncError)
        -> [(fields: [Substring], path: ArraySlice<UInt8>)] {
        let records = try comparison(from: from, to: to).split(separator: 0, omittingEmptySubsequences: false)
        let prefix = folder.map { Array($0.utf8) }
        var entries: [(fields: [Substring], path: ArraySlice<UInt8>)] = []
        var index = 0
        while index + 1 < records.count {
            let path = records[index + 1]
            let fields = String(decoding: records[index], as: UTF8.self).split(separator: " ")
            index += 2
            if let prefix, !(path.elementsEqual(prefix) || path.starts(with: prefix + [UInt8(ascii: "/")])) { continue }
            if !folders, fields.count == 5, fields[0] == ":040000" || fields[1] == "040000" { continue }
            entries.append((fields, path))
        }
        return entries
    }
}
