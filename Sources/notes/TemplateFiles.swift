import Foundation
import NotesConfig
import NotesExchange
import NotesModel

/// The templates folder (`templates/` beside the config file): each `NAME.md` is the
/// template `NAME`.
enum TemplateFiles {
    /// The templates folder for this environment.
    static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ConfigFile.templatesFolder(environment: environment)
    }

    /// Every readable template of `folder`, by name; none when the folder does not exist.
    static func all(in folder: String) -> [NoteTemplate] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".md") && $0.count > 3 }.sorted().compactMap { file in
            read(String(file.dropLast(3)), in: folder)
        }
    }

    /// The template `name`, if `name.md` is in `folder` and is UTF-8 text.
    static func read(_ name: String, in folder: String) -> NoteTemplate? {
        guard !name.contains("/") else { return nil }
        let path = (folder as NSString).appendingPathComponent(name + ".md")
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        return NoteTemplate.reading(name: name, file: text)
    }

    /// The template `name`; an error naming the folder when there is none.
    static func require(_ name: String, in folder: String) throws -> NoteTemplate {
        guard let template = read(name, in: folder) else { throw CLIError.noSuchTemplate(name, folder: folder) }
        return template
    }
}
