import NotesTerminal

/// The key map of every screen, with the config file's remaps applied. `AppState` holds
/// one; `AppUpdate` matches keys with it and the help and footer draw from it, so a
/// remapped key shows where it works.
public struct ScreenKeyMaps: Sendable {
    public var notes = KeyMap.notes
    public var categoryPane = KeyMap.categoryPane
    public var reading = KeyMap.reading
    public var categories = KeyMap.categories
    public var trash = KeyMap.trash
    public var tags = KeyMap.tags

    public init() {}

    /// Every action a remap can name, by its name (`edit`, `newNote`, `todayNote`).
    public static let actionsByName: [String: KeyAction] = {
        let maps = ScreenKeyMaps()
        var result: [String: KeyAction] = [:]
        for map in [maps.notes, maps.categoryPane, maps.reading, maps.categories, maps.trash, maps.tags] {
            for action in map.allBindings.flatMap(\.actions) { result[String(describing: action)] = action }
        }
        return result
    }()

    /// The maps with each action in `remaps` on its new keys instead of its old ones. A
    /// new key is taken from whatever had it on a screen where the action works.
    public func remapped(_ remaps: [KeyAction: [Key]]) -> ScreenKeyMaps {
        var result = self
        result.notes = notes.remapped(remaps)
        result.categoryPane = categoryPane.remapped(remaps)
        result.reading = reading.remapped(remaps)
        result.categories = categories.remapped(remaps)
        result.trash = trash.remapped(remaps)
        result.tags = tags.remapped(remaps)
        return result
    }

    /// A remap by names: the action and its keys, or what is wrong with them.
    public static func remap(action name: String, keys names: [String]) -> Result<(KeyAction, [Key]), RemapError> {
        guard let action = actionsByName[name] else { return .failure(.unknownAction(name)) }
        var keys: [Key] = []
        for keyName in names {
            guard let key = KeyNames.key(keyName) else { return .failure(.unknownKey(keyName)) }
            keys.append(key)
        }
        return .success((action, keys))
    }

    /// What is wrong with a remap.
    public enum RemapError: Error, Equatable, CustomStringConvertible {
        case unknownAction(String)
        case unknownKey(String)

        public var description: String {
            switch self {
            case .unknownAction(let name):
                "unknown action '\(name)' (expected one of \(ScreenKeyMaps.actionsByName.keys.sorted().joined(separator: ", ")))"
            case .unknownKey(let name): "unknown key '\(name)' (a character, Ctrl-X, Alt-X, Enter, Esc, Tab, F1...)"
            }
        }
    }
}

extension ScreenKeyMaps: Equatable {
    /// Equal when every screen's keys, actions, labels and footers are.
    public static func == (lhs: ScreenKeyMaps, rhs: ScreenKeyMaps) -> Bool {
        lhs.signature == rhs.signature
    }

    private var signature: [String] {
        [notes, categoryPane, reading, categories, trash].flatMap { map in
            map.allBindings.map { binding in
                "\(binding.presses.map { "\($0.key)=\($0.action)" }) \(binding.label) \(binding.footer ?? "")"
            }
        }
    }
}

extension KeyMap {
    /// This map with the actions of `remaps` it has on their new keys (see `ScreenKeyMaps`).
    func remapped(_ remaps: [KeyAction: [Key]]) -> KeyMap {
        let own = remaps.filter { action, _ in allBindings.contains { $0.actions.contains(action) } }
        guard !own.isEmpty else { return self }
        let taken = Set(own.values.flatMap { $0 })
        var result = self
        result.bindings = bindings.compactMap { $0.remapped(own, taken: taken) }
        result.shared = shared.compactMap { $0.remapped(own, taken: taken) }
        return result
    }
}

extension KeyBinding {
    /// This entry with `remaps`' actions on their new keys and the `taken` keys of other
    /// actions removed; its label and footer name the keys it now has. Nil when no key is left.
    func remapped(_ remaps: [KeyAction: [Key]], taken: Set<Key>) -> KeyBinding? {
        let touched = presses.contains { remaps[$0.action] != nil || taken.contains($0.key) }
        guard touched else { return self }
        var result = self
        var kept = presses.filter { remaps[$0.action] == nil && !taken.contains($0.key) }
        var seen: [KeyAction] = []
        for action in actions where !seen.contains(action) {
            seen.append(action)
            kept += (remaps[action] ?? []).map { (key: $0, action: action) }
        }
        guard !kept.isEmpty else { return nil }
        result.label = relabeled(label, kept: kept, remaps: remaps)
        if let footer, let space = footer.firstIndex(of: " ") {
            let keys = relabeled(String(footer[..<space]), kept: kept, remaps: remaps, appendingOthers: false)
            result.footer = (keys.isEmpty ? KeyNames.name(kept[0].key) : keys) + footer[space...]
        }
        result.presses = kept
        return result
    }

    /// `text` (a label: groups of key names, `j/k ↑/↓`) naming the keys in effect, paired as
    /// before: a key still bound stays; a key taken away gives its place to its action's new
    /// keys (once), else goes. New keys not placed so are added at the end (`appendingOthers`).
    private func relabeled(_ text: String, kept: [(key: Key, action: KeyAction)], remaps: [KeyAction: [Key]],
                           appendingOthers: Bool = true) -> String {
        var placed: Set<String> = []
        var shown: Set<Key> = []
        var groups: [String] = []
        let split = text.split(separator: " ").map { group in group == "/" ? ["/"] : group.split(separator: "/").map(String.init) }
        let named = Set(split.joined())
        for names in split {
            var out: [String] = []
            for name in names {
                guard let press = presses.first(where: { Self.names($0.key).contains(name) }) else { out.append(name); continue }
                if kept.contains(where: { $0.key == press.key && $0.action == press.action }) {
                    out.append(name)
                    shown.insert(press.key)
                } else if let new = remaps[press.action], placed.insert(String(describing: press.action)).inserted {
                    // A key the label names that the action had before and keeps (`down = ["n", "Down"]`)
                    // stays in its own place.
                    let moved = new.filter { key in
                        !(presses.contains { $0.key == key && $0.action == press.action } && !named.isDisjoint(with: Self.names(key)))
                    }
                    out += moved.map(KeyNames.name)
                    shown.formUnion(moved)
                }
            }
            if !out.isEmpty { groups.append(out.joined(separator: "/")) }
        }
        if appendingOthers {
            let new = kept.filter { press in !shown.contains(press.key) && !presses.contains { $0.key == press.key } }
            groups += new.map { KeyNames.name($0.key) }
        }
        return groups.joined(separator: " ")
    }

    /// The names a label may give `key`: its config name, and an arrow's glyph or a short name.
    private static func names(_ key: Key) -> [String] {
        let glyphs: [Key: String] = [.up: "↑", .down: "↓", .left: "←", .right: "→", .backTab: "S-Tab"]
        return [KeyNames.name(key)] + (glyphs[key].map { [$0] } ?? [])
    }
}
