import Foundation
import NotesColor
import NotesTerminal

// notes-termcheck: opens the terminal the way `notes` does and shows what the terminal
// layer sees: size, color mode, terminfo entry, the last key, and a strip in a color
// (`--color RRGGBB`, default 3A7BD5). Keys: q quits, Ctrl-Z suspends, x exits with an
// error, ! crashes (a Swift runtime trap), Ctrl-C exits with status 130, n shows the next
// frame of the color-pair rows.
// The end-to-end terminal tests drive it.

/// An error the `x` key raises, to check the terminal is restored on an error exit.
struct RequestedFailure: Error, CustomStringConvertible {
    var description: String { "failure requested with the x key" }
}

func parseColor(_ arguments: [String]) -> RGB8 {
    guard let flag = arguments.firstIndex(of: "--color"), arguments.indices.contains(flag + 1),
          let value = UInt32(arguments[flag + 1].replacingOccurrences(of: "#", with: ""), radix: 16),
          value <= 0xFFFFFF else {
        return RGB8(red: 0x3A, green: 0x7B, blue: 0xD5)
    }
    return RGB8(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
}

func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain, into buffer: inout ScreenBuffer) {
    var column = x
    for character in text {
        guard column < buffer.size.width, y < buffer.size.height, column >= 0 else { return }
        let wide = character.unicodeScalars.contains { (0x1100...0x115F).contains($0.value) || (0x2E80...0xA4CF).contains($0.value) }
        buffer[column, y] = Cell(text: String(character), style: style)
        if wide, column + 1 < buffer.size.width {
            buffer[column + 1, y] = Cell(text: "", style: style, isContinuation: true)
            column += 1
        }
        column += 1
    }
}

/// The 80 foreground/background combinations of the 8 ANSI colors and the default
/// (index 8), default on default left out: more than an 8-color terminal's 63 pairs.
let pairCombinations: [(foreground: Int, background: Int)] = (0...8).flatMap { background in
    (0...8).map { foreground in (foreground, background) }
}.filter { $0.foreground != 8 || $0.background != 8 }

func ansi(_ index: Int) -> RGB8? {
    index < 8 ? ANSIPalette.colors[index] : nil
}

/// Row 5 always shows combinations 0–29; row 6 shows 30 combinations starting at
/// 30 + 30·frame (wrapping), so a few frames need more pairs than exist while row 5,
/// unchanged, must keep its colors.
func drawPairRows(frame: Int, into buffer: inout ScreenBuffer) {
    // Written below the rows, so once it shows, the rows above are on screen too.
    write("pairs frame \(frame)", x: 0, y: 7, into: &buffer)
    for x in 0..<30 {
        let fixed = pairCombinations[x]
        buffer[x, 5] = Cell(text: "x", style: CellStyle(foreground: ansi(fixed.foreground), background: ansi(fixed.background)))
        let moving = pairCombinations[(30 + 30 * frame + x) % pairCombinations.count]
        buffer[x, 6] = Cell(text: "x", style: CellStyle(foreground: ansi(moving.foreground), background: ansi(moving.background)))
    }
}

func render(size: TerminalSize, terminal: NCursesTerminal, color: RGB8, lastKey: String, frame: Int) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size)
    guard size.width >= 30, size.height >= 6 else {
        write("Terminal too small", x: 0, y: 0, into: &buffer)
        write("\(size.width)x\(size.height), need 30x6", x: 0, y: min(1, size.height - 1), into: &buffer)
        return buffer
    }
    write("termcheck \(size.width)x\(size.height) mode:\(terminal.colorMode) terminfo:\(terminal.terminfoName)",
          x: 0, y: 0, style: CellStyle(bold: true), into: &buffer)
    write("last key: \(lastKey)", x: 0, y: 1, into: &buffer)
    write("    ", x: 0, y: 2, style: CellStyle(background: color), into: &buffer)
    write(" strip \(color.hex)", x: 4, y: 2, into: &buffer)
    write("wide: 漢字 café e\u{301}", x: 0, y: 3, into: &buffer)
    if size.height >= 9 { drawPairRows(frame: frame, into: &buffer) }
    let help = "q quit  ^Z suspend  x error"
    write(help, x: size.width - help.count, y: size.height - 1, style: CellStyle(reverse: true), into: &buffer)
    return buffer
}

func runTermcheck() throws -> Int32 {
    let color = parseColor(CommandLine.arguments)
    let environment = ProcessInfo.processInfo.environment
    let terminal = try NCursesTerminal(environment: environment,
                                       directColorEntry: DirectColorTerminfo.provider(environment: environment))
    defer { terminal.close() }
    var lastKey = "none"
    var frame = 0
    terminal.draw(render(size: terminal.size, terminal: terminal, color: color, lastKey: lastKey, frame: frame))
    while let event = terminal.nextEvent() {
        switch event {
        case .key(.character("q")):
            return 0
        case .key(.character("x")):
            throw RequestedFailure()
        case .key(.character("!")):
            let empty: [Int] = []
            lastKey = "\(empty[empty.count])"  // traps: index out of range
        case .key(.control("c")):
            return 130
        case .key(.control("z")):
            terminal.suspendToShell()
        case .key(.character("n")):
            frame += 1
        case .key(let key):
            lastKey = "\(key)"
        case .mouse(let mouse):
            lastKey = "mouse \(mouse.action) x \(mouse.x) y \(mouse.y)"
        case .resize, .idle:
            break
        }
        terminal.draw(render(size: terminal.size, terminal: terminal, color: color, lastKey: lastKey, frame: frame))
    }
    return 0
}

do {
    let status = try runTermcheck()
    print("termcheck: done")
    exit(status)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
