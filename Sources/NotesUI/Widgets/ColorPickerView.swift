import NotesCore

/// Draws a `ColorPicker` as a centered box: a live swatch, the hex value, the three
/// sliders with their numbers, a sample note row in the color, and recent colors.
public enum ColorPickerView {
    public static let width = 48
    public static let height = 14

    public static func draw(_ picker: ColorPicker, title: String = "Pick a color", sampleTitle: String = "A note in this color",
                            in area: Rect, buffer: inout ScreenBuffer, colorMode: ColorMode) {
        let box = area.centered(width: width, height: height)
        buffer.box(box, title: title, style: Theme.border)
        let left = box.x + 2, inner = box.width - 4
        let color = picker.color
        let swatch = Theme.swatch(color)
        for row in 1...2 {
            buffer.write(colorMode == .monochrome ? "[swatch]" : "        ", x: left, y: box.y + row, style: swatch, limit: 8)
        }
        buffer.write(color.hex, x: left + 10, y: box.y + 1, style: Theme.title, limit: inner - 10)
        buffer.write("was " + picker.start.hex, x: left + 10, y: box.y + 2, style: Theme.secondary, limit: inner - 10)

        let barWidth = max(1, inner - 8)
        for channel in ColorPicker.Channel.allCases {
            let y = box.y + 4 + channel.rawValue
            let selected = channel == picker.channel
            let value = Int(picker.value(of: channel))
            let number = String(value)
            let label = (selected ? "▸ " : "  ") + channel.letter + String(repeating: " ", count: 4 - number.count) + number + " "
            buffer.write(label, x: left, y: y, style: selected ? Theme.title : .plain, limit: inner)
            let filled = (value * barWidth + 127) / 255
            let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
            buffer.write(bar, x: left + 8, y: y, style: CellStyle(foreground: tint(channel), bold: selected), limit: barWidth)
        }

        let sample = NoteRowView(title: sampleTitle, date: "", tags: [], color: color, marker: "A", isSelected: false)
        sample.draw(into: &buffer, x: left, y: box.y + 8, width: inner, colorMode: colorMode)

        drawRecent(picker.recent, x: left, y: box.y + 9, width: inner, buffer: &buffer, colorMode: colorMode)

        let entryY = box.y + 11
        if let entry = picker.hexEntry {
            entry.draw(label: "Hex #", in: &buffer, x: left, y: entryY, width: inner)
        } else if let problem = picker.problem {
            buffer.write(problem, x: left, y: entryY, style: Theme.error, limit: inner)
        }
        let hint = picker.hexEntry == nil
            ? "←→ ±1 H/L ±16 # hex Enter ok Esc cancel"
            : "RRGGBB, Enter apply, Esc back"
        buffer.write(DisplayWidth.truncate(hint, to: inner), x: left, y: box.y + 12, style: Theme.secondary, limit: inner)
    }

    private static func drawRecent(_ recent: [RGB8], x: Int, y: Int, width: Int, buffer: inout ScreenBuffer,
                                   colorMode: ColorMode) {
        guard !recent.isEmpty else { return }
        var column = x + buffer.write("Recent ", x: x, y: y, style: Theme.secondary, limit: width)
        for (offset, color) in recent.prefix(9).enumerated() {
            let label = String(offset + 1)
            let cell = colorMode == .monochrome ? label + ":" + color.hex.dropFirst() + " " : label + "   "
            guard column + DisplayWidth.of(cell) <= x + width else { break }
            column += buffer.write(colorMode == .monochrome ? label + ":" : label, x: column, y: y)
            let swatchText = colorMode == .monochrome ? String(color.hex.dropFirst()) : "  "
            column += buffer.write(swatchText, x: column, y: y, style: Theme.swatch(color))
            column += 1
        }
    }

    private static func tint(_ channel: ColorPicker.Channel) -> RGB8 {
        switch channel {
        case .red: RGB8(red: 230, green: 60, blue: 60)
        case .green: RGB8(red: 60, green: 200, blue: 60)
        case .blue: RGB8(red: 70, green: 110, blue: 240)
        }
    }
}
