/// Where a value was written in a config file, kept with it so a check made
/// later (in the app's layer: a key already bound) can name the spot as the
/// loader would. It is not part of what the value means: any two compare
/// equal.
public struct ConfigPosition: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var keyPath: String

    public init(file: String, line: Int?, column: Int?, keyPath: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// A `ConfigError` at this spot.
    public func error(_ message: String) -> ConfigError {
        ConfigError(file: file, line: line, column: column, keyPath: keyPath, message: message)
    }

    public var description: String { "\(file):\(line.map(String.init) ?? "?"):\(column.map(String.init) ?? "?")" }

    public static func == (_: ConfigPosition, _: ConfigPosition) -> Bool { true }
}
