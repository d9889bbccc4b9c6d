/// Word pools the catalog draws titles, subtitles and descriptions from.
enum DemoWords {
    static let adjectives = [
        "Brass", "Copper", "Walnut", "Linen", "Velvet", "Granite", "Amber", "Cobalt",
        "Maple", "Silver", "Crimson", "Ivory", "Oak", "Slate", "Juniper", "Harbor",
        "Canvas", "Marble", "Cedar", "Indigo",
    ]

    static let nouns = [
        "Lantern", "Compass", "Teapot", "Notebook", "Satchel", "Clock", "Kettle", "Telescope",
        "Bookend", "Candle", "Globe", "Pocketknife", "Thermos", "Radio", "Backpack", "Umbrella",
        "Camera", "Journal", "Mug", "Lamp",
    ]

    static let chineseMaterials = ["青花瓷", "紫砂", "竹编", "丝绸", "景泰蓝", "宣纸", "漆器", "白瓷"]

    static let chineseObjects = ["茶杯", "花瓶", "扇子", "围巾", "灯笼", "茶壶", "笔筒", "首饰盒"]

    static let chineseGlosses = ["Teacup", "Vase", "Fan", "Scarf", "Lantern", "Teapot", "Brush Pot", "Jewel Box"]

    /// Single-scalar emoji with default emoji presentation (always two cells wide).
    static let emoji: [(symbol: String, noun: String)] = [
        ("🚀", "Launcher"), ("🌟", "Star Lamp"), ("🍵", "Tea Set"), ("🎧", "Headphones"),
        ("📷", "Camera"), ("🌈", "Prism"), ("🎸", "Guitar"), ("🐳", "Bath Toy"),
        ("🔥", "Fire Pit"), ("🎲", "Dice Kit"), ("🌵", "Planter"), ("🍎", "Fruit Bowl"),
    ]

    static let emojiLeads = ["Rocket", "Cosmic", "Sunny", "Midnight", "Happy", "Turbo", "Pocket", "Deluxe"]

    static let subtitles = [
        "Hand-finished in small batches", "A quiet classic for every desk", "Built for long weekends",
        "Travels well, ages better", "Our most-gifted piece", "Limited seasonal run",
        "Made to be used daily", "Restocked by popular demand", "Light, sturdy and honest",
        "A little luxury for small spaces", "Designed with care in Lisbon", "Warm tones, cool lines",
    ]

    static let sentences = [
        "Each piece is inspected by hand before it leaves the workshop.",
        "The finish develops a soft patina with everyday use.",
        "It packs flat and sets up in under a minute.",
        "Our makers source materials from family-run suppliers.",
        "A favourite among customers who value things that last.",
        "Wipe clean with a dry cloth; no special care is needed.",
        "Small variations in colour are part of its character.",
        "It ships in recycled packaging with a handwritten note.",
        "The design has barely changed in forty years, and for good reason.",
        "Pairs beautifully with the rest of the collection.",
        "Backed by a two-year repair-or-replace promise.",
        "Gentle curves make it comfortable to hold and easy to love.",
    ]
}
