/// A config problem located in its file: renders as one line
/// `file:line:column: key.path: message`.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var keyPath: String
    public var message: String

    public init(file: String, line: Int?, column: Int?, keyPath: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        let key = keyPath.isEmpty ? "" : "\(keyPath): "
        return Sanitizer.clean("\(location): \(key)\(message)", limit: 400)
    }
}
