/// xterm-256 palette indices as RGB, to judge a thumbnail's colours.
enum Palette {
    private static let system: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func rgb(_ index: UInt8) -> (r: Int, g: Int, b: Int) {
        let i = Int(index)
        if i < 16 { return system[i] }
        if i >= 232 {
            let v = 8 + 10 * (i - 232)
            return (v, v, v)
        }
        let levels = [0, 95, 135, 175, 215, 255]
        let c = i - 16
        return (levels[c / 36], levels[(c / 6) % 6], levels[c % 6])
    }

    static func isReddish(_ index: UInt8) -> Bool {
        let c = rgb(index)
        return c.r >= 150 && c.g <= 95 && c.b <= 95
    }
}
