import CChafa

/// Process-wide libchafa settings, applied once before the first canvas.
enum ChafaSetup {
    /// chafa would otherwise split every canvas over its own pool of one
    /// thread per CPU and block the caller until they finish; we already
    /// render many thumbnails at once from Swift tasks, so each draw runs
    /// on the calling thread. chafa's global state (symbol tables, palettes)
    /// is built once under g_once; a canvas is used by one thread only.
    static let once: Void = {
        rb_chafa_set_n_threads(1)
    }()
}
