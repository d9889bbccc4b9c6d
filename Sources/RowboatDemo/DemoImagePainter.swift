/// Paints the deterministic RGB pixels of a demo image: a two-colour
/// gradient, soft diagonal stripes, a few translucent circles, a framed
/// rectangle and the item id stamped in the top-left corner.
enum DemoImagePainter {
    /// Tightly packed RGB bytes (`width * height * 3`, rows top to bottom).
    static func paint(_ spec: DemoImageSpec) -> [UInt8] {
        var canvas = DemoCanvas(width: spec.width, height: spec.height)
        var random = DemoRandom(seed: spec.id, salt: 0x1A6E_5EED)
        paintBackground(&canvas, random: &random)
        for _ in 0..<random.within(2...4) {
            paintCircle(&canvas, random: &random)
        }
        paintRectangle(&canvas, random: &random)
        stampNumber(spec.id, on: &canvas)
        return canvas.pixels
    }

    private static func paintBackground(_ canvas: inout DemoCanvas, random: inout DemoRandom) {
        let (w, h) = (canvas.width, canvas.height)
        let hue = random.below(1536)
        let start = DemoRGB.hue(hue, floor: random.within(40...120))
        let end = DemoRGB.hue(hue + random.within(300...700), floor: random.within(0...60))
        let ax = random.within(0...3)
        let ay = ax == 0 ? random.within(1...3) : random.within(0...3)
        let span = max(1, (w - 1) * ax + (h - 1) * ay)
        // 257-entry gradient table so the per-pixel loop is only lookups.
        let ramp = (0...256).map { start.mixed(with: end, t: $0) }
        let period = max(4, min(w, h) / random.within(6...14))
        let sx = random.pick([1, -1])
        let sy = random.pick([1, 0, -1])
        let offset = period * 2 * (w + h)
        canvas.withRows { y, row in
            for x in 0..<w {
                var color = ramp[(x * ax + y * ay) * 256 / span]
                if ((x * sx + y * sy + offset) / period) & 1 == 1 {
                    color = DemoRGB(r: color.r * 7 / 8, g: color.g * 7 / 8, b: color.b * 7 / 8)
                }
                row[x * 3] = UInt8(color.r)
                row[x * 3 + 1] = UInt8(color.g)
                row[x * 3 + 2] = UInt8(color.b)
            }
        }
    }

    private static func paintCircle(_ canvas: inout DemoCanvas, random: inout DemoRandom) {
        let (w, h) = (canvas.width, canvas.height)
        let radius = max(2, min(w, h) * random.within(8...25) / 100)
        let cx = w * random.within(10...90) / 100
        let cy = h * random.within(10...90) / 100
        let color = DemoRGB.hue(random.below(1536), floor: random.within(60...200))
        canvas.fill(x: (cx - radius)...(cx + radius), y: (cy - radius)...(cy + radius)) { x, y in
            let (dx, dy) = (x - cx, y - cy)
            return dx * dx + dy * dy <= radius * radius ? (color, 160) : nil
        }
    }

    private static func paintRectangle(_ canvas: inout DemoCanvas, random: inout DemoRandom) {
        let (w, h) = (canvas.width, canvas.height)
        let x0 = w * random.within(5...60) / 100
        let y0 = h * random.within(5...60) / 100
        let x1 = x0 + w * random.within(15...35) / 100
        let y1 = y0 + h * random.within(15...35) / 100
        let border = max(1, min(w, h) / 80)
        let fill = DemoRGB.hue(random.below(1536), floor: random.within(0...120))
        let frame = DemoRGB(r: 250, g: 250, b: 245)
        canvas.fill(x: x0...x1, y: y0...y1) { x, y in
            let edge = x - x0 < border || x1 - x < border || y - y0 < border || y1 - y < border
            return edge ? (frame, 256) : (fill, 200)
        }
    }

    /// Draws `number` in white on a dark plate in the top-left corner.
    private static func stampNumber(_ number: Int, on canvas: inout DemoCanvas) {
        let digits = String(number).compactMap(\.wholeNumberValue)
        let scale = max(1, min(canvas.width, canvas.height) / 24)
        let margin = scale
        let plateWidth = digits.count * (DemoDigitFont.columns + 1) * scale + scale
        let plateHeight = (DemoDigitFont.rows + 2) * scale
        let ink = DemoRGB(r: 255, g: 255, b: 255)
        let plate = DemoRGB(r: 20, g: 20, b: 28)
        canvas.fill(x: margin...(margin + plateWidth - 1), y: margin...(margin + plateHeight - 1)) { x, y in
            let column = (x - margin - scale) / scale
            let row = (y - margin - scale) / scale
            guard x - margin >= scale, y - margin >= scale, row < DemoDigitFont.rows else {
                return (plate, 200)
            }
            let cell = DemoDigitFont.columns + 1
            let (index, within) = (column / cell, column % cell)
            if index < digits.count, within < DemoDigitFont.columns,
               DemoDigitFont.isSet(digit: digits[index], column: within, row: row) {
                return (ink, 256)
            }
            return (plate, 200)
        }
    }
}
