import Foundation
import NotesJSON

/// Why a migration step could not convert a document.
public struct MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let step: String
    public let reason: String
    public init(step: String, reason: String) {
        self.step = step
        self.reason = reason
    }
    public var description: String { "migration '\(step)': \(reason)" }
}

/// One named step from a format version to the next.
public struct MigrationStep: Sendable {
    public let name: String
    /// The version this step reads; it writes `from + 1`.
    public let from: Int
    let body: @Sendable (JSONValue, StoreTransformers) throws(MigrationError) -> JSONValue

    /// A step that only raises the version: the document is read as it is, and the new
    /// version keeps an older program from misreading what the new format may hold.
    static func versionOnly(_ name: String, from: Int) -> MigrationStep {
        MigrationStep(name: name, from: from) { (document: JSONValue, _: StoreTransformers) throws(MigrationError) -> JSONValue in
            document
        }
    }
}

/// Upgrades store documents step by step, like GRDB's `DatabaseMigrator`: the
/// ordered, named steps of `MigrationSteps.all`, the applied version recorded in
/// the document's `formatVersion`. Works on JSON trees: old stores are small, and
/// the result is read by the normal snapshot reader.
public struct Migrator: Sendable {
    public let steps: [MigrationStep]
    let transformers: StoreTransformers

    public init(registry: ValueTransformerRegistry = StoreSchema.defaultRegistry()) throws(StoreError) {
        steps = MigrationSteps.all
        transformers = try StoreSchema.transformers(from: registry)
    }

    /// The `formatVersion` of a document.
    public static func version(of document: JSONValue) throws(MigrationError) -> Int {
        guard document["format"]?.stringValue == "notes" else {
            throw MigrationError(step: "read the version", reason: "not a notes store: \"format\" is not \"notes\"")
        }
        guard let number = document["formatVersion"]?.doubleValue, number.rounded() == number, number >= 1, number < 1e9 else {
            throw MigrationError(step: "read the version", reason: "\"formatVersion\" is missing or not a whole number")
        }
        return Int(number)
    }

    /// Applies the steps from the document's version up to `target`, in order.
    public func migrate(_ document: JSONValue, upTo target: Int) throws(MigrationError) -> JSONValue {
        var version = try Self.version(of: document)
        guard version <= StoreSchema.formatVersion else {
            throw MigrationError(step: "read the version", reason: "format \(version) is newer than \(StoreSchema.formatVersion)")
        }
        var current = document
        while version < target {
            guard let step = steps.first(where: { $0.from == version }) else {
                throw MigrationError(step: "from version \(version)", reason: "no migration step starts at version \(version)")
            }
            current = try step.body(current, transformers).setting("formatVersion", to: .integer(version + 1))
            version += 1
        }
        return current
    }
}
