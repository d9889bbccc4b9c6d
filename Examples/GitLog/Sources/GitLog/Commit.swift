import Foundation
import RowboatKit

/// One commit as `git log` prints it, and how it looks as a row.
struct Commit: ListRowConvertible {
    var hash: String
    var shortHash: String
    var subject: String
    var author: String
    var when: String
    var body: String

    /// Fields between unit separators, commits between record separators.
    static let format = "%H%x1f%h%x1f%s%x1f%an%x1f%ar%x1f%b%x1e"

    /// The commits in `git log --format=format`'s output.
    static func parse(_ output: String) -> [Commit] {
        output.split(separator: "\u{1E}").compactMap { record in
            let fields = record.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6 else { return nil }
            let hash = fields[0].trimmingCharacters(in: .newlines)
            return Commit(hash: hash, shortHash: fields[1], subject: fields[2], author: fields[3], when: fields[4],
                          body: fields[5].trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    var listRow: ListRow {
        ListRow(id: hash, title: subject, subtitle: author,
                fields: ["commit": shortHash, "when": when, "message": body.isEmpty ? "—" : body, "hash": hash])
    }
}
