/// What `rowboat --version` prints: the release number and the git commit
/// the binary was built from (`GitCommit`, written at build time by the
/// GitCommitPlugin), e.g. `rowboat 0.1.0 (commit 3616b262b722, modified)`.
enum RowboatVersion {
    /// The release number; scripts/release names the .deb after it.
    static let number = "0.1.0"

    /// The one line printed by `--version`.
    static var text: String {
        line(number: number, commit: GitCommit.id, modified: GitCommit.modified)
    }

    /// The line for a given commit: 12 hex digits, ", modified" when tracked
    /// files differed from the commit, "commit unknown" outside a git work tree.
    static func line(number: String, commit: String, modified: Bool) -> String {
        guard commit != "unknown" else { return "rowboat \(number) (commit unknown)" }
        return "rowboat \(number) (commit \(commit.prefix(12))\(modified ? ", modified" : ""))"
    }
}
