import Foundation
import RowboatCore
import RowboatSpec
import RowboatParsing

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
        let config: RowboatConfig
        if isPlist(path: path, data: data) {
            config = try PlistConfigImporter.parse(data, file: path)
        } else {
            config = try ConfigLoader.parse(String(decoding: data, as: UTF8.self), file: path, environment: environment)
        }
        // What needs the app's key map: keys bound twice, action keys taken.
        try ConfigValidation.check(config)
        return config
    }

    /// True for a `.plist` path or property-list content.
    public static func isPlist(path: String, data: Data) -> Bool {
        path.lowercased().hasSuffix(".plist") || PlistConfigImporter.looksLikePlist(data)
    }

    /// Where the demo config lives: ./Config/demo.yaml, else Config/demo.yaml
    /// next to the executable or up to five folders above it (a build in the
    /// package), else `../share/rowboat/demo.yaml` from the executable's
    /// folder (an installed /usr/bin/rowboat reads /usr/share/rowboat/demo.yaml).
    /// `executable` is the running binary's own path (/proc/self/exe on
    /// Linux), not argv[0], which is a bare name when found on PATH.
    public static func demoConfigPath(executable: String = Bundle.main.executablePath ?? CommandLine.arguments[0])
        -> String {
        let relative = "Config/demo.yaml"
        var candidates = [relative]
        let bin = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        var dir = bin
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent(relative).path)
            dir = dir.deletingLastPathComponent()
        }
        candidates.append(bin.deletingLastPathComponent().appendingPathComponent("share/rowboat/demo.yaml").path)
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? relative
    }
}
