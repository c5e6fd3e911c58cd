import Foundation

/// What the walk of one imported folder listed (`ImportBatch.folders`): the folders whose
/// names were read and every name found in them. It tells a file gone from the folder
/// (its folder was listed and the name is not there) from one that was not looked at (a
/// folder that could not be opened, a file named alone), so that only files really gone
/// are reported gone, or matched as renamed.
public struct ImportFolderListing: Equatable, Sendable {
    /// The folder as named on the command line, for messages.
    public var shown: String
    /// Paths, relative to the imported folder ("" for itself), of the folders listed.
    public var listedFolders: Set<String> = []
    /// Paths of every name found in a listed folder: files, folders, links, anything.
    public var names: Set<String> = []

    public init(shown: String) {
        self.shown = shown
    }

    /// Records what the folder at `relative` holds.
    mutating func add(folder relative: String, names found: [String]) {
        listedFolders.insert(relative)
        for name in found { names.insert(relative.isEmpty ? name : relative + "/" + name) }
    }

    /// Whether the file at `path` (relative to the folder) is known to be gone: some
    /// folder on its way was listed and did not hold the next name.
    public func isGone(_ path: String) -> Bool {
        var parent = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard listedFolders.contains(parent) else { return false }
            let current = parent.isEmpty ? String(component) : parent + "/" + component
            if !names.contains(current) { return true }
            parent = current
        }
        return false
    }

    /// `path` as shown in messages: under the folder as it was named.
    public func shown(_ path: String) -> String { shown + "/" + path }
}
