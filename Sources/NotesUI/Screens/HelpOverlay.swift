/// The `?` help: every key of every screen, in a box over the current screen.
public enum HelpOverlay {
    public static func draw(into buffer: inout ScreenBuffer) {
        var lines: [(String, CellStyle)] = []
        for section in KeyHelp.sections {
            if !lines.isEmpty { lines.append(("", .plain)) }
            lines.append((section.title, Theme.title))
            for entry in section.keys {
                lines.append(("  " + DisplayWidth.fit(entry.key, to: 15) + " " + entry.action, .plain))
            }
        }
        let area = Rect(x: 0, y: 0, width: buffer.size.width, height: buffer.size.height - 1)
        let box = area.centered(width: 50, height: lines.count + 3)
        buffer.box(box, title: "Keys", style: Theme.border)
        let inner = box.width - 4
        for (offset, line) in lines.prefix(box.height - 3).enumerated() {
            buffer.write(line.0, x: box.x + 2, y: box.y + 1 + offset, style: line.1, limit: inner)
        }
        buffer.write("any key closes", x: box.x + 2, y: box.maxY - 2, style: Theme.secondary, limit: inner)
    }
}
