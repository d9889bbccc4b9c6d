/// How a thumbnail uses colour.
public enum ThumbnailColors: Sendable, Equatable {
    /// xterm-256 palette indices 0...255. 0...15 are the terminal theme's
    /// colours, which many themes change: hues may come out different.
    case indexed256
    /// Indices 16...255 only (the colour cube and grey ramp), which look the
    /// same in every 256-colour terminal. The default.
    case indexed240
    /// The 16 theme colours, for terminals without 256 colours.
    case indexed16
    /// Symbols only: shapes in the terminal's default colours (foreground
    /// and background `nil` in every cell). Light pixels become ink.
    case symbolsOnly
}
