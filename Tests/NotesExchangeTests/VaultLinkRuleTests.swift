import Foundation
import NotesLinks
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesExchange

/// Each tool's own link rule, written here on its own (`ToolLinkRules`), against notes' one
/// rule after an import: every link the tool resolves to a file of the vault leads, in
/// notes, to the note imported from that file. The fixture vaults (their READMEs give their
/// origins and licences) and small vaults written here for what the fixtures lack
/// (Dendron hierarchies, Logseq namespaces and aliases, zk ids, Foam file stems).
@Suite struct VaultLinkRuleTests {
    /// The vault at `folder` imported into an empty store as `notes import` does (with the
    /// records of where each note came from), and the note of each file by its relative path.
    static func imported(_ folder: URL, tool: ImportSourceTool?) throws -> (NotesDatabase, [String: UUID]) {
        var reader = ImportReader()
        reader.tool = tool
        let batch = reader.read(paths: [folder.path])
        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        let plan = try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, folders: batch.folders,
                                     into: NotesDatabase())
        var database = NotesDatabase()
        try database.apply(plan.changes)
        let byPath = Dictionary(database.importSources.values.map { ($0.key.path, $0.noteID) }, uniquingKeysWith: { first, _ in first })
        return (database, byPath)
    }

    /// Checks every note link of every note: where `rule` finds a file, notes finds its note.
    /// Returns how many links the tool resolved (so that a test sees it checked some).
    @discardableResult
    static func expectSameTargets(_ folder: URL, tool: ImportSourceTool?,
                                  rule: (_ target: String, _ from: String) -> String?) throws -> Int {
        let (database, byPath) = try imported(folder, tool: tool)
        let graph = LinkGraph(database: database)
        let pathOf = Dictionary(byPath.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var checked = 0
        for note in database.notes.values {
            for link in graph.links(from: note.id) {
                guard case .title(let target) = link.target, link.form == .wiki,
                      let file = rule(target, pathOf[note.id] ?? "") else { continue }
                checked += 1
                let expected = byPath[file].map(LinkResolution.note)
                let found = graph.resolve(link.target, from: note) { database.notes[$0] }
                #expect(found == expected, "[[\(target)]] in \(pathOf[note.id] ?? note.title): the tool opens \(file)")
            }
        }
        return checked
    }

    static func fixture(_ path: String) throws -> URL {
        let url = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return url.appendingPathComponent(path)
    }

    @Test func obsidianFixtureVault() throws {
        let vault = try Self.fixture("import-tools/obsidian-vault")
        let rule = ToolLinkRules.obsidian(files: ToolLinkRules.files(in: vault))
        #expect(try Self.expectSameTargets(vault, tool: nil, rule: rule) == 2, "[[Dune]] and [[Dune#Characters]]; [[Books]] is a folder")
    }

    @Test func logseqFixtureGraphs() throws {
        for path in ["import-tools/logseq-graph", "logseq-docs"] {
            let graph = try Self.fixture(path)
            let rule = try ToolLinkRules.logseq(graph: graph)
            try Self.expectSameTargets(graph, tool: nil, rule: rule)
        }
    }

    @Test func dendronFixtureVaults() throws {
        for path in ["import-tools/dendron-vault", "dendron-site/vault"] {
            let vault = try Self.fixture(path)
            try Self.expectSameTargets(vault, tool: .dendron, rule: ToolLinkRules.fileStem(files: ToolLinkRules.files(in: vault)))
        }
    }

    @Test func obsidianFolderPathsAndAliases() throws {
        let vault = try TemporaryFolder(prefix: "vault-obsidian")
        defer { vault.remove() }
        try vault.put("Folder/Note.md", "in a folder")
        try vault.put("Other/Note.md", "---\naliases: [Second note]\n---\nanother Note")
        try vault.put("Deep/Only.md", "---\naliases:\n  - Lonely\n---\nonly one")
        try vault.put("Home.md", "[[Folder/Note]] [[Other/Note.md]] [[Moved/Only]] [[Only]] [[Lonely]] [[second note]] [[Missing]]")
        try vault.put(".obsidian/app.json", "{}")
        let rule = ToolLinkRules.obsidian(files: ToolLinkRules.files(in: vault.url))
        let aliasRule: (String, String) -> String? = { target, from in
            ["lonely": "Deep/Only.md", "second note": "Other/Note.md"][target.lowercased()] ?? rule(target, from)
        }
        #expect(try Self.expectSameTargets(vault.url, tool: nil, rule: aliasRule) == 6)
    }

    @Test func dendronHierarchiesWithTheirOwnTitles() throws {
        let vault = try TemporaryFolder(prefix: "vault-dendron")
        defer { vault.remove() }
        try vault.put("dendron.yml", "version: 5\n")
        try vault.put("recipes.pasta.md", "---\nid: a1\ntitle: Pasta\n---\n[[recipes.pasta.carbonara]] and [[root]]")
        try vault.put("recipes.pasta.carbonara.md", "---\nid: a2\ntitle: Carbonara\n---\nback to [[recipes.pasta]]")
        #expect(try Self.expectSameTargets(vault.url, tool: nil, rule: ToolLinkRules.fileStem(files: ToolLinkRules.files(in: vault.url))) == 2)
    }

    @Test func logseqNamespacesTitlesAndAliases() throws {
        let graph = try TemporaryFolder(prefix: "vault-logseq")
        defer { graph.remove() }
        try graph.put("logseq/config.edn", "{:file/name-format :triple-lowbar}\n")
        try graph.put("pages/Projects___Alpha.md", "- see [[projects/beta]] and [[Beta page]] and [[BP]]")
        try graph.put("pages/Projects%2FBeta.md", "- back to [[Projects/Alpha]]")
        try graph.put("pages/beta_page.md", "title:: Beta Page\nalias:: BP\n\n- [[projects/alpha]]")
        let rule = try ToolLinkRules.logseq(graph: graph.url)
        #expect(try Self.expectSameTargets(graph.url, tool: nil, rule: rule) == 5)
    }

    @Test func zkAndFoamLinkByFileStem() throws {
        let zk = try TemporaryFolder(prefix: "vault-zk")
        defer { zk.remove() }
        try zk.put(".zk/config.toml", "")
        try zk.put("202401021030 first.md", "# First thought\n\nsee [[202401021031 second]]")
        try zk.put("202401021031 second.md", "---\ntitle: Second thought\n---\nback to [[202401021030 first]]")
        #expect(try Self.expectSameTargets(zk.url, tool: nil, rule: ToolLinkRules.fileStem(files: ToolLinkRules.files(in: zk.url))) == 2)

        let foam = try TemporaryFolder(prefix: "vault-foam")
        defer { foam.remove() }
        try foam.put("getting-started.md", "# Getting Started\n\nnext: [[daily-notes]]")
        try foam.put("daily-notes.md", "# Daily Notes\n\nback: [[getting-started]]")
        #expect(try Self.expectSameTargets(foam.url, tool: nil, rule: ToolLinkRules.fileStem(files: ToolLinkRules.files(in: foam.url))) == 2)
    }
}

extension TemporaryFolder {
    /// Writes `text` at `path` in the folder, making its folders.
    func put(_ path: String, _ text: String) throws {
        let url = self.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
