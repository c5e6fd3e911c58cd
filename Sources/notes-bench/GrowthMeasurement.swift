import Foundation
import NotesModel
import NotesStore
import NotesExchange

/// How two costs grow with their input (issue 11): importing into many new categories,
/// and `doctor` on a damaged store. Each is run at a size and at four times that size;
/// the figure is the ratio of the CPU times. Linear work gives about 4, quadratic 16.
enum GrowthMeasurement {
    /// Ratios above this fail: linear with room for noise, far below quadratic.
    static let ratioTarget = 6.0

    static func figures(folder: URL, progress: (String) -> Void) throws -> [Figure] {
        progress("growth: importing into 1,000 and 4,000 new categories")
        let small = try importCategories(1_000, folder: folder)
        let large = try importCategories(4_000, folder: folder)
        progress("growth: doctor on 5,000 and 20,000 notes, a fifth of them damaged")
        let doctorSmall = try examineDamaged(5_000, folder: folder)
        let doctorLarge = try examineDamaged(20_000, folder: folder)
        return [
            figure("growth_import_categories_ratio", "import 4× the new categories / 1×", small, large),
            figure("growth_doctor_damaged_ratio", "doctor on 4× the damaged notes / 1×", doctorSmall, doctorLarge),
        ]
    }

    private static func figure(_ key: String, _ label: String, _ small: Double, _ large: Double) -> Figure {
        Figure(key: key, label: label, unit: .ratio, value: large / max(small, 0.001), target: ratioTarget,
               note: "CPU time \(Figure.fixed(small, 1)) ms at 1×, \(Figure.fixed(large, 1)) ms at 4× (linear ≈ 4×, quadratic ≈ 16×)")
    }

    /// CPU milliseconds to plan and commit an import of `count` notes, each in a new category.
    private static func importCategories(_ count: Int, folder: URL) throws -> Double {
        let url = folder.appendingPathComponent("growth-import-\(count)").appendingPathComponent("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        var bundle = ExchangeBundle()
        for index in 0..<count {
            let category = Category(name: "category \(index)")
            bundle.categories.append(category)
            bundle.notes.append(Note(title: "note \(index)", categoryID: category.id))
        }
        let start = ProcessCPUTime.milliseconds()
        let plan = try Importer.plan(bundle, into: store.contents)
        try store.commit(plan.changes)
        return ProcessCPUTime.milliseconds() - start
    }

    /// CPU milliseconds of `StoreDoctor.examine` on a compacted store of `count` notes in
    /// which every fifth note's `title` member is misspelt, so that only salvage reads it.
    private static func examineDamaged(_ count: Int, folder: URL) throws -> Double {
        let url = folder.appendingPathComponent("growth-doctor-\(count)").appendingPathComponent("notes.json")
        let store = try NotesStore.open(at: url)
        try store.commit((0..<count).map { .putNote(Note(title: "note \($0)", body: "a body with {braces} and \"quotes\" \($0)")) })
        try store.compactNow()
        store.close()
        var bytes = [UInt8](try Data(contentsOf: url))
        let key = Array("\"title\"".utf8)
        var seen = 0
        var index = 0
        while index + key.count <= bytes.count {
            if bytes[index] == key[0], bytes[index..<(index + key.count)].elementsEqual(key) {
                if seen % 5 == 0 { bytes[index + 2] = UInt8(ascii: "X") }
                seen += 1
                index += key.count
            } else {
                index += 1
            }
        }
        try Data(bytes).write(to: url)
        let start = ProcessCPUTime.milliseconds()
        let report = StoreDoctor.examine(at: url)
        let spent = ProcessCPUTime.milliseconds() - start
        guard report.readableNotes == count - (count + 4) / 5 else {
            throw StoreError.io(file: url.path, operation: "measure doctor", reason: "it read \(report.readableNotes) notes")
        }
        return spent
    }
}
