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

    /// `--pages`'s value, or a usage error that says what it takes:
    /// `The value '0' is invalid for '--pages <N|all>': a number of pages from 1, or all`.
    static func parse(_ argument: String) throws -> PageCount {
        guard let count = PageCount(argument: argument) else {
            throw ValidationError("a number of pages from 1, or all")
        }
        return count
    }

    var defaultValueDescription: String {
        switch self {
        case .count(let n): String(n)
        case .all: "all"
        }
    }
}
