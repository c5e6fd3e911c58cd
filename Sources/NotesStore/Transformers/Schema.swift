import Foundation

/// The shape of what the store keeps: entities, their attributes, and for each
/// transformable attribute the name of its transformer.
public struct Schema: Equatable, Sendable {
    public var entities: [SchemaEntity]
    public init(entities: [SchemaEntity]) { self.entities = entities }

    /// Checks that every transformer the schema names is registered.
    public func validate(against registry: ValueTransformerRegistry) throws(SchemaError) {
        for entity in entities {
            for attribute in entity.attributes {
                if case .transformable(let name) = attribute.type, registry.transformer(named: name) == nil {
                    throw .unregisteredTransformer(transformer: name, attribute: attribute.name, entity: entity.name)
                }
            }
        }
    }
}

public struct SchemaEntity: Equatable, Sendable {
    public var name: String
    public var attributes: [SchemaAttribute]
    public init(name: String, attributes: [SchemaAttribute]) {
        self.name = name
        self.attributes = attributes
    }
}

public struct SchemaAttribute: Equatable, Sendable {
    public indirect enum AttributeType: Equatable, Sendable {
        case uuid, string, date, integer16, boolean
        case optional(AttributeType)
        case stringSet
        /// Strings in order.
        case stringList
        /// Stored in the form the named transformer produces.
        case transformable(String)
    }
    public var name: String
    public var type: AttributeType
    public init(name: String, type: AttributeType) {
        self.name = name
        self.type = type
    }
}

public enum SchemaError: Error, Equatable, Sendable, CustomStringConvertible {
    case unregisteredTransformer(transformer: String, attribute: String, entity: String)
    public var description: String {
        switch self {
        case .unregisteredTransformer(let transformer, let attribute, let entity):
            "the schema names value transformer '\(transformer)' for attribute '\(attribute)' of entity '\(entity)', but no transformer of that name is registered"
        }
    }
}
