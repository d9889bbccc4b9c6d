import Foundation
import Glibc
import RowboatSpec

/// A kit program's favorites in one small JSON file: read whole, written
/// whole (a temporary file renamed over it), each change under an advisory
/// lock so that two runs of the program never drop each other's stars. A
/// file that is not a favorites file is left as it is, and the favorites
/// are kept for the session only (the reason is `favoritesProblem`).
package final class FavoritesFile: ListStore {
    package let path: String
    package let favoritesProblem: String?

    /// What the file holds: each list's favorites, newest first.
    struct Contents: Codable {
        var version = 1
        var lists: [String: [Entry]] = [:]
    }

    struct Entry: Codable {
        var addedAt: Double
        var row: RowModel
    }

    /// The file at `path`, its directory made; a file already there is read
    /// once to see that it can be used.
    package init(path: String) {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            _ = try Self.read(path)
            favoritesProblem = nil
        } catch let error as FavoritesFileError {
            favoritesProblem = error.description
        } catch {
            favoritesProblem = "cannot make \(Sanitizer.clean(directory, limit: 200)): \(Self.reason(error))"
        }
    }

    package func favorites(endpoint: String) -> [RowModel] {
        guard favoritesProblem == nil else { return [] }
        return ((try? Self.read(path))?.lists[endpoint] ?? []).map(\.row)
    }

    package func saveFavorite(_ row: RowModel, endpoint: String, now: Double) throws {
        try update { contents in
            var list = contents.lists[endpoint] ?? []
            list.removeAll { $0.row.id == row.id }
            list.insert(Entry(addedAt: now, row: row), at: 0)
            contents.lists[endpoint] = list
        }
    }

    package func removeFavorite(id: String, endpoint: String) throws {
        try update { contents in
            contents.lists[endpoint]?.removeAll { $0.row.id == id }
        }
    }

    /// Reads, changes and writes the file under its lock.
    private func update(_ change: (inout Contents) -> Void) throws {
        if let favoritesProblem { throw FavoritesFileError(favoritesProblem) }
        let lock = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw FavoritesFileError("cannot lock \(shown): \(String(cString: strerror(errno)))") }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
        var contents = try Self.read(path)
        change(&contents)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try encoder.encode(contents).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FavoritesFileError("cannot write \(shown): \(Self.reason(error))")
        }
    }

    private var shown: String { Sanitizer.clean(path, limit: 200) }

    /// Far more than any list's favorites (a row is about a kilobyte):
    /// a larger file is not read at all.
    static let maxBytes = 64 << 20

    /// The file's contents; none when there is no file yet.
    static func read(_ path: String) throws(FavoritesFileError) -> Contents {
        guard FileManager.default.fileExists(atPath: path) else { return Contents() }
        let shown = Sanitizer.clean(path, limit: 200)
        let size = FileSize.of(path)
        guard size <= maxBytes else {
            throw FavoritesFileError("too large for a favorites file (\(ByteSize.human(size))), left as it is: \(shown)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FavoritesFileError("cannot read \(shown)")
        }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            guard contents.version == 1 else {
                throw FavoritesFileError("a favorites file of a newer version (\(contents.version)), left as it is: \(shown)")
            }
            return contents
        } catch let error as FavoritesFileError {
            throw error
        } catch {
            throw FavoritesFileError("not a favorites file, left as it is: \(shown)")
        }
    }

    static func reason(_ error: any Error) -> String {
        Sanitizer.clean((error as NSError).localizedDescription, limit: 120)
    }
}

/// Why the favorites file could not be read or written, as one line.
package struct FavoritesFileError: Error, Sendable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
