import CYaml

/// How deeply a YAML front matter may nest, checked before Yams builds its tree: Yams
/// composes nodes recursively and overflows the stack at a few thousand levels, while
/// libyaml's own parser (used here, event by event) keeps its state on the heap.
enum YAMLNestingLimit {
    /// Front matter nests two or three levels; this leaves room and keeps the stack safe.
    static let maxDepth = 64

    /// Throws, naming the line (the opening `---` being line 1), at the first sequence or
    /// mapping nested deeper than `maxDepth` in `header` (the lines between the fences).
    /// Text that is not YAML is left to the real parse, which says why; it stops there too,
    /// before going any deeper. Adds the parser's events to `work`.
    static func check(_ header: String, work: inout Int) throws(FrontMatterError) {
        var bytes = Array(header.utf8)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var tooDeep: FrontMatterError?
        bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var depth = 0
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                work += 1
                switch event.type {
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    depth += 1
                    if depth > maxDepth {
                        tooDeep = FrontMatterError(line: Int(event.start_mark.line) + 2,
                                                   reason: "nested more than \(maxDepth) levels deep (column \(event.start_mark.column + 1))")
                        return
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    depth -= 1
                case YAML_STREAM_END_EVENT:
                    return
                default:
                    break
                }
            }
        }
        if let tooDeep { throw tooDeep }
    }
}
