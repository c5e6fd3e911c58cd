import Foundation
import NotesColor

/// `notes-stress archive-batch DIR [--after NAME]`: unarchives each file
/// `DIR/NAME` as a color (sorted by name) and prints
///
///     NAME<TAB>ok<TAB>#RRGGBB
///     NAME<TAB>error<TAB>DIR/NAME: <the error's description>
enum ArchiveBatch {
    static func run(_ options: Options) {
        guard let folder = options.positional.first else { Output.fail("archive-batch needs a folder") }
        for name in CaseList.names(in: folder, after: options.string("after")) {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path) else {
                Output.line("\(name)\terror\t\(path): cannot be read")
                continue
            }
            do {
                let color = try ColorArchive.unarchive(data)
                Output.line("\(name)\tok\t\(color.hex)")
            } catch {
                Output.line("\(name)\terror\t\(path): " + Output.oneLine(error.description))
            }
        }
    }
}
