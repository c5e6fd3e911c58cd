import Foundation
import PackagePlugin

/// Writes the commit the `notes` target is built from into a generated Swift file
/// (`BuildCommit.id`), before every build, so that `notes --version` names it: with
/// `swift build`, `swift run` and `make install` alike (see docs/decisions/install-version.md).
///
/// The command is `/bin/sh` running `git` in the package's folder. The id is nil when the
/// folder is not the top of a git work tree (a tarball, or no git), and ends in
/// ", modified" when tracked files differ from the commit. The file is rewritten only when
/// its text changes, so an unchanged commit compiles nothing again.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            .prebuildCommand(
                displayName: "Writing the commit \(target.name) is built from",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "build-commit",
                            context.package.directoryURL.path, output.appending(path: "BuildCommit.swift").path],
                outputFilesDirectory: output),
        ]
    }

    /// `$1`: the package's folder; `$2`: the Swift file to write.
    static let script = #"""
        set -u
        folder=$(cd "$1" && pwd -P)
        id=nil
        top=$(git -C "$folder" rev-parse --show-toplevel 2>/dev/null || true)
        if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$folder" ]; then
            commit=$(git -C "$folder" rev-parse --short=7 HEAD 2>/dev/null || true)
            if [ -n "$commit" ]; then
                if [ -n "$(git -C "$folder" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                    commit="$commit, modified"
                fi
                id="\"$commit\""
            fi
        fi
        text="/// Written by the BuildCommit plugin: the commit this build is made from (nil: not a git work tree).
        enum BuildCommit {
            static let id: String? = $id
        }"
        mkdir -p "$(dirname "$2")"
        if [ "$(cat "$2" 2>/dev/null)" != "$text" ]; then printf '%s\n' "$text" > "$2"; fi
        """#
}
