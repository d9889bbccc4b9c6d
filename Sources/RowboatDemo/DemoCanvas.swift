/// A mutable RGB pixel buffer with row access and clipped, alpha-blended
/// region fills — the drawing surface for `DemoImagePainter`.
struct DemoCanvas {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
    }

    /// Calls `body` with each row index and that row's bytes.
    mutating func withRows(_ body: (Int, UnsafeMutableBufferPointer<UInt8>) -> Void) {
        let (stride, rows) = (width * 3, height)
        pixels.withUnsafeMutableBufferPointer { all in
            for y in 0..<rows {
                body(y, UnsafeMutableBufferPointer(rebasing: all[(y * stride)..<((y + 1) * stride)]))
            }
        }
    }

    /// Blends `shader`'s colour over every pixel of the region (clipped to the
    /// canvas) for which it returns one; alpha is 0...256 (256 = opaque).
    mutating func fill(
        x xs: ClosedRange<Int>, y ys: ClosedRange<Int>,
        _ shader: (Int, Int) -> (DemoRGB, Int)?
    ) {
        let x0 = max(0, xs.lowerBound), x1 = min(width - 1, xs.upperBound)
        let y0 = max(0, ys.lowerBound), y1 = min(height - 1, ys.upperBound)
        guard x0 <= x1, y0 <= y1 else { return }
        let stride = width * 3
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in y0...y1 {
                for x in x0...x1 {
                    guard let (color, alpha) = shader(x, y) else { continue }
                    let i = y * stride + x * 3
                    buffer[i] = Self.blend(buffer[i], color.r, alpha)
                    buffer[i + 1] = Self.blend(buffer[i + 1], color.g, alpha)
                    buffer[i + 2] = Self.blend(buffer[i + 2], color.b, alpha)
                }
            }
        }
    }

    private static func blend(_ old: UInt8, _ new: Int, _ alpha: Int) -> UInt8 {
        UInt8((Int(old) * (256 - alpha) + new * alpha) / 256)
    }
}
