/// How a thumbnail uses colour.
public enum ThumbnailColors: Sendable, Equatable {
    /// xterm-256 palette indices 0...255. 0...15 are the terminal theme's
    /// colours, which many themes change: hues may come out different.
    case indexed256
    /// Indices 16...255 only (the colour cube and grey ramp), which look the
    /// same in every 256-colour terminal. The default.
    case indexed240
    /// The 16 theme colours, for terminals with 16 colours.
    case indexed16
    /// The 8 basic theme colours, for terminals with only 8.
    case indexed8
    /// 24-bit RGB, for terminals that take direct colour (terminfo `RGB`,
    /// e.g. TERM=xterm-direct).
    case direct
    /// Symbols only: shapes in the terminal's default colours (foreground
    /// and background `nil` in every cell). Light pixels become ink.
    case symbolsOnly
}

extension ThumbnailColors {
    /// The richest mode a terminal with `colors` colours can show
    /// (`directColor`: it takes 24-bit RGB); `allowed` false (monochrome
    /// theme, NO_COLOR, no colour support) gives symbols only.
    public static func best(colors: Int, directColor: Bool, allowed: Bool) -> ThumbnailColors {
        guard allowed else { return .symbolsOnly }
        if directColor { return .direct }
        if colors >= 256 { return .indexed240 }
        if colors >= 16 { return .indexed16 }
        if colors >= 8 { return .indexed8 }
        return .symbolsOnly
    }
}
