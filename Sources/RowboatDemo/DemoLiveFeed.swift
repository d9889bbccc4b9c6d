import Foundation
import Hummingbird

/// `GET /api/live?page=&limit=&every=SECONDS`: new listings, newest first,
/// whose first page gains an item every `every` seconds (default 5, from
/// 0.2 to 3600) since the server started — what a live list
/// (`refresh.every`) watches. Listing `n` is the same every time it is
/// served (its title, price and seller from `n`; its time the moment it
/// arrived), so a refetch brings the same ids back unchanged and only the
/// new ones are new. Each has a nested `seller` object (name and city),
/// for the columns panel's nested paths.
struct DemoLiveFeed: Sendable {
    /// Listings there at the start.
    static let initialCount = 12
    static let defaultEvery = 5.0
    static let everyRange = 0.2...3_600.0

    /// When the server started (seconds since the epoch).
    let started: Double

    /// How many listings there are `every` seconds apart at `now`.
    func count(every: Double, now: Double) -> Int {
        Self.initialCount + max(0, Int(((now - started) / every).rounded(.down)))
    }

    /// Page `page` (1-based) of `limit` listings at `now`, newest first.
    func page(_ page: Int, limit: Int, every: Double, now: Double) -> Page {
        let total = count(every: every, now: now)
        let first = total - (page - 1) * limit   // the newest id on the page
        let ids = stride(from: first, to: max(0, first - limit), by: -1)
        return Page(list: ids.map { listing($0, every: every) }, page: page,
                    totalPage: max(1, (total + limit - 1) / limit), total: total)
    }

    /// Listing `id`: arrived `every` seconds after the one before (the
    /// first ones an hour apart before the start).
    func listing(_ id: Int, every: Double) -> Listing {
        var random = DemoRandom(seed: id, salt: 0x11FE_ED00)
        let adjective = random.pick(DemoWords.adjectives)
        let noun = random.pick(DemoWords.nouns)
        let city = random.pick(DemoDirectory.cities)
        let cents = random.within(199...49_999)
        let arrived = id > Self.initialCount
            ? started + Double(id - Self.initialCount) * every
            : started - Double(Self.initialCount - id + 1) * 3_600
        return Listing(id: id, title: "\(adjective) \(noun) #\(id)", price: Double(cents) / 100,
                       createdAt: Int(arrived), seller: .init(name: "\(city) seller \(id % 17 + 1)", city: city))
    }

    /// One listing as served.
    struct Listing: Sendable, Encodable {
        struct Seller: Sendable, Encodable {
            var name: String
            var city: String
        }

        var id: Int
        var title: String
        var price: Double
        var createdAt: Int
        var seller: Seller

        enum CodingKeys: String, CodingKey {
            case id, title, price, seller
            case createdAt = "created_at"
        }
    }

    /// A page in the demo's envelope (`datas`).
    struct Page: Sendable, Encodable {
        var list: [Listing]
        var page: Int
        var totalPage: Int
        var total: Int
    }

    static func register(on router: Router<BasicRequestContext>, feed: DemoLiveFeed) {
        router.get("/api/live") { request, _ in
            let query = request.uri.queryParameters
            let page = query.get("page").map { Int($0) } ?? 1
            let limit = query.get("limit").map { Int($0) } ?? DemoCatalog.defaultLimit
            let every = query.get("every").map { Double($0) } ?? defaultEvery
            guard let page, page >= 1, let limit, let every, everyRange.contains(every) else {
                return DemoJSONResponse.failure(.badRequest, message: "invalid page, limit or every")
            }
            return DemoJSONResponse.success(feed.page(page, limit: min(max(1, limit), 100), every: every,
                                                      now: Date().timeIntervalSince1970))
        }
    }
}
