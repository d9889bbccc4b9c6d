import Foundation
import Testing
import RowboatParsing
import RowboatSpec
@testable import RowboatNetwork

/// A config's secrets are registered by the program that puts it to use
/// (`Secrets.adopt`), not as a side effect of making a `DataClient`.
@Suite struct SecretsAdoptTests {
    @Test func makingAClientRegistersNothingAdoptingDoes() async throws {
        let token = "adopt-\(UUID().uuidString)"
        let config = try ConfigLoader.parse("""
            server: http://127.0.0.1:9
            auth: {type: bearer, token: "\(token)"}
            interfaces:
              items: {url: /items, item: {id: id, title: title}}
            """, file: "adopt.yaml")
        let transport = HTTPTransport()
        _ = DataClient(config: config, transport: transport)
        await transport.shutdown()
        #expect(!Secrets.appear(in: "a \(token) b"))
        Secrets.adopt(config)
        #expect(Secrets.appear(in: "a \(token) b"))
    }
}
