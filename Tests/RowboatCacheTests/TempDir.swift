import Foundation

/// Fresh temp directories for real SQLite files.
enum TempDir {
    static func make() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
