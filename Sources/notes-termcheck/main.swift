import Foundation
import NotesCore
import NotesUI

// notes-termcheck: opens the terminal the way `notes` does and shows what the terminal
// layer sees: size, color mode, terminfo entry, the last key, and a strip in a color
// (`--color RRGGBB`, default 3A7BD5). Keys: q quits, Ctrl-Z suspends, x exits with an
// error, Ctrl-C exits with status 130. The end-to-end terminal tests drive it.

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

func render(size: TerminalSize, terminal: NCursesTerminal, color: RGB8, lastKey: String) -> ScreenBuffer {
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
    let help = "q quit  ^Z suspend  x error"
    write(help, x: size.width - help.count, y: size.height - 1, style: CellStyle(reverse: true), into: &buffer)
    return buffer
}

func runTermcheck() throws -> Int32 {
    let color = parseColor(CommandLine.arguments)
    let terminal = try NCursesTerminal()
    defer { terminal.close() }
    var lastKey = "none"
    terminal.draw(render(size: terminal.size, terminal: terminal, color: color, lastKey: lastKey))
    while let event = terminal.nextEvent() {
        switch event {
        case .key(.character("q")):
            return 0
        case .key(.character("x")):
            throw RequestedFailure()
        case .key(.control("c")):
            return 130
        case .key(.control("z")):
            terminal.suspendToShell()
        case .key(let key):
            lastKey = "\(key)"
        case .resize:
            break
        }
        terminal.draw(render(size: terminal.size, terminal: terminal, color: color, lastKey: lastKey))
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
