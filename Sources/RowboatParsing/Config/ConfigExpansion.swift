import RowboatSpec

/// A config file may not expand past `maxValues` values. YAML aliases
/// repeat the node they name, so a few lines can stand for billions of
/// values (a "billion laughs" file), and reading the config — or even
/// composing it, when an alias is a mapping key (keys are compared by their
/// whole value) — would walk every copy. The check reads the file's YAML
/// events once (`YAMLEvents`), before anything is composed, counting each
/// value with every alias expanded (`AliasTally`), and stops at the bound:
/// it takes milliseconds whatever the file holds, and names the line of
/// the alias that took it past the bound.
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
        var tally = AliasTally(limit: maxValues)
        _ = try YAMLEvents.read(Array(text.utf8)) { (event, mark) throws(ConfigError) -> Bool in
            guard tally.count(event) else {
                throw ConfigError(file: file, line: mark.line, column: mark.column, keyPath: "", message: message)
            }
            return true
        }
    }
}
