import Testing
@testable import RowboatDemo

@Suite("DemoCatalog", .timeLimit(.minutes(1)))
struct CatalogTests {
    let catalog = DemoCatalog(baseURL: "http://127.0.0.1:9999")

    @Test func isDeterministic() {
        #expect(DemoCatalog(baseURL: "http://x") == DemoCatalog(baseURL: "http://x"))
        #expect(catalog.count == 1000)
        #expect(catalog.items.map(\.id) == Array(1...1000))
    }

    @Test func fixedTitles() throws {
        #expect(try #require(catalog.item(id: 1)).title == "Brass Lantern")
        #expect(try #require(catalog.item(id: 2)).title == "青花瓷茶杯 Teacup")
        #expect(try #require(catalog.item(id: 3)).title == "Rocket 🚀 Launcher")
    }

    @Test func titleMix() {
        let titles = catalog.items.map(\.title)
        let chinese = titles.filter { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }
        let emoji = titles.filter { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } }
        #expect(chinese.count > 50 && chinese.count < 250)
        #expect(emoji.count > 50 && emoji.count < 250)
        #expect(Set(titles).count > 500)
    }

    @Test func fieldRanges() {
        for item in catalog.items {
            #expect(item.price > 0 && item.price < 500)
            #expect((item.price * 100).rounded() / 100 == item.price)
            #expect((1.0...5.0).contains(item.rating))
            #expect((item.rating * 10).rounded() / 10 == item.rating)
            #expect(!item.subtitle.isEmpty)
            let sentences = item.description.split(separator: ".").count
            #expect((2...4).contains(sentences))
        }
    }

    @Test func createdAtIsNewestFirstWithin2024To2026() {
        let start2024 = 1_704_067_200, start2027 = 1_798_761_600
        let times = catalog.items.map(\.createdAt)
        #expect(times.allSatisfy { $0 >= start2024 && $0 < start2027 })
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 > $1 })
    }

    @Test func imageURLsAlternatePNGAndJPEG() throws {
        #expect(try #require(catalog.item(id: 7)).image == "http://127.0.0.1:9999/images/7.png")
        #expect(try #require(catalog.item(id: 8)).image == "http://127.0.0.1:9999/images/8.jpg")
        #expect(DemoImageSpec(id: 5).pixelCount >= 1_000_000)
        #expect(DemoImageSpec(id: 4).pixelCount >= 1_000_000)
    }

    @Test func paging() {
        let first = catalog.page(1, limit: 20)
        #expect(first.list.map(\.id) == Array(1...20))
        #expect(first.totalPage == 50 && first.total == 1000)
        #expect(catalog.page(50, limit: 20).list.map(\.id) == Array(981...1000))
        #expect(catalog.page(51, limit: 20).list.isEmpty)
        #expect(catalog.page(1, limit: 1000).list.count == 100)
        #expect(catalog.page(1, limit: 0).list.count == 1)
        #expect(catalog.page(Int.max, limit: 100).list.isEmpty)
        #expect(catalog.item(id: 0) == nil && catalog.item(id: 1001) == nil)
    }
}
