import Foundation

/// Where what a user expects kept between runs lives (column layouts,
/// saved views, the action console's runs, signed-in tokens):
/// `$XDG_STATE_HOME/rowboat` (an absolute XDG_STATE_HOME only, as the XDG
/// spec asks), else `~/.local/state/rowboat`.
public enum StateDirectory {
    public static func path(_ environment: [String: String]) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("rowboat")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/state/rowboat")
    }
}
