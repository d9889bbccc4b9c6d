/// An 8-bit RGB colour used while painting demo images.
struct DemoRGB: Sendable, Equatable {
    var r: Int
    var g: Int
    var b: Int

    /// Linear blend: `t` is 0...256 (0 = self, 256 = other).
    func mixed(with other: DemoRGB, t: Int) -> DemoRGB {
        DemoRGB(
            r: r + (other.r - r) * t / 256,
            g: g + (other.g - g) * t / 256,
            b: b + (other.b - b) * t / 256
        )
    }

    /// A saturated colour from a hue in 0..<1536 (six 256-step ramps) and a
    /// brightness floor 0...255.
    static func hue(_ hue: Int, floor: Int) -> DemoRGB {
        let h = ((hue % 1536) + 1536) % 1536
        let x = h % 256
        let (r, g, b): (Int, Int, Int) = switch h / 256 {
        case 0: (255, x, 0)
        case 1: (255 - x, 255, 0)
        case 2: (0, 255, x)
        case 3: (0, 255 - x, 255)
        case 4: (x, 0, 255)
        default: (255, 0, 255 - x)
        }
        let scale = 255 - floor
        return DemoRGB(r: floor + r * scale / 255, g: floor + g * scale / 255, b: floor + b * scale / 255)
    }
}
