/// Derives every field of a demo item from its id.
enum DemoItemFactory {
    /// Older ids step back 22 h each, plus 0-10 whole hours of jitter: ages
    /// stay strictly decreasing, and every age is whole hours plus the
    /// newest item's half hour, half an hour from any "3 h ago" boundary.
    static let createdAtStep = 22 * 3_600

    static func make(id: Int, baseURL: String, newest: Int = DemoCatalog.fixedNewest) -> DemoItem {
        var random = DemoRandom(seed: id, salt: 0xC0FF_EE00)
        let title = title(id: id, random: &random)
        let subtitle = random.pick(DemoWords.subtitles)
        let cents = random.within(199...49_999)
        let rating = random.within(10...50)
        let jitter = random.below(11) * 3_600
        let createdAt = newest - (id - 1) * createdAtStep - jitter
        let description = description(title: title, random: &random)
        let spec = DemoImageSpec(id: id)
        return DemoItem(
            id: id,
            title: title,
            subtitle: subtitle,
            price: Double(cents) / 100,
            rating: Double(rating) / 10,
            createdAt: createdAt,
            image: baseURL + spec.path,
            description: description,
            link: "\(baseURL)/api/items/\(id)"
        )
    }

    /// Fixed titles for ids 1...3, then roughly 76% English, 12% Chinese
    /// and 12% emoji titles.
    static func title(id: Int, random: inout DemoRandom) -> String {
        switch id {
        case 1: return "Brass Lantern"
        case 2: return "青花瓷茶杯 Teacup"
        case 3: return "Rocket 🚀 Launcher"
        default: break
        }
        let roll = random.below(100)
        if roll < 12 {
            let material = random.pick(DemoWords.chineseMaterials)
            let object = random.below(DemoWords.chineseObjects.count)
            return "\(material)\(DemoWords.chineseObjects[object]) \(DemoWords.chineseGlosses[object])"
        }
        if roll < 24 {
            let lead = random.pick(DemoWords.emojiLeads)
            let emoji = random.pick(DemoWords.emoji)
            return "\(lead) \(emoji.symbol) \(emoji.noun)"
        }
        let adjective = random.pick(DemoWords.adjectives)
        let noun = random.pick(DemoWords.nouns)
        return "\(adjective) \(noun) \(id)"
    }

    /// "<title> is …" followed by one to three distinct stock sentences.
    static func description(title: String, random: inout DemoRandom) -> String {
        var pool = DemoWords.sentences
        var sentences = ["\(title) is part of the Rowboat demo collection."]
        for _ in 0..<random.within(1...3) {
            sentences.append(pool.remove(at: random.below(pool.count)))
        }
        return sentences.joined(separator: " ")
    }
}
