import Foundation
import Testing
@testable import RowboatApp
@testable import RowboatSpec
@testable import RowboatParsing

/// Paths and temp files for the CLI tests.
enum Paths {
    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samplePlist = root.appendingPathComponent("Config/DataConfig.plist").path
    static let demoYAML = root.appendingPathComponent("Config/demo.yaml").path

    /// A fresh temp directory.
    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rowboat-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Writes `text` to `name` in a fresh temp directory; returns its path.
    static func write(_ text: String, name: String) throws -> String {
        let url = try tempDir().appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }
}

/// A DataConfig.plist body around `inner` root entries.
func plist(_ inner: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(inner)
    </dict>
    </plist>
    """
}

let itemsInterface = """
<key>interface</key>
<dict><key>items</key><dict><key>url</key><string>/api/items</string></dict></dict>
"""

@Suite("Plist import")
struct PlistImportTests {
    @Test func sampleFileLoadsWithTheEnvelopeDefaults() throws {
        let config = try ConfigFile.load(Paths.samplePlist)
        #expect(config.server == "http://127.0.0.1:8080")
        #expect(config.communication == Communication(method: .get, timeoutSeconds: 10))
        #expect(config.localCache == LocalCacheSettings(enabled: true, path: "localCache", expireSeconds: 600))
        let items = try #require(config.endpoint("items"))
        #expect(config.endpoints.count == 1)
        #expect(items.url == "/api/items")
        #expect(items.params == ["limit": .one("20")])
        #expect(items.paging == Paging(style: .pageNumber(param: "page", first: 1),
                                       totalPagesPath: JSONPath("datas.totalPage")))
        #expect(items.response == ResponseShape(listPath: JSONPath("datas.list")!, successPath: JSONPath("code"),
                                                successValues: ["200"], messagePath: JSONPath("msg")))
        #expect(items.item.fields.map(\.name) == ["id", "title", "subtitle", "image"])
        #expect(items.columns.map(\.field) == ["title", "subtitle"])
    }

    /// The sample is well-formed XML that strict readers (Python's
    /// plistlib, Xcode) accept too, not only our lenient one: no comment
    /// holds "--" or ends in "-".
    @Test func samplePlistCommentsAreWellFormed() throws {
        let text = try String(contentsOfFile: Paths.samplePlist, encoding: .utf8)
        var rest = text[...]
        var comments = 0
        while let open = rest.range(of: "<!--") {
            let close = try #require(rest[open.upperBound...].range(of: "-->"), "a comment is not closed")
            let body = rest[open.upperBound..<close.lowerBound]
            #expect(!body.contains("--"), "a comment holds \"--\": \(body)")
            #expect(!body.hasSuffix("-"))
            comments += 1
            rest = rest[close.upperBound...]
        }
        #expect(comments >= 1)
    }

    @Test func severAndServerAreBothAccepted() throws {
        for key in ["sever", "server"] {
            let text = plist("<key>\(key)</key><string>https://api.example.com/pbms/</string>\n\(itemsInterface)")
            let config = try PlistConfigImporter.parse(Data(text.utf8), file: "DataConfig.plist")
            #expect(config.server == "https://api.example.com/pbms/")
        }
    }

    @Test func protocolGivesASchemelessServerItsScheme() throws {
        let text = plist("""
        <key>sever</key><string>api.example.com/pbms/</string>
        <key>communication</key><dict><key>protocol</key><string>HTTPS</string><key>method</key><string>POST</string>
        <key>asynchronous</key><false/><key>timeOut</key><real>2.5</real></dict>
        <key>localMenu</key><dict><key>menu</key><array/></dict>
        <key>interface</key><dict><key>s</key><dict><key>url</key><string>busiSection</string>
        <key>params</key><dict><key>cert</key><string>hj-yxy</string><key>n</key><integer>3</integer>
        <key>on</key><true/><key>tag</key><array><string>a</string><string>b</string></array></dict></dict></dict>
        """)
        let config = try PlistConfigImporter.parse(Data(text.utf8), file: "p.plist")
        #expect(config.server == "https://api.example.com/pbms/")
        #expect(config.communication.method == .post)
        #expect(config.communication.timeoutSeconds == 2.5)
        #expect(config.endpoints[0].params == ["cert": .one("hj-yxy"), "n": .one("3"), "on": .one("true"),
                                               "tag": .many(["a", "b"])])
        let spec = RequestBuilder(config: config, endpoint: config.endpoints[0]).resolvedURL()
        #expect(spec == "https://api.example.com/pbms/busiSection")
    }

    @Test func missingInterfaceIsOneLineNamingTheKey() throws {
        let path = try Paths.write(plist("<key>sever</key><string>http://x</string>"), name: "DataConfig.plist")
        #expect(throws: ConfigError.self) { try ConfigFile.load(path) }
        do {
            _ = try ConfigFile.load(path)
        } catch {
            #expect(error.description
                == "\(path): missing required key \"interface\" (the endpoints: key → {url, params})")
        }
    }

    @Test(arguments: [
        ("<key>sever</key><string>http://x</string><key>interface</key><dict><key>a</key><dict><key>ulr</key><string>/a</string></dict></dict>",
         "f.plist: interface.a.ulr: unknown key \"ulr\"; did you mean \"url\"?"),
        ("<key>sever</key><string>http://x</string><key>interface</key><dict><key>a</key><dict><key>url</key><integer>3</integer></dict></dict>",
         "f.plist: interface.a.url: expected a string, found a number"),
        ("<key>sever</key><string>http://x</string><key>communication</key><dict><key>method</key><string>PUT</string></dict>\(itemsInterface)",
         "f.plist: communication.method: expected GET or POST, found \"PUT\""),
        ("<key>sever</key><string>http://x</string><key>communication</key><dict><key>responseType</key><string>XML</string></dict>\(itemsInterface)",
         "f.plist: communication.responseType: only JSON responses are supported, found \"XML\""),
        ("<key>sever</key><string>http://x</string><key>localCache</key><dict><key>isActive</key><string>maybe</string></dict>\(itemsInterface)",
         "f.plist: localCache.isActive: expected a boolean, found \"maybe\""),
        ("<key>sever</key><string>http://a</string><key>server</key><string>http://b</string>\(itemsInterface)",
         "f.plist: server: both \"sever\" and \"server\" are set to different values; keep one"),
        (itemsInterface, "f.plist: missing required key \"sever\" (the server's base URL)"),
    ])
    func errorsNameThePlistKeyPath(inner: String, expected: String) {
        do {
            _ = try PlistConfigImporter.parse(Data(plist(inner).utf8), file: "f.plist")
            Issue.record("no error for \(inner)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func brokenPlistIsOneLine() {
        do {
            _ = try PlistConfigImporter.parse(Data("<plist><dict><key>a</key></dict></plist>".utf8), file: "f.plist")
            Issue.record("no error")
        } catch {
            #expect(error.description.hasPrefix("f.plist: not a valid property list"))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func binaryPlistLoadsToo() throws {
        let xml = try Data(contentsOf: URL(fileURLWithPath: Paths.samplePlist))
        let value = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        #expect(PlistConfigImporter.looksLikePlist(binary))
        let path = try Paths.write("", name: "config.bin")
        try binary.write(to: URL(fileURLWithPath: path))
        var expected = try ConfigFile.load(Paths.samplePlist)
        expected.source = path
        #expect(try ConfigFile.load(path) == expected)
    }

    @Test func contentSniffing() {
        #expect(PlistConfigImporter.looksLikePlist(Array("  <?xml version=\"1.0\"?>".utf8)))
        #expect(PlistConfigImporter.looksLikePlist(Array("<plist version=\"1.0\">".utf8)))
        #expect(!PlistConfigImporter.looksLikePlist(Array("server: http://x".utf8)))
        #expect(!PlistConfigImporter.looksLikePlist(Array("{\"server\": 1}".utf8)))
    }
}

@Suite("YAML export round trip")
struct YAMLExportTests {
    func roundTrip(_ config: RowboatConfig) throws -> (String, RowboatConfig) {
        let yaml = try ConfigYAMLWriter.yaml(config, header: ["imported", ""])
        var back = try ConfigLoader.parse(yaml, file: config.source)
        back.source = config.source
        return (yaml, back)
    }

    @Test func samplePlistRoundTripsThroughYAML() throws {
        let config = try ConfigFile.load(Paths.samplePlist)
        let (yaml, back) = try roundTrip(config)
        #expect(back == config)
        #expect(yaml.hasPrefix("# imported\n#\n"))
        #expect(yaml.contains("      totalPages: datas.totalPage"))
    }

    @Test func demoConfigRoundTrips() throws {
        let config = try ConfigFile.load(Paths.demoYAML)
        let (_, back) = try roundTrip(config)
        #expect(back == config)
    }

    @Test func awkwardValuesAreQuotedAndDollarsKept() throws {
        let text = plist("""
        <key>server</key><string>http://x/</string>
        <key>interface</key><dict><key>we ird: key</key><dict><key>url</key><string>/a?b=c#d</string>
        <key>params</key><dict><key>q</key><string>${HOME} costs $5 "quoted" \\ back</string>
        <key>e</key><string></string><key>colon</key><string>a: b</string><key>ctl</key><string>x&#x1B;y</string>
        <key>yes</key><string>yes</string><key>num</key><string>007</string></dict></dict></dict>
        """)
        let config = try PlistConfigImporter.parse(Data(text.utf8), file: "f.plist")
        let (yaml, back) = try roundTrip(config)
        #expect(back == config)
        #expect(!yaml.contains("\u{1B}"))
        #expect(back.endpoints[0].params["q"] == .one("${HOME} costs $5 \"quoted\" \\ back"))
    }
}

@Suite("--param arguments")
struct ParamArgumentsTests {
    @Test func repeatedKeysBecomeLists() throws {
        #expect(try ParamArguments.parse(["q=red shoes", "tag=a", "tag=b", "tag=c", "eq=x=y", "empty="]) == [
            "q": .one("red shoes"), "tag": .many(["a", "b", "c"]), "eq": .one("x=y"), "empty": .one(""),
        ])
        #expect(try ParamArguments.parse([]) == [:])
    }

    @Test func malformedArgumentsAreOneLine() {
        #expect(throws: ParamArguments.Failure(description: "--param \"novalue\": expected key=value")) {
            try ParamArguments.parse(["novalue"])
        }
        #expect(throws: ParamArguments.Failure(description: "--param \"=v\": the key is empty")) {
            try ParamArguments.parse(["=v"])
        }
    }
}

/// Header values carry tokens: exporting a config never prints them.
@Suite("YAML export keeps header values secret")
struct YAMLExportSecretTests {
    @Test func headerValuesBecomeEnvironmentReferences() throws {
        let text = """
        server: http://127.0.0.1:1
        communication: {headers: {X-Api-Key: "${TEST_TOKEN}"}}
        interfaces:
          items:
            url: /x
            headers: {Authorization: "Bearer ${TEST_TOKEN}"}
            item: {title: t}
        """
        let config = try ConfigLoader.parse(text, file: "secret.yaml", environment: ["TEST_TOKEN": "s3cr3t"])
        let yaml = try ConfigYAMLWriter.yaml(config)
        #expect(!yaml.contains("s3cr3t"))
        #expect(yaml.contains(#"X-Api-Key: "${ROWBOAT_HEADER_X_API_KEY}""#))
        // The output still loads, with the values from the environment.
        let back = try ConfigLoader.parse(yaml, file: "out.yaml", environment: [
            "ROWBOAT_HEADER_X_API_KEY": "s3cr3t", "ROWBOAT_HEADER_AUTHORIZATION": "Bearer s3cr3t"])
        #expect(back.communication.headers == config.communication.headers)
        #expect(back.endpoints[0].headers == config.endpoints[0].headers)
    }
}
