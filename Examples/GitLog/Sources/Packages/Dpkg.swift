import Foundation

/// The packages installed on a Debian machine, as dpkg's status file has
/// them (`/var/lib/dpkg/status`, or another file of that form).
struct Dpkg: Sendable {
    /// One installed package.
    struct Package: Sendable {
        var name: String
        var architecture: String
        var version: String
        var section: String
        var maintainer: String
        /// Installed size in KiB.
        var size: Int
        var summary: String
        /// The long description: its paragraphs, as dpkg writes them (" ." is a blank line).
        var description: String

        /// Unique where one name is installed for two architectures.
        var id: String { "\(name):\(architecture)" }
    }

    var statusFile: String

    /// Where dpkg keeps each package's list of files: beside the status file.
    var infoDirectory: String { (statusFile as NSString).deletingLastPathComponent + "/info" }

    /// Every installed package, sorted by name then architecture.
    func installed() throws -> [Package] {
        let text = try String(contentsOfFile: statusFile, encoding: .utf8)
        var packages: [Package] = []
        for stanza in text.components(separatedBy: "\n\n") {
            var fields: [String: String] = [:]
            var last: String?
            for line in stanza.split(separator: "\n", omittingEmptySubsequences: true) {
                if line.hasPrefix(" "), let key = last {
                    let more = line.dropFirst()
                    fields[key, default: ""] += "\n" + (more == "." ? "" : String(more))
                } else if let colon = line.firstIndex(of: ":") {
                    let key = String(line[..<colon])
                    fields[key] = String(line[line.index(after: colon)...].drop { $0 == " " })
                    last = key
                }
            }
            guard let name = fields["Package"], fields["Status"]?.hasSuffix(" installed") == true else { continue }
            let description = fields["Description"] ?? ""
            let summary = description.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            packages.append(Package(name: name, architecture: fields["Architecture"] ?? "all",
                                    version: fields["Version"] ?? "", section: fields["Section"] ?? "",
                                    maintainer: fields["Maintainer"] ?? "", size: Int(fields["Installed-Size"] ?? "") ?? 0,
                                    summary: summary,
                                    description: String(description.dropFirst(summary.count).drop { $0 == "\n" })))
        }
        return packages.sorted { ($0.name, $0.architecture) < ($1.name, $1.architecture) }
    }

    /// The file that lists what `package` installed (nil: dpkg keeps none).
    func fileList(of package: Package) -> String? {
        [infoDirectory + "/\(package.name):\(package.architecture).list", infoDirectory + "/\(package.name).list"]
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// "3.1 GB", "41.2 MB", "512 kB" for a size in KiB.
    static func human(kib: Int) -> String {
        let bytes = Double(kib) * 1024
        for (unit, scale) in [("GB", 1e9), ("MB", 1e6)] where bytes >= scale {
            return String(format: "%.1f %@", bytes / scale, unit)
        }
        return "\(Int((bytes / 1e3).rounded())) kB"
    }
}
