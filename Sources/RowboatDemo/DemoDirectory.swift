/// The demo's other lists, beside the item catalog, so the demo browses
/// several endpoints as tabs: categories, makers, and reviews (all of them,
/// or one item's, which is what an item's related strip shows). Every
/// field is derived from ids with a seeded generator, like the catalog.
public struct DemoDirectory: Sendable, Equatable {
    /// A product category.
    public struct Category: Sendable, Equatable, Encodable {
        public let id: Int
        public let name: String
        public let items: Int
        public let image: String
    }

    /// A workshop that makes the items.
    public struct Maker: Sendable, Equatable, Encodable {
        public let id: Int
        public let name: String
        public let city: String
        public let founded: Int
        public let image: String
    }

    /// A customer's review of one item.
    public struct Review: Sendable, Equatable, Encodable {
        public let id: String
        public let item: Int
        public let author: String
        public let rating: Int
        public let text: String
        public let image: String

        enum CodingKeys: String, CodingKey {
            case id, item, author, rating, text, image
        }
    }

    /// A page of any of these lists, in the catalog's envelope shape.
    public struct Page<Element: Encodable & Sendable & Equatable>: Sendable, Equatable, Encodable {
        public let list: [Element]
        public let page: Int
        public let totalPage: Int
        public let total: Int
    }

    static let categoryNames = ["Lighting", "Tea & Coffee", "Kitchen", "Textiles", "Stationery", "Music", "Optics",
                                "Clocks", "Bags", "Ceramics", "Toys", "Garden"]
    static let cities = ["Lisbon", "Porto", "Kyoto", "Jingdezhen", "Oaxaca", "Tallinn", "Ghent", "Hobart", "Bergen",
                         "Valparaíso"]
    static let makerWords = ["Workshop", "Atelier", "Studio", "Guild", "Forge", "Loom", "Kiln", "Bench"]
    static let authors = ["Ana", "Bruno", "Chen", "Dara", "Eli", "Farah", "Goran", "Hana", "Ivo", "Jun", "Kemi", "Lior"]
    static let verdicts = ["Exactly as pictured", "Lovely finish", "Arrived quickly", "A little smaller than expected",
                           "Gift for my mother, she loves it", "Sturdy and honest", "Would buy again",
                           "The colour is warmer in person", "Packaging was beautiful", "Does the job"]

    public let baseURL: String
    public let categories: [Category]
    public let makers: [Maker]
    /// Items in the catalog (reviews exist for ids 1...itemCount).
    public let itemCount: Int

    public init(baseURL: String, itemCount: Int = DemoCatalog.defaultCount) {
        let root = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.baseURL = root
        self.itemCount = itemCount
        categories = Self.categoryNames.enumerated().map { i, name in
            var random = DemoRandom(seed: i + 1, salt: 0xCA7E_6081)
            return Category(id: i + 1, name: name, items: random.within(20...140),
                            image: root + DemoImageSpec(id: i * 3 + 1).path)
        }
        makers = (1...40).map { id in
            var random = DemoRandom(seed: id, salt: 0x3A4E_0001)
            let city = random.pick(Self.cities)
            return Maker(id: id, name: "\(city) \(random.pick(Self.makerWords)) \(id)", city: city,
                         founded: random.within(1890...2021), image: root + DemoImageSpec(id: id * 5 + 2).path)
        }
    }

    /// How many reviews item `item` has (0 to 24; item 1 has 12).
    public func reviewCount(item: Int) -> Int {
        guard (1...itemCount).contains(item) else { return 0 }
        if item == 1 { return 12 }
        var random = DemoRandom(seed: item, salt: 0x5E71_E000)
        return random.below(25)
    }

    /// Review `n` (0-based) of `item`.
    public func review(item: Int, n: Int) -> Review {
        var random = DemoRandom(seed: item * 100 + n, salt: 0x5E71_E001)
        let author = random.pick(Self.authors)
        let rating = random.within(2...5)
        return Review(id: "\(item)-\(n + 1)", item: item, author: "\(author) · " + String(repeating: "★", count: rating),
                      rating: rating, text: random.pick(Self.verdicts),
                      image: baseURL + DemoImageSpec(id: (item * 7 + n) % itemCount + 1).path)
    }

    /// The reviews of `item`, or with nil the newest of all (item 1's
    /// first, then item 2's…), paged like the catalog.
    public func reviews(item: Int?, page: Int, limit: Int) -> Page<Review> {
        let size = min(max(limit, DemoCatalog.limitRange.lowerBound), DemoCatalog.limitRange.upperBound)
        if let item {
            let total = reviewCount(item: item)
            let start = (max(page, 1) - 1) * size
            let list = start >= total ? [] : (start..<min(total, start + size)).map { review(item: item, n: $0) }
            return Page(list: list, page: page, totalPage: (total + size - 1) / size, total: total)
        }
        // All reviews: walk items in order until the page is filled.
        var list: [Review] = []
        var skip = (max(page, 1) - 1) * size
        var id = 1
        while list.count < size, id <= itemCount {
            let count = reviewCount(item: id)
            if skip >= count {
                skip -= count
            } else {
                for n in skip..<count where list.count < size { list.append(review(item: id, n: n)) }
                skip = 0
            }
            id += 1
        }
        let total = (1...itemCount).reduce(0) { $0 + reviewCount(item: $1) }
        return Page(list: list, page: page, totalPage: (total + size - 1) / size, total: total)
    }

    /// One page of `elements`.
    public static func page<E>(_ elements: [E], page: Int, limit: Int) -> Page<E> {
        let size = min(max(limit, DemoCatalog.limitRange.lowerBound), DemoCatalog.limitRange.upperBound)
        let start = (max(page, 1) - 1) * size
        let list = start >= elements.count ? [] : Array(elements[start..<min(elements.count, start + size)])
        return Page(list: list, page: page, totalPage: (elements.count + size - 1) / size, total: elements.count)
    }
}
