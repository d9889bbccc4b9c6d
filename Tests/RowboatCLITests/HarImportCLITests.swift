import Foundation
import RowboatDemo
import Testing

/// `rowboat config import --har FILE`, the real binary against the demo
/// server: one endpoint per JSON list request of the log, each checked
/// against the server; the credential it carried written as a variable.
@Suite struct HarImportCLITests {
    func entry(_ url: String, body: String, headers: [(String, String)] = []) -> String {
        let head = headers.map { #"{"name": "\#($0.0)", "value": "\#($0.1)"}"# }.joined(separator: ",")
        let text = String(decoding: try! JSONSerialization.data(withJSONObject: [body], options: [.fragmentsAllowed]), as: UTF8.self)
        return #"{"request": {"method": "GET", "url": "\#(url)", "headers": [\#(head)]}, "#
            + #""response": {"status": 200, "content": {"mimeType": "application/json; charset=utf-8", "text": \#(text.dropFirst().dropLast())}}}"#
    }

    @Test func aBrowsersLogBecomesAConfig() async throws {
        let server = try await DemoServer.start(port: 0)
        let har = """
            {"log": {"version": "1.2", "entries": [
            \(entry("\(server.baseURL)/api/items?limit=5", body: #"{"code": 200, "datas": {"list": [{"id": 1}]}}"#,
                    headers: [("Authorization", "Bearer har-s3cret"), ("User-Agent", "Mozilla/5.0")])),
            \(entry("\(server.baseURL)/index.html", body: "<html>")),
            \(entry("\(server.baseURL)/api/makers", body: #"{"code": 200, "datas": {"list": [{"id": 1}]}}"#))
            ]}}
            """
        let file = try Paths.write(har, name: "network.har")
        let r = try await Subprocess.rowboat("config", "import", "--har", file)
        await server.stop()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("imported from network.har by `rowboat config import --har`"))
        #expect(r.stdout.contains("url: /api/items") && r.stdout.contains("url: /api/makers"))
        #expect(r.stdout.contains("token: \"${API_TOKEN}\""))
        #expect(!r.stdout.contains("har-s3cret") && !r.stderr.contains("har-s3cret"))
        let config = try Paths.write(r.stdout, name: "from-har.yaml")
        let check = try await Subprocess.rowboat(environment: ["API_TOKEN": "x"], ["config", "check", config])
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func aFileThatIsNoHARIsOneLine() async throws {
        let file = try Paths.write(#"{"entries": []}"#, name: "not.har")
        let r = try await Subprocess.rowboat("config", "import", "--har", file)
        #expect(r.status == 1)
        #expect(r.stderr == "rowboat: --har \(file): not a HAR file: no log.entries list\n")
    }
}
