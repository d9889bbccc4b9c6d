/// How `rowboat fetch` writes items: an aligned table for people, or
/// JSON, JSON Lines, CSV or TSV for scripts.
public enum OutputFormat: String, Sendable, Equatable, CaseIterable {
    case table, json, jsonl, csv, tsv
}
