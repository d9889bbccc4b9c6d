import CLibYAML
import RowboatSpec

/// A config file may not expand past `maxValues` values. YAML aliases
/// repeat the node they name, so a few lines can stand for billions of
/// values (a "billion laughs" file), and reading the config — or even
/// composing it, when an alias is a mapping key (keys are compared by their
/// whole value) — would walk every copy. The check reads the file's YAML
/// events once, before anything is composed, counting each value with
/// every alias expanded (an anchor's count is known when its node ends),
/// and stops at the bound: it takes milliseconds whatever the file holds,
/// and names the line of the alias that took it past the bound.
enum ConfigExpansion {
    /// Far more than any real config (a hundred endpoints take a few
    /// thousand values), far less than what takes a noticeable time to read.
    static let maxValues = 100_000

    /// The message a refused config ends with.
    static var message: String {
        "the config expands to more than \(maxValues) values (YAML aliases repeat what they name); refused"
    }

    /// Throws when the YAML `text` holds more than `maxValues` values with
    /// its aliases expanded. Text libyaml cannot read passes: composing it
    /// reports the syntax error as always.
    static func check(_ text: String, file: String) throws(ConfigError) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { (buffer) throws(ConfigError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            /// Values counted so far in document order, aliases expanded;
            /// each open container's count, and its anchor.
            var total = 0
            var open: [(anchor: String?, count: Int)] = []
            var sizes: [String: Int] = [:]
            func add(_ n: Int, at mark: yaml_mark_t) throws(ConfigError) {
                total = min(maxValues + 1, total + n)
                if !open.isEmpty { open[open.count - 1].count = min(maxValues + 1, open[open.count - 1].count + n) }
                if total > maxValues {
                    throw ConfigError(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1, keyPath: "",
                                      message: message)
                }
            }
            func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                anchor.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return
                case YAML_SCALAR_EVENT:
                    try add(1, at: event.start_mark)
                    if let anchor = name(event.data.scalar.anchor) { sizes[anchor] = 1 }
                case YAML_ALIAS_EVENT:
                    try add(name(event.data.alias.anchor).flatMap { sizes[$0] } ?? 1, at: event.start_mark)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    try add(1, at: event.start_mark)
                    let anchor = event.type == YAML_SEQUENCE_START_EVENT ? event.data.sequence_start.anchor
                        : event.data.mapping_start.anchor
                    open.append((name(anchor), 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let done = open.popLast() else { return }
                    if let anchor = done.anchor { sizes[anchor] = done.count }
                    // The container itself was counted where it started; its
                    // values were added to the parent's count as they came.
                    if !open.isEmpty {
                        open[open.count - 1].count = min(maxValues + 1, open[open.count - 1].count + done.count - 1)
                    }
                default:
                    break
                }
            }
        }
    }
}
