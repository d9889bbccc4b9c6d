import Foundation
import RowboatSpec

/// A value from a parsed property list with its key path, so every read can
/// fail with a `ConfigError` that names the plist key.
struct PlistNode {
    let value: Any
    let path: String
    let file: String

    func error(_ message: String) -> ConfigError {
        ConfigError(file: file, line: nil, column: nil, keyPath: path, message: message)
    }

    func child(_ value: Any, key: String) -> PlistNode {
        PlistNode(value: value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    /// The dictionary's entries by key; keys outside `known` fail with a
    /// suggestion unless `ignoringUnknown`.
    func dictionary(known: [String], ignoringUnknown: Bool = false) throws(ConfigError) -> [String: PlistNode] {
        guard let dict = value as? [String: Any] else { throw error("expected a dictionary, found \(kind)") }
        var out: [String: PlistNode] = [:]
        for key in dict.keys.sorted() {
            let entry = child(dict[key]!, key: key)
            if !known.contains(key) {
                if ignoringUnknown { continue }
                let hint = Suggestion.hint(for: key, in: known)
                throw entry.error("unknown key \"\(key)\"\(hint)")
            }
            out[key] = entry
        }
        return out
    }

    /// A dictionary's entries in key order (free keys: interfaces, params).
    func entries() throws(ConfigError) -> [(String, PlistNode)] {
        guard let dict = value as? [String: Any] else { throw error("expected a dictionary, found \(kind)") }
        return dict.keys.sorted().map { ($0, child(dict[$0]!, key: $0)) }
    }

    func string() throws(ConfigError) -> String {
        guard let s = value as? String else { throw error("expected a string, found \(kind)") }
        return s
    }

    /// A string, number or bool as text (params are sent as text).
    func scalarText() throws(ConfigError) -> String {
        if let s = value as? String { return s }
        if let b = boolValue { return b ? "true" : "false" }
        if let d = numberValue { return JSONValue.format(d) }
        throw error("expected a string or number, found \(kind)")
    }

    func double() throws(ConfigError) -> Double {
        if let d = numberValue, d.isFinite { return d }
        if let s = value as? String, let d = Double(s.trimmingWhitespace()), d.isFinite { return d }
        throw error("expected a number, found \(kind)")
    }

    func bool() throws(ConfigError) -> Bool {
        if let b = boolValue { return b }
        if let s = value as? String, let flag = BoolText.value(s) { return flag }
        throw error("expected a boolean, found \(kind)")
    }

    /// A plist `<true/>` / `<false/>` (a Swift `Bool`, not a number that
    /// happens to bridge to one).
    var boolValue: Bool? {
        type(of: value) == Bool.self ? value as? Bool : nil
    }

    var numberValue: Double? {
        if type(of: value) == Bool.self { return nil }
        if let n = value as? NSNumber { return n.doubleValue }
        if let i = value as? Int { return Double(i) }
        return value as? Double
    }

    var kind: String {
        switch value {
        case let s as String: "\"\(s.prefix(30))\""
        case is [String: Any]: "a dictionary"
        case is [Any]: "an array"
        case is Date: "a date"
        case is Data: "data"
        default: boolValue != nil ? "a boolean" : numberValue != nil ? "a number" : "an unknown value"
        }
    }
}
