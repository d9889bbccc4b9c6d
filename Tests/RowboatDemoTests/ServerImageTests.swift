import Testing
import RowboatDemo

@Suite("Demo server images", .timeLimit(.minutes(2)))
struct ServerImageTests {
    @Test(arguments: [1, 3, 5, 101])
    func pngHasSignatureAndSpecSize(id: Int) async throws {
        try await withDemoServer { server in
            let response = try await TestHTTP.get("\(server.baseURL)/images/\(id).png")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "image/png")
            let size = try #require(ImageHeaders.pngSize([UInt8](response.body)))
            let spec = DemoImageSpec(id: id)
            #expect(size.width == spec.width && size.height == spec.height)
        }
    }

    @Test(arguments: [11, 23, 35])
    func webpHasRIFFHeader(id: Int) async throws {
        try await withDemoServer { server in
            let response = try await TestHTTP.get("\(server.baseURL)/images/\(id).webp")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "image/webp")
            let bytes = [UInt8](response.body)
            #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8))
            #expect(Array(bytes.dropFirst(8).prefix(4)) == Array("WEBP".utf8))
            #expect(DemoImageSpec(id: id).format == .webp)
            // The same item is not served under another extension.
            #expect(try await TestHTTP.get("\(server.baseURL)/images/\(id).png").status == 404)
        }
    }

    @Test(arguments: [2, 4, 6, 10])
    func jpegHasSOIAndSpecSize(id: Int) async throws {
        try await withDemoServer { server in
            let response = try await TestHTTP.get("\(server.baseURL)/images/\(id).jpg")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "image/jpeg")
            let bytes = [UInt8](response.body)
            #expect(bytes.prefix(2) == [0xFF, 0xD8])
            let frame = try #require(ImageHeaders.jpegFrame(bytes))
            let spec = DemoImageSpec(id: id)
            #expect(frame.width == spec.width && frame.height == spec.height)
        }
    }

    @Test func someImagesAreAtLeastOneMegapixel() async throws {
        try await withDemoServer { server in
            let png = try await TestHTTP.get("\(server.baseURL)/images/5.png")
            let pngSize = try #require(ImageHeaders.pngSize([UInt8](png.body)))
            #expect(pngSize.width * pngSize.height >= 1_000_000)
            let jpeg = try await TestHTTP.get("\(server.baseURL)/images/4.jpg")
            let frame = try #require(ImageHeaders.jpegFrame([UInt8](jpeg.body)))
            #expect(frame.width * frame.height >= 1_000_000)
        }
    }

    @Test func etagAndIfNoneMatch() async throws {
        try await withDemoServer { server in
            let url = "\(server.baseURL)/images/9.png"
            let first = try await TestHTTP.get(url)
            let etag = try #require(first.header("ETag"))
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
            let again = try await TestHTTP.get(url)
            #expect(again.header("ETag") == etag && again.body == first.body)

            let cached = try await TestHTTP.get(url, headers: ["If-None-Match": etag])
            #expect(cached.status == 304)
            #expect(cached.body.isEmpty)
            #expect(cached.header("ETag") == etag)

            let stale = try await TestHTTP.get(url, headers: ["If-None-Match": "\"something-else\""])
            #expect(stale.status == 200 && stale.body == first.body)
        }
    }

    @Test(arguments: ["1.jpg", "2.png", "1001.png", "0.jpg", "x.png", "1.gif", "1"])
    func wrongOrUnknownImageIs404(file: String) async throws {
        try await withDemoServer { server in
            let response = try await TestHTTP.get("\(server.baseURL)/images/\(file)")
            #expect(response.status == 404)
        }
    }

    @Test func requestsAreCountedPerPath() async throws {
        try await withDemoServer { server in
            for _ in 0..<3 {
                _ = try await TestHTTP.get("\(server.baseURL)/images/13.png")
            }
            _ = try await TestHTTP.get("\(server.baseURL)/api/items?page=2")
            _ = try await TestHTTP.get("\(server.baseURL)/nowhere")
            #expect(server.requestCount(path: "/images/13.png") == 3)
            #expect(server.requestCount(path: "/api/items") == 1)
            #expect(server.requestCount(path: "/nowhere") == 1)
            #expect(server.requestCount(path: "/images/15.png") == 0)
            #expect(server.totalRequests == 5)
            server.resetRequestCounts()
            #expect(server.totalRequests == 0)
        }
    }

    @Test func concurrentRequestsShareOneRender() async throws {
        try await withDemoServer { server in
            let url = "\(server.baseURL)/images/20.jpg"
            let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                for _ in 0..<8 {
                    group.addTask { [UInt8](try await TestHTTP.get(url).body) }
                }
                return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
            }
            #expect(Set(bodies).count == 1)
            #expect(server.requestCount(path: "/images/20.jpg") == 8)
            #expect(await server.imageRenderCount() == 1)
        }
    }
}
