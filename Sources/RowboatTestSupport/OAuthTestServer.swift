import Foundation
import RowboatProcess
#if canImport(Glibc)
import Glibc
#endif

/// A real OAuth2 authorization server for the sign-in tests:
/// django-oauth-toolkit (Tests/OAuthServer, pins in
/// .ci/requirements-oauth.txt) run from the virtual environment `.ci/run`
/// makes (`.build/oauth-venv`, or `$ROWBOAT_OAUTH_VENV`), on 127.0.0.1
/// with a free port and a fresh SQLite database. Its user `alice`, public
/// clients `rowboat-code` (code + PKCE, redirect http://127.0.0.1/callback
/// on any port) and `rowboat-device` (device grant).
public final class OAuthTestServer: Sendable {
    public let port: Int
    public var origin: String { "http://127.0.0.1:\(port)" }
    let process: RunningProcess
    let directory: String

    /// The package root, from this file's path.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The virtual environment's folder.
    public static var venv: String {
        ProcessInfo.processInfo.environment["ROWBOAT_OAUTH_VENV"] ?? root + "/.build/oauth-venv"
    }

    public static var python: String { venv + "/bin/python" }

    /// True when the tests can run: the venv is there, or this is CI
    /// (`$CI`, or `$ROWBOAT_OAUTH_REQUIRED=1`, which `.ci/run` sets after
    /// making the venv), where a missing one must fail, not skip.
    public static var available: Bool {
        let environment = ProcessInfo.processInfo.environment
        return FileManager.default.isExecutableFile(atPath: python) || environment["CI"] != nil
            || environment["ROWBOAT_OAUTH_REQUIRED"] == "1"
    }

    /// Why the tests are skipped, for the skip message.
    public static let skipReason = "no OAuth2 test server: run .ci/run once (or python3 -m venv .build/oauth-venv && "
        + ".build/oauth-venv/bin/pip install -r .ci/requirements-oauth.txt)"

    init(port: Int, process: RunningProcess, directory: String) {
        self.port = port
        self.process = process
        self.directory = directory
    }

    /// Starts a server, runs `body`, stops it.
    public static func withRunning<T: Sendable>(_ body: (OAuthTestServer) async throws -> T) async throws -> T {
        let server = try await start()
        do {
            let result = try await body(server)
            server.stop()
            return result
        } catch {
            server.stop()
            throw error
        }
    }

    /// Why the server did not start (its stderr's end).
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    static func start() async throws -> OAuthTestServer {
        guard FileManager.default.isExecutableFile(atPath: python) else { throw StartFailure(description: skipReason) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-oauth-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let environment = ProcessRunner.environment(["ROWBOAT_OAUTH_DIR": directory, "PYTHONDONTWRITEBYTECODE": "1"])
        let process = try ProcessRunner.spawn(ProcessSpec(
            [python, root + "/Tests/OAuthServer/manage.py", "rowboat_serve"], environment: environment,
            stdout: .file(directory + "/out"), stderr: .file(directory + "/err"), newSession: true))
        // Ready when it has printed its port (migrating takes a few seconds).
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            let out = (try? String(contentsOfFile: directory + "/out", encoding: .utf8)) ?? ""
            if let line = out.split(separator: "\n").first(where: { $0.hasPrefix("PORT=") }), let port = Int(line.dropFirst(5)) {
                return OAuthTestServer(port: port, process: process, directory: directory)
            }
            if kill(process.pid, 0) != 0 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        kill(process.pid, SIGKILL)
        _ = process.wait()
        let err = (try? String(contentsOfFile: directory + "/err", encoding: .utf8)) ?? ""
        throw StartFailure(description: "the OAuth2 test server did not start: \(err.suffix(800))")
    }

    public func stop() {
        kill(process.pid, SIGTERM)
        _ = process.wait()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// What the server logged on stderr (for a failing test's message).
    public var log: String { (try? String(contentsOfFile: directory + "/err", encoding: .utf8)) ?? "" }

    /// The person at the browser (Tests/OAuthServer/person.py), on a thread
    /// of its own: `open URL` signs in and follows the authorization URL to
    /// the loopback; `device ORIGIN CODE accept|deny` approves a device.
    /// Its exit status and what it printed (stdout, then stderr).
    public static func person(_ arguments: [String]) async -> (status: Int32, output: String) {
        let argv = [python, root + "/Tests/OAuthServer/person.py"] + arguments
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                do {
                    let result = try ProcessRunner.run(ProcessSpec(argv, environment: ProcessRunner.environment(
                        ["PYTHONDONTWRITEBYTECODE": "1"]), stdout: .capture, stderr: .capture))
                    continuation.resume(returning: (result.status, result.stdout + result.stderr))
                } catch {
                    continuation.resume(returning: (127, "person.py could not start: \(error)"))
                }
            }
        }
    }

    /// The command line $BROWSER takes to play the person (`open` + the URL).
    public static var browserCommand: String { "\(python) \(root)/Tests/OAuthServer/person.py open" }
}
