import Foundation
import RowboatDemo
import Testing

/// Usage mistakes, as docs/cli.md promises them: one line naming the
/// option (and its range), the pointer to the command's help, exit 64;
/// nothing is started and stdout stays empty.
@Suite("usage mistakes exit 64 with one line")
struct UsageErrorTests {
    static let cases: [([String], String)] = [
        // Ports out of range no longer wrap modulo 65536; a negative number is a value, not a flag.
        (["demo-server", "--port", "99999"],
         "--port must be a port from 0 to 65535 (0 picks a free one), not 99999 (see rowboat demo-server --help)"),
        (["demo-server", "--port", "65536"],
         "--port must be a port from 0 to 65535 (0 picks a free one), not 65536 (see rowboat demo-server --help)"),
        (["demo-server", "--port", "-5"],
         "--port must be a port from 0 to 65535 (0 picks a free one), not -5 (see rowboat demo-server --help)"),
        (["config", "probe", "--timeout", "-1", "http://127.0.0.1:9/"],
         "--timeout must be more than 0 and at most 86400 seconds, not -1 (see rowboat config probe --help)"),
        (["config", "probe", "--timeout", "0", "http://127.0.0.1:9/"],
         "--timeout must be more than 0 and at most 86400 seconds, not 0 (see rowboat config probe --help)"),
        (["fetch", "items", "--width", "-3"], "--width must be from 1 to 10000 columns, not -3 (see rowboat fetch --help)"),
        (["fetch", "items", "--pages", "-1"],
         "The value '-1' is invalid for '--pages <N|all>': a number of pages from 1, or all (see rowboat fetch --help)"),
        (["fetch", "items", "--pages", "0"],
         "The value '0' is invalid for '--pages <N|all>': a number of pages from 1, or all (see rowboat fetch --help)"),
        // Bad argument values the command checks itself.
        (["config", "probe", "--method", "PUT", "http://127.0.0.1:9/"],
         "--method must be GET or POST, not \"PUT\" (see rowboat config probe --help)"),
        (["config", "probe", "--header", "NoColon", "http://127.0.0.1:9/"],
         "--header wants 'Name: value', not \"NoColon\" (see rowboat config probe --help)"),
        (["config", "probe", "--data", "{}", "http://127.0.0.1:9/"],
         "--data needs --method POST (see rowboat config probe --help)"),
        (["config", "probe", "ftp://example.com/list"], "ftp://example.com/list is not an http(s) URL (see rowboat config probe --help)"),
        (["fetch", "live", "--watch", "0.5"], "--watch must be at least 1 second, not 0.5 (see rowboat fetch --help)"),
        (["fetch", "live", "--watch", "-2"],
         "--watch must be more than 0 and at most 86400 seconds, not -2 (see rowboat fetch --help)"),
        (["fetch", "live", "--watch", "5", "--format", "csv"],
         "--watch prints JSON Lines: leave out --format or give --format jsonl (see rowboat fetch --help)"),
        (["fetch", "live", "--watch", "5", "--mode", "cache-only"],
         "--watch asks the server for new items; --mode cache-only never does (see rowboat fetch --help)"),
        (["fetch", "items", "--param", "novalue"], "--param \"novalue\": expected key=value (see rowboat fetch --help)"),
        (["fetch", "items", "--param", "=v"], "--param \"=v\": the key is empty (see rowboat fetch --help)"),
        // A mistyped command.
        (["fecth", "items"], "unknown command \"fecth\"; did you mean \"fetch\"? (see rowboat --help)"),
        (["conifg", "check", "a.yaml"], "unknown command \"conifg\"; did you mean \"config\"? (see rowboat --help)"),
        (["xyzzy"], "unknown command \"xyzzy\" (commands: browse, demo-server, fetch, config, cache, auth) (see rowboat --help)"),
    ]

    @Test(arguments: cases)
    func oneLineAndExit64(arguments: [String], expected: String) async throws {
        let r = try await Subprocess.rowboat(arguments)
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(r.stderr == "rowboat: \(expected)\n")
    }

    /// A port in use is one line in our words naming it (not SwiftNIO's
    /// "bind(descriptor:ptr:bytes:)" text), exit 1.
    @Test func aPortInUseIsNamed() async throws {
        try await DemoServer.withRunning { server in
            let r = try await Subprocess.rowboat("demo-server", "--port", String(server.port))
            #expect(r.status == 1)
            #expect(r.stdout == "")
            #expect(r.stderr == "rowboat: port \(server.port) on 127.0.0.1 is already in use; pick another with --port (0 picks a free one)\n")
        }
    }
}
