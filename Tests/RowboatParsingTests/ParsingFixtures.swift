@testable import RowboatSpec
@testable import RowboatParsing

/// Shared builders for the parsing tests (not a suite).
enum ParsingFixtures {
    /// Parses config text, returning the error it throws (nil when it parses). ConfigFile.load checks a parsed
    /// config against the key map too (`ConfigValidation`, RowboatCore: a key bound twice, an action's key taken);
    /// the configs of these tests bind no key, so the parse is what they test.
    static func configError(_ text: String, environment: [String: String] = [:]) -> ConfigError? {
        do {
            _ = try ConfigLoader.parse(text, file: "test.yaml", environment: environment)
            return nil
        } catch {
            return error
        }
    }
}
