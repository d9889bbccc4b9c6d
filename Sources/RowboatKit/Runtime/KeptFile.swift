import Foundation
import RowboatSpec

/// One small JSON file of what a user expects kept between runs (column
/// layouts, saved views, the action console's runs) in the user's state
/// directory, `$XDG_STATE_HOME/rowboat` (else `~/.local/state/rowboat`):
/// `{"version": N, …Contents' own keys}`, mode 0600, written atomically (a
/// new file renamed over the old, so a reader sees the old file or the new,
/// never half). A file that cannot be read, is not valid, or is of another
/// format version is not used, with one line (`load`), and is set aside
/// beside it (`.bad`) when the file is next written, so nothing in it is
/// lost; one that cannot be written is said when it happens (`save` throws).
/// The one mechanism under `ColumnStore`, `ViewStore` and
/// `ActionHistoryStore`.
package struct KeptFile<Contents: Codable>: Sendable {
    /// The file's path.
    package let file: String
    /// What it holds, for its lines ("column layout").
    let what: String
    /// The format written; a file of another version is not used.
    let version: Int

    package init(file: String, what: String, version: Int) {
        self.file = file
        self.what = what
        self.version = version
    }

    /// `PREFIX-HASH.json` under `directory`, one per `identity` (a config
    /// file's path made absolute, or a program's name).
    package init(_ prefix: String, identity: String, directory: String, what: String, version: Int) {
        let hash = String(FNV1a.hash(Array(identity.utf8)), radix: 16)
        self.init(file: (directory as NSString).appendingPathComponent("\(prefix)-\(hash).json"), what: what, version: version)
    }

    /// The file's contents (nil: there is none yet, or it is not used), and
    /// the line saying why it is not used when it is not.
    package func load() -> (contents: Contents?, problem: String?) {
        guard FileManager.default.fileExists(atPath: file) else { return (nil, nil) }
        guard let data = FileManager.default.contents(atPath: file) else { return (nil, line("cannot be read")) }
        let decoder = JSONDecoder()
        guard let stamp = try? decoder.decode(Stamp.self, from: data) else {
            return (nil, line("is not a \(what) file (damaged?); kept as it is"))
        }
        guard stamp.version == version else {
            let which = stamp.version.map { "format \($0)" } ?? "an older format"
            return (nil, line("is in \(which), not \(version); kept as it is"))
        }
        guard let contents = try? decoder.decode(Contents.self, from: data) else {
            return (nil, line("is not a \(what) file (damaged?); kept as it is"))
        }
        return (contents, nil)
    }

    /// Writes `contents` in place of the file; a file that was not used is
    /// set aside first (`FILE.bad`), not written over.
    package func save(_ contents: Contents) throws {
        if FileManager.default.fileExists(atPath: file), load().problem != nil {
            _ = rename(file, file + ".bad")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(Written(version: version, contents: contents)) } catch {
            throw KeptFileError("\(error)")
        }
        let directory = (file as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw KeptFileError("\(directory) cannot be made")
        }
        let temporary = file + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw KeptFileError("\(directory) is not writable")
        }
        guard rename(temporary, file) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw KeptFileError("\(file): \(reason)")
        }
    }

    func line(_ reason: String) -> String {
        Sanitizer.clean("\(what) not used: \(file) \(reason)", limit: 240)
    }

    /// The version alone, read before the rest.
    struct Stamp: Decodable {
        var version: Int?
    }

    /// `{"version": N}` and the contents' own keys, side by side.
    struct Written: Encodable {
        var version: Int
        var contents: Contents

        enum Keys: String, CodingKey { case version }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(version, forKey: .version)
            try contents.encode(to: encoder)
        }
    }
}

/// Why a kept file could not be written, as one line.
package struct KeptFileError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = Sanitizer.clean(description, limit: 240)
    }
}

