import CLibYAML

/// One libyaml event, copied out of the parser.
enum YAMLEvent {
    /// A scalar: its text, anchor and tag; `plain` when unquoted (the core
    /// schema reads it then).
    case scalar(String, anchor: String?, tag: String?, plain: Bool)
    /// An alias, naming its anchor.
    case alias(String?)
    /// A mapping or a sequence opens.
    case start(mapping: Bool, anchor: String?)
    /// The innermost open mapping or sequence closes.
    case end
    case documentEnd
    case streamEnd
}

/// Where in the text an event starts (1-based).
struct YAMLMark: Equatable {
    var line: Int, column: Int

    init(_ mark: yaml_mark_t) {
        line = Int(mark.line) + 1
        column = Int(mark.column) + 1
    }
}

/// The one libyaml event loop: hands a YAML text's events, in order, to a
/// visitor. Both readers of YAML events (the config's expansion check and
/// the OpenAPI reader) walk with it and count aliases with `AliasTally`.
enum YAMLEvents {
    /// How a read ended.
    enum End: Equatable {
        /// The stream ended, or the visitor said stop.
        case done
        /// libyaml found the text not YAML: its reason and where.
        case failed(String, at: YAMLMark)
        /// libyaml could not start.
        case notStarted
    }

    /// Reads `bytes`, handing each event and its start to `visit` until it
    /// returns false or the stream ends (`.streamEnd` is handed on too).
    static func read<E: Error>(_ bytes: [UInt8],
                               _ visit: (YAMLEvent, YAMLMark) throws(E) -> Bool) throws(E) -> End {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return .notStarted }
        defer { yaml_parser_delete(&parser) }
        var input = bytes
        return try input.withUnsafeMutableBufferPointer { (buffer) throws(E) -> End in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return .failed(parser.problem.map { String(cString: $0) } ?? "not YAML", at: YAMLMark(parser.problem_mark))
                }
                defer { yaml_event_delete(&event) }
                guard let read = copy(event) else { continue }
                guard try visit(read, YAMLMark(event.start_mark)) else { return .done }
                if case .streamEnd = read { return .done }
            }
        }
    }

    /// `event` as a `YAMLEvent` (nil: one the readers pass over).
    private static func copy(_ event: yaml_event_t) -> YAMLEvent? {
        switch event.type {
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: s.value, count: Int(s.length)), as: UTF8.self)
            return .scalar(text, anchor: name(s.anchor), tag: name(s.tag), plain: s.style == YAML_PLAIN_SCALAR_STYLE)
        case YAML_ALIAS_EVENT:
            return .alias(name(event.data.alias.anchor))
        case YAML_SEQUENCE_START_EVENT:
            return .start(mapping: false, anchor: name(event.data.sequence_start.anchor))
        case YAML_MAPPING_START_EVENT:
            return .start(mapping: true, anchor: name(event.data.mapping_start.anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            return .end
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_STREAM_END_EVENT:
            return .streamEnd
        default:
            return nil
        }
    }

    private static func name(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }
}
