import NotesTerminal

/// The keys of one screen as data: `AppUpdate` finds the action for a key here, the `?`
/// help draws `sections`, and the status line's footer is filled from `footer(width:context:)`,
/// so what works, what the help says and what the footer shows cannot drift apart.
public struct KeyMap: Sendable {
    public var title: String
    public var bindings: [KeyBinding]
    /// Keys shared with other screens (`Ctrl-Z`, `Ctrl-L`), in their own help section.
    public var shared: [KeyBinding]

    public init(title: String, bindings: [KeyBinding], shared: [KeyBinding] = KeyMap.everywhere) {
        self.title = title
        self.bindings = bindings
        self.shared = shared
    }

    /// Every binding, the screen's own first.
    public var allBindings: [KeyBinding] { bindings + shared }

    /// The action `key` asks for on this screen, if any.
    public func action(for key: Key) -> KeyAction? {
        for binding in allBindings {
            if let press = binding.presses.first(where: { $0.key == key }) { return press.action }
        }
        return nil
    }

    /// Whether the binding that holds `action` applies only while something is selected.
    public func needsSelection(_ action: KeyAction) -> Bool {
        allBindings.first { $0.presses.contains { $0.action == action } }?.when == .selection
    }

    /// The help of this screen: its own keys, then the keys that work everywhere.
    public var sections: [KeyHelp.Section] {
        var result = [KeyHelp.Section(title: title, keys: bindings.map { ($0.label, $0.help) })]
        if !shared.isEmpty { result.append(KeyHelp.Section(title: "Everywhere", keys: shared.map { ($0.label, $0.help) })) }
        return result
    }

    /// Separates two entries of the footer.
    public static let footerGap = "  "

    /// The footer for `width` columns: the pinned entries always (at the end), and before
    /// them as many others as fit, in priority order, leaving out those whose condition
    /// does not hold. Stops at the first one that does not fit, so a wider footer only adds.
    public func footer(width: Int, hasSelection: Bool) -> String {
        let applies = allBindings.filter {
            $0.footer != nil && ($0.when == .always || $0.when == .selection && hasSelection)
        }
            .sorted { $0.priority < $1.priority }
        let pinned = applies.filter(\.pinned).compactMap(\.footer)
        var used = DisplayWidth.of(pinned.joined(separator: Self.footerGap))
        var chosen: [String] = []
        for binding in applies where !binding.pinned {
            guard let text = binding.footer else { continue }
            let needed = DisplayWidth.of(text) + DisplayWidth.of(Self.footerGap)
            guard used + needed <= width else { break }
            chosen.append(text)
            used += needed
        }
        return (chosen + pinned).joined(separator: Self.footerGap)
    }

    /// `M`: a message cut at the width ends in `…` and this binding's footer text; the
    /// key shows the message whole (`MessageOverlay`). In the maps through `everywhere`.
    public static let wholeMessage = KeyBinding([.character("M")], "M", .showMessage, "the message, whole",
                                                footer: "M whole", priority: 95, when: .cutMessage)

    /// `Ctrl-Z`, `Ctrl-L` and `M`, on every screen (`Ctrl-L` and `M` share a line of the
    /// help, which fits 80×24 on the notes screen).
    public static let everywhere: [KeyBinding] = [
        KeyBinding([.control("z")], "Ctrl-Z", .suspend, "suspend; fg back"),
        KeyBinding(presses: [(.control("l"), .redraw)] + wholeMessage.presses, "Ctrl-L M",
                   "redraw; message"),
    ]
}
