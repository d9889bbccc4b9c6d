import ArgumentParser

/// `--pages N` (a number of pages from the first) or `--pages all` (until
/// the data ends, capped by the endpoint's `paging.maxPages`).
enum PageCount: Equatable, ExpressibleByArgument {
    case count(Int)
    case all

    init?(argument: String) {
        if argument.lowercased() == "all" {
            self = .all
        } else if let n = Int(argument), n >= 1 {
            self = .count(n)
        } else {
            return nil
        }
    }

    var defaultValueDescription: String {
        switch self {
        case .count(let n): String(n)
        case .all: "all"
        }
    }
}
