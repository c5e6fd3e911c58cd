import Foundation
import NotesTestSupport
import Testing
import NotesJSON

/// PRODUCT §7 "Bad input", color archives: thousands of mutated archives
/// unarchived in child processes (`notes-stress archive-batch`), and some of
/// them put into a store as a category's color: no crash, a clear error naming
/// the file, and a store with a bad color still loads, naming the category.
@Suite struct FuzzArchiveTests {
    @Test func mutatedArchivesNeverCrash() throws {
        let scratch = try TemporaryFolder(prefix: "notes-fuzz-archive")
        defer { scratch.remove() }
        let count = ReliabilitySettings.fuzzCases
        var statuses: [String: Int] = [:]
        var start = 0
        let foreign = ArchiveMutator.foreignArchives()
        while start < count {
            let batch = scratch.file("batch-\(start)")
            try FileManager.default.createDirectory(at: batch, withIntermediateDirectories: true)
            var cases: [FuzzCase] = []
            var originals: [String: [UInt8]] = [:]
            for index in start..<min(count, start + 1_000) {
                let seed = ReliabilitySettings.seed &+ UInt64(index)
                var random = SeededRandom(seed: seed)
                let mutation = index < foreign.count ? foreign[index] : ArchiveMutator.mutate(&random)
                let name = String(format: "archive-%07d", index)
                try Data(mutation.bytes).write(to: batch.appendingPathComponent(name))
                originals[name] = mutation.bytes
                cases.append(FuzzCase(name: name, seed: seed, description: mutation.description))
            }
            let results = try FuzzBatch.run(mode: "archive-batch", folder: batch, cases: cases, scratch: scratch)
            for fuzzCase in cases {
                let path = batch.appendingPathComponent(fuzzCase.name).path
                let context = "\(fuzzCase.name) (seed \(fuzzCase.seed), \(fuzzCase.description))"
                guard let result = results[fuzzCase.name] else {
                    Issue.record("\(context): no result")
                    continue
                }
                statuses[result.status, default: 0] += 1
                switch result.status {
                case "ok": break
                case "error":
                    #expect(result.detail.hasPrefix(path + ": ") && result.detail.count > path.count + 2, "\(context): \(result.detail)")
                case "crashed": break
                default: Issue.record("\(context): \(result.status) \(result.detail)")
                }
                #expect([UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) == originals[fuzzCase.name], "\(context): changed")
            }
            try FileManager.default.removeItem(at: batch)
            start += 1_000
        }
        print("FuzzArchiveTests: \(count) archives: \(statuses.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        #expect((statuses["ok"] ?? 0) > 0, "no mutated archive was valid: the base archive is wrong")
        #expect((statuses["error"] ?? 0) > count / 2)
    }

    /// A store whose category 'Work' has a mutated color archive loads, and names 'Work' when the color is bad.
    @Test func aStoreWithABadColorArchiveStillLoadsAndNamesTheCategory() throws {
        let scratch = try TemporaryFolder(prefix: "notes-fuzz-archive-store")
        defer { scratch.remove() }
        let (snapshot, journal) = try FuzzStoreTests.validStore()
        // The journal recolors 'Work'; without it the snapshot's archive is the one read.
        _ = journal
        guard let tree = try? MutableJSON(NotesJSON.JSONValue.parse(snapshot)), case .array(let categories)? = tree.node(at: [.key("categories")]),
              let work = categories.firstIndex(where: { $0.node(at: [.key("name")])?.text == Array("\"Work\"".utf8) })
        else {
            Issue.record("the base store has no category 'Work'")
            return
        }
        let count = max(1, ReliabilitySettings.fuzzCases / 10)
        let batch = scratch.file("batch")
        var cases: [FuzzCase] = []
        var originals: [String: [UInt8]] = [:]
        for index in 0..<count {
            let seed = ReliabilitySettings.seed &+ 500_000 &+ UInt64(index)
            var random = SeededRandom(seed: seed)
            let mutation = ArchiveMutator.mutate(&random)
            let color = MutableJSON.raw(NotesJSON.JSONValue.string(Data(mutation.bytes).base64EncodedString()).jsonBytes(pretty: false))
            let bytes = tree.replacing([.key("categories"), .index(work), .key("color")], with: color).text
            let name = String(format: "embedded-%07d", index)
            let folder = batch.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: folder.appendingPathComponent("notes.json"))
            originals[name] = bytes
            cases.append(FuzzCase(name: name, seed: seed, description: "category 'Work' colored by: \(mutation.description)"))
        }
        let results = try FuzzBatch.run(mode: "open-batch", folder: batch, cases: cases, scratch: scratch)
        var named = 0
        for fuzzCase in cases {
            let context = "\(fuzzCase.name) (seed \(fuzzCase.seed), \(fuzzCase.description))"
            guard let result = results[fuzzCase.name] else {
                Issue.record("\(context): no result")
                continue
            }
            #expect(result.status == "ok", "\(context): \(result.status) \(result.detail)")
            if result.detail.contains("'Work'") { named += 1 }
            let now = [UInt8]((try? Data(contentsOf: batch.appendingPathComponent(fuzzCase.name).appendingPathComponent("notes.json"))) ?? Data())
            #expect(now == originals[fuzzCase.name], "\(context): the store was changed")
        }
        print("FuzzArchiveTests: \(count) stores with a mutated color archive: all must load; \(named) warned about 'Work'")
        #expect(named > count / 2)
    }
}
