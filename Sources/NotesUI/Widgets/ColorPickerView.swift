import NotesColor
import NotesTerminal

/// Draws a `ColorPicker` as a centered box: a live swatch, the hex value, the three
/// sliders with their numbers, a sample note row in the color, and recent colors.
public enum ColorPickerView {
    public static let width = 48

    /// The lines of the picker, top to bottom; on a short screen the least needed go first.
    enum Line: Equatable {
        case swatch, previous, approximation, spacer, slider(ColorPicker.Channel), sample, recent, entry, problem
    }

    static func lines(fitting rows: Int, hasRecent: Bool, approximates: Bool = false, hasProblem: Bool = false) -> [Line] {
        var lines: [Line] = [.swatch, .previous, .approximation, .spacer, .slider(.red), .slider(.green), .slider(.blue),
                             .spacer, .sample, .recent, .spacer, .entry, .problem]
        if !hasRecent { lines.removeAll { $0 == .recent } }
        if !approximates { lines.removeAll { $0 == .approximation } }
        if !hasProblem { lines.removeAll { $0 == .problem } }
        for dropped: Line in [.spacer, .recent, .approximation, .previous, .sample] where lines.count > rows {
            lines.removeAll { $0 == dropped }
        }
        return lines
    }

    /// How the color is shown: `#RRGGBB`, `#RRGGBBAA` when translucent, and the color
    /// space when it is not sRGB.
    static func describe(_ color: SerializableColor) -> String {
        color.colorSpace == .sRGB ? color.hex : color.hex + " (" + color.colorSpace.name + ")"
    }

    /// What the terminal shows instead of the exact color; nil with 24-bit color.
    static func approximationNote(_ mode: ColorMode) -> String? {
        switch mode {
        case .trueColor: nil
        case .palette256: "terminal shows the nearest of 256 colors"
        case .ansi16: "terminal shows the nearest of 16 colors"
        case .ansi8: "terminal shows the nearest of 8 colors"
        case .monochrome: "terminal shows no colors (NO_COLOR or mono)"
        }
    }

    public static func draw(_ picker: ColorPicker, title: String = "Pick a color", sampleTitle: String = "A note in this color",
                            in area: Rect, buffer: inout ScreenBuffer, colorMode: ColorMode) {
        let note = approximationNote(colorMode)
        let content = lines(fitting: max(0, area.height - 2), hasRecent: !picker.recent.isEmpty,
                            approximates: note != nil, hasProblem: picker.problem != nil)
        let box = area.centered(width: width, height: content.count + 2)
        buffer.box(box, title: title, style: Theme.border)
        let left = box.x + 2, inner = box.width - 4
        let color = picker.color
        for (offset, line) in content.enumerated() {
            let y = box.y + 1 + offset
            guard y < box.maxY - 1 else { break }
            switch line {
            case .swatch:
                buffer.write(colorMode == .monochrome ? "new     " : "        ", x: left, y: y, style: Theme.swatch(color), limit: 8)
                let now = describe(picker.result)
                buffer.write(now, x: left + 10, y: y, style: Theme.title, limit: inner - 10)
            case .previous:
                buffer.write(colorMode == .monochrome ? "old     " : "        ", x: left, y: y,
                             style: Theme.swatch(picker.start), limit: 8)
                buffer.write("was " + describe(picker.original), x: left + 10, y: y, style: Theme.secondary,
                             limit: inner - 10)
            case .approximation:
                buffer.write(DisplayWidth.truncate(note ?? "", to: inner), x: left, y: y, style: Theme.secondary, limit: inner)
            case .spacer:
                break
            case .slider(let channel):
                drawSlider(channel, picker, x: left, y: y, width: inner, buffer: &buffer)
            case .sample:
                let sample = NoteRowView(title: sampleTitle, date: "", tags: [], color: color,
                                         marker: colorMode == .monochrome ? "A" : nil, isSelected: false)
                sample.draw(into: &buffer, x: left, y: y, width: inner, colorMode: colorMode)
            case .recent:
                drawRecent(picker.recent, x: left, y: y, width: inner, buffer: &buffer, colorMode: colorMode)
            case .entry:
                if let entry = picker.hexEntry {
                    entry.draw(label: "Hex #", in: &buffer, x: left, y: y, width: inner)
                } else {
                    let hint = "←→ ±1 H/L ±16 # hex Enter ok Esc cancel"
                    buffer.write(DisplayWidth.truncate(hint, to: inner), x: left, y: y, style: Theme.secondary, limit: inner)
                }
            case .problem:
                buffer.write(DisplayWidth.truncate(picker.problem ?? "", to: inner), x: left, y: y, style: Theme.error,
                             limit: inner)
            }
        }
    }

    private static func drawSlider(_ channel: ColorPicker.Channel, _ picker: ColorPicker, x: Int, y: Int, width: Int,
                                   buffer: inout ScreenBuffer) {
        let selected = channel == picker.channel
        let value = Int(picker.value(of: channel))
        let number = String(value)
        let label = (selected ? "▸ " : "  ") + channel.letter + String(repeating: " ", count: 4 - number.count) + number + " "
        buffer.write(label, x: x, y: y, style: selected ? Theme.title : .plain, limit: width)
        let barWidth = max(1, width - 8)
        let filled = (value * barWidth + 127) / 255
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
        buffer.write(bar, x: x + 8, y: y, style: CellStyle(foreground: tint(channel), bold: selected), limit: barWidth)
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
