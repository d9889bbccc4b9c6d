import ArgumentParser
import RowboatSpec

/// A one-line error for the user; printed as `rowboat: <message>`, exit 1.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ message: String) {
        description = Sanitizer.clean(message, limit: 500)
    }
}
