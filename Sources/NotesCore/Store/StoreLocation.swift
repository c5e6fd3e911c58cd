import Foundation

/// Where the store lives: `--store PATH`, else `$NOTES_STORE`, else
/// `$XDG_DATA_HOME/notes/notes.json`, else `~/.local/share/notes/notes.json`.
public enum StoreLocation {
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: expandTilde(explicit, environment)) }
        if let fromEnvironment = environment["NOTES_STORE"], !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: expandTilde(fromEnvironment, environment))
        }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return URL(fileURLWithPath: dataHome).appendingPathComponent("notes").appendingPathComponent("notes.json")
    }

    private static func expandTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }
}
