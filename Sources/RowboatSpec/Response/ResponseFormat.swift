import Foundation

/// How a response body holds its JSON: one document (`json`), one document
/// per line (`ndjson`, JSON Lines), or `auto`: NDJSON when the content type
/// says so, one document otherwise.
public enum ResponseFormat: String, Sendable, Equatable, CaseIterable {
    case auto, json, ndjson
}
