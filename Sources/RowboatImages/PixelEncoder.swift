import CChafa
#if canImport(Glibc)
import Glibc
#endif
import RowboatSpec
import Synchronization
import RowboatCells

/// Encodes a decoded image as a terminal picture with libchafa's pixel
/// modes (sixels, kitty, iTerm2) — the same canvas API as the symbol cells,
/// no encoder of ours. For kitty, chafa's "begin image" sequence is set to
/// transmit only, under an id of ours, quietly (`q=2`: no answers to read);
/// placing it is the screen's job. Safe from many threads at once.
public struct PixelEncoder: Sendable {
    public var format: PixelFormat

    /// Serials (and kitty ids) for the whole process.
    static let counter = Atomic<UInt64>(0)

    public init(format: PixelFormat) {
        self.format = format
    }

    /// Source pixels the picture needs for a fit of `columns` x `rows` cells.
    public func pixelSize(columns: Int, rows: Int) -> PixelSize {
        PixelSize(width: columns * format.cellWidth, height: rows * format.cellHeight)
    }

    /// The picture of `image` scaled to `fit` (its cells in the box).
    public func encode(_ image: DecodedImage, fit: ThumbnailFit) -> PixelPicture? {
        guard fit.columns > 0, fit.rows > 0 else { return nil }
        ChafaSetup.once
        let serial = Self.counter.add(1, ordering: .relaxed).newValue
        let kind = kind(serial: serial)
        guard let config = rb_chafa_canvas_config_new() else { return nil }
        defer { rb_chafa_canvas_config_unref(config) }
        rb_chafa_canvas_config_set_geometry(config, Int32(fit.columns), Int32(fit.rows))
        rb_chafa_canvas_config_set_cell_geometry(config, Int32(format.cellWidth), Int32(format.cellHeight))
        rb_chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        rb_chafa_canvas_config_set_pixel_mode(config, pixelMode)
        guard let canvas = rb_chafa_canvas_new(config) else { return nil }
        defer { rb_chafa_canvas_unref(canvas) }
        image.pixels.withUnsafeBytes { raw in
            rb_chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, raw.bindMemory(to: UInt8.self).baseAddress,
                                         Int32(image.width), Int32(image.height), Int32(image.width * 4))
        }
        guard let info = termInfo(kind) else { return nil }
        defer { rb_chafa_term_info_unref(info) }
        var length = 0
        guard let printed = rb_chafa_canvas_print(canvas, info, &length) else { return nil }
        defer { free(printed) }
        var bytes = Array(UnsafeRawBufferPointer(start: printed, count: length))
        if case .kittyPlaceholder(let id) = kind {
            // The virtual placement the placeholder cells refer to.
            bytes += Array("\u{1B}_Ga=p,U=1,i=\(id),c=\(fit.columns),r=\(fit.rows),q=2\u{1B}\\".utf8)
        }
        if format.tmuxPassthrough { bytes = Self.tmuxWrapped(bytes) }
        return PixelPicture(kind: kind, bytes: bytes, columns: fit.columns, rows: fit.rows, x: fit.x, y: fit.y,
                            serial: serial)
    }

    func kind(serial: UInt64) -> PixelPicture.Kind {
        switch format.proto {
        case .sixel: return .sixel
        case .iterm: return .iterm
        case .kitty: return .kitty(id: UInt32(truncatingIfNeeded: serial % 0xFFFF_FFFE + 1))
        case .kittyPlaceholders:
            // The id is the placeholder cells' foreground colour: a palette
            // index 1...255, or a 24-bit colour of at least 0x100 (smaller
            // values would be read as palette colours).
            let id = format.directColorIDs ? UInt32(serial % 0xFF_FE00) + 0x100 : UInt32(serial % 255) + 1
            return .kittyPlaceholder(id: id)
        }
    }

    private var pixelMode: ChafaPixelMode {
        switch format.proto {
        case .sixel: CHAFA_PIXEL_MODE_SIXELS
        case .iterm: CHAFA_PIXEL_MODE_ITERM2
        case .kitty, .kittyPlaceholders: CHAFA_PIXEL_MODE_KITTY
        }
    }

    /// chafa's fallback terminal (which has every pixel protocol), with
    /// kitty's "begin image" made a quiet transmission under our id.
    private func termInfo(_ kind: PixelPicture.Kind) -> OpaquePointer? {
        guard let base = rb_chafa_term_db_get_fallback_info(rb_chafa_term_db_get_default()) else { return nil }
        guard let id = kind.kittyID else { return base }
        let begin = "\u{1B}_Ga=t,i=\(id),q=2,f=%1,s=%2,v=%3,c=%4,r=%5,m=1\u{1B}\\"
        let ok = rb_chafa_term_info_set_seq(base, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1, begin)
        guard ok != 0 else {
            rb_chafa_term_info_unref(base)
            return nil
        }
        return base
    }

    /// `bytes` for tmux to pass to the terminal outside it
    /// (`allow-passthrough on`): `ESC P tmux;` … `ESC \`, inner ESCs doubled.
    public static func tmuxWrapped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(bytes.count + bytes.count / 64 + 16)
        for byte in bytes {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, 0x5C]
        return out
    }
}
