import Foundation
import RowboatCore

/// Reads a config file from disk and parses it; every failure is one line
/// naming the file.
public enum ConfigFile {
    /// Loads YAML or JSON, or a PbSwiftLibrary-style property list (a
    /// `.plist` path, or content starting `<?xml`, `<plist` or `bplist`).
    public static func load(_ path: String,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigError) -> RowboatConfig {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw ConfigError(file: path, line: nil, column: nil, keyPath: "", message: reason)
        }
        if isPlist(path: path, data: data) {
            return try PlistConfigImporter.parse(data, file: path)
        }
        return try ConfigLoader.parse(String(decoding: data, as: UTF8.self), file: path, environment: environment)
    }

    /// True for a `.plist` path or property-list content.
    public static func isPlist(path: String, data: Data) -> Bool {
        path.lowercased().hasSuffix(".plist") || PlistConfigImporter.looksLikePlist(data)
    }

    /// Where the demo config lives: ./Config/demo.yaml, else next to the
    /// package the executable was built from.
    public static func demoConfigPath(executable: String = CommandLine.arguments[0],
                                      sourceFile: String = #filePath) -> String {
        let relative = "Config/demo.yaml"
        var candidates = [relative]
        var dir = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent(relative).path)
            dir = dir.deletingLastPathComponent()
        }
        // Sources/RowboatApp/ConfigFile.swift → package root.
        let root = URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(relative).path)
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? relative
    }
}
