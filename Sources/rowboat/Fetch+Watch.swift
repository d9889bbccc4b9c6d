import Foundation
import RowboatApp
import RowboatCore
import RowboatParsing
import RowboatSpec

/// `rowboat fetch KEY --watch SECONDS`: after the pages, the first page is
/// asked for again every SECONDS and the items not printed before go to
/// stdout as JSON Lines, in the order the server lists them — for scripts
/// that follow a feed (with `--changes`, what changed: `ChangeLines`). Failures back off as a live list does (twice the
/// wait each time, up to five minutes, or what Retry-After asks) and are
/// one line each on stderr; a cache mode's copy served because the server
/// could not be reached counts as a failure ("offline"). It runs until
/// interrupted (Ctrl-C) or until stdout's reader goes away.
extension Fetch {
    func watchFirstPage(every seconds: Double, endpoint: Endpoint, source: PageSource, params: [String: ParamValue],
                        writer start: FetchPrinter, seen printed: WatchedIDs,
                        changes: ChangeLines? = nil) async throws {
        var seen = printed
        var writer = start
        var changeLines = changes
        var backOff = LiveBackOff(every: seconds)
        let first = PagingPlan(paging: endpoint.paging).first
        let mode = options.mode ?? endpoint.mode
        while true {
            try await Task.sleep(nanoseconds: UInt64(backOff.wait * 1_000_000_000))
            let got: PageLoad<PageItems>?
            do {
                got = try await source.getLiveFinal(endpoint, cursor: first, params: params, mode: mode)
            } catch {
                backOff.failed(retryAfter: error.retryAfter)
                StandardStreams.err("rowboat: \(error.description); next try in \(LiveBackOff.human(backOff.wait))")
                continue
            }
            guard let delivery = got else { continue }
            if case .cache(_, true) = delivery.origin {
                backOff.failed()
                StandardStreams.err("rowboat: offline: the server could not be reached; next try in "
                                    + LiveBackOff.human(backOff.wait))
                continue
            }
            backOff.succeeded()
            if changeLines != nil {
                let lines = changeLines!.page(delivery.content.items)
                if !lines.isEmpty { try StandardStreams.out(lines) }
                continue
            }
            let fresh = seen.fresh(delivery.content.items)
            if !fresh.isEmpty { try StandardStreams.out(writer.page(fresh)) }
        }
    }
}
