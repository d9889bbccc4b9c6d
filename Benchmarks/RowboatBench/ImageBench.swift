import CBenchReference
import CImageCodecs
import Foundation
import RowboatSpec
import RowboatImages
import RowboatProcess

/// Decoding and thumbnails on generated 1920x1080 images (a photo-like
/// gradient with texture): our decoder against the plain C loop at the same
/// scale; our thumbnail (scaled decode + chafa) against libchafa fed a
/// full-size decode (a figure of ours: reported) and against the `chafa`
/// command on the same file, its process start taken out.
enum ImageBench {
    static func pixels(width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = Int((seed >> 16) & 31)
                let i = (y * width + x) * 3
                out[i] = UInt8(clamping: x * 255 / width + noise - 16)
                out[i + 1] = UInt8(clamping: y * 255 / height + noise - 16)
                out[i + 2] = UInt8(clamping: ((x + y) / 8) % 256)
            }
        }
        return out
    }

    static func encode(_ rgb: [UInt8], width: Int, height: Int, png: Bool) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var err = [CChar](repeating: 0, count: 256)
        let rc = png ? rb_png_encode_rgb(rgb, Int32(width), Int32(height), 6, &out, &length, &err, err.count)
            : rb_jpeg_encode_rgb(rgb, Int32(width), Int32(height), 85, 0, &out, &length, &err, err.count)
        precondition(rc == 0, "encode failed")
        defer { rb_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: length))
    }

    static func run(reps: Int, directory: String) throws -> [BenchResult] {
        let width = 1920, height = 1080
        let rgb = pixels(width: width, height: height)
        let jpeg = encode(rgb, width: width, height: height, png: false)
        let png = encode(rgb, width: width, height: height, png: true)
        let decoder = ImageDecoder()
        let renderer = ThumbnailRenderer()
        let columns = 40, rows = 20
        let target = renderer.decodeTarget(source: PixelSize(width: width, height: height), columns: columns, rows: rows)
        let scaled = try decoder.decode(jpeg, atLeast: target)
        let scale = Int32(scaled.scaleEighths)

        var sink = 0
        let (oursJPEG, refJPEG) = Bench.compare(reps: reps, inner: 3, ours: {
            sink &+= (try? decoder.decode(jpeg, atLeast: target))?.width ?? 0
        }, reference: {
            var out: UnsafeMutablePointer<UInt8>?
            var w: Int32 = 0, h: Int32 = 0
            if ref_jpeg_decode_rgba(jpeg, jpeg.count, scale, &out, &w, &h) == 0 { sink &+= Int(w); free(out) }
        })
        let (oursPNG, refPNG) = Bench.compare(reps: reps, inner: 1, ours: {
            sink &+= (try? decoder.decode(png))?.width ?? 0
        }, reference: {
            var out: UnsafeMutablePointer<UInt8>?
            var w: Int32 = 0, h: Int32 = 0
            if ref_png_decode_rgba(png, png.count, &out, &w, &h) == 0 { sink &+= Int(w); free(out) }
        })
        let maker = ThumbnailMaker(decoder: decoder, renderer: renderer)
        let (oursThumb, refThumb) = Bench.compare(reps: reps, inner: 1, ours: {
            sink &+= (try? maker.thumbnail(from: jpeg, columns: columns, rows: rows))?.cells.count ?? 0
        }, reference: {
            if let full = try? decoder.decode(jpeg) { sink &+= renderer.render(full, columns: columns, rows: rows).cells.count }
        })
        precondition(sink != 42)
        let command = try chafaCommand(jpeg: jpeg, columns: columns, rows: rows, reps: reps, directory: directory)
        return [
            BenchResult(name: "decode-jpeg", unit: "1920x1080 at \(scale)/8 for 40x20 cells", ours: oursJPEG,
                        reference: refJPEG, referenceName: "plain libjpeg loop", target: 1.1),
            BenchResult(name: "decode-png", unit: "1920x1080 full size", ours: oursPNG, reference: refPNG,
                        referenceName: "libpng simplified API", target: 1.1),
            BenchResult(name: "thumbnail", unit: "1920x1080 JPEG → 40x20 cells", ours: oursThumb, reference: refThumb,
                        referenceName: "libchafa on a full-size decode", target: nil,
                        note: "reported: the reference is our own decoder and renderer without the scaled decode"),
            BenchResult(name: "thumbnail-chafa", unit: "1920x1080 JPEG → 40x20 cells", ours: oursThumb,
                        reference: command.work, referenceName: "the chafa command on the same file", target: 1.0,
                        note: command.whole.isNaN
                            ? "the chafa command is missing (or failed): install it (it is in .ci/apt-packages.txt)"
                            : "chafa \(command.version): \(Bench.time(command.whole)) a run, less "
                            + "\(Bench.time(command.startUp)) for the same command on an 8x8 JPEG (its start-up)"),
        ]
    }

    /// The `chafa` command (`-s 40x20 -f symbols --colors 256`) on `jpeg`
    /// in a file: the median run, the median run on an 8x8 JPEG (process
    /// start and loading), and their difference, the work itself.
    static func chafaCommand(jpeg: [UInt8], columns: Int, rows: Int, reps: Int,
                             directory: String) throws -> (whole: Double, startUp: Double, work: Double, version: String) {
        let big = directory + "/thumbnail.jpg", tiny = directory + "/tiny.jpg"
        try Data(jpeg).write(to: URL(fileURLWithPath: big))
        try Data(encode(pixels(width: 8, height: 8), width: 8, height: 8, png: false)).write(to: URL(fileURLWithPath: tiny))
        func run(_ file: String) -> Double {
            let start = Bench.now()
            let result = try? ProcessRunner.run(ProcessSpec(["chafa", "-s", "\(columns)x\(rows)", "-f", "symbols", "--colors", "256",
                                                             "--animate", "off", file]))
            guard result?.status == 0 else { return .nan }
            return Double(Bench.now() - start) / 1e9
        }
        var whole: [Double] = [], startUp: [Double] = []
        _ = run(big)
        _ = run(tiny)
        for _ in 0..<max(5, reps / 3) {
            whole.append(run(big))
            startUp.append(run(tiny))
        }
        let version = (try? ProcessRunner.run(ProcessSpec(["chafa", "--version"], stdout: .capture)))?.stdout
            .split(separator: "\n").first.map { String($0.split(separator: " ").last ?? "") } ?? "?"
        let w = Bench.median(whole), s = Bench.median(startUp)
        return (w, s, w - s, version)
    }
}
