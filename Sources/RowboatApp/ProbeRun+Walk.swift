import Foundation
import RowboatNetwork
import RowboatSpec
import RowboatParsing

/// Walking one paging guess with the draft that would be written, and
/// settling the end rules of the guess that held: a page past the end
/// answered with an error status (400 after a verified page, 404, 416) or
/// without the list becomes `endOnStatus` / `endOnMissingList`; totals the
/// walk could not take at their word are left out; totals under any name
/// that agree with the walk are added (`PagingTotals`); the settled guess
/// is walked again from the answers kept, so what is written is what held.
extension ProbeRun {
    /// One guess walked: its verdict, the walk, the pages as they came,
    /// and what the end showed.
    struct Walked {
        var guess: PagingGuess
        var walk: ProbeWalk
        var verdict: ProbeWalk.Verdict
        /// Why the probe stopped walking (its bounds), if it did.
        var stopped: String?
        /// The pages walked, the first included (none past the end).
        var pages: [PagingTotals.Page] = []
        /// End rules the walk found (`endOnStatus`, `endOnMissingList`).
        var endLines: [(key: String, value: String, why: String)] = []
    }

    /// Statuses a server answers a page past the end with.
    static let pastEndStatuses: Set<Int> = [400, 404, 416]

    /// Walks `guess` one request at a time within the probe's bounds.
    func walk(_ guess: PagingGuess, analysis: ProbeAnalysis, first: HTTPReply, state: inout State) async -> Walked {
        var walked = Walked(guess: guess, walk: ProbeWalk(paging: Paging(), hasIDs: false), verdict: .failed(""))
        let config: RowboatConfig
        do {
            config = try ConfigLoader.parse(ProbeDraft.text(analysis, paging: guess, check: nil), file: "draft.yaml",
                                            environment: analysis.credentials.environment)
        } catch {
            walked.verdict = .failed("the draft does not load: \(error)")
            return walked
        }
        let endpoint = config.endpoints[0]
        Secrets.adopt(config)
        let client = DataClient(config: config, transport: transport)
        walked.walk = ProbeWalk(paging: endpoint.paging, hasIDs: endpoint.item.field("id") != nil)
        do {
            walked.verdict = walked.walk.start(try client.decodePage(endpoint, reply: first))
            walked.pages.append(PagingTotals.Page(headers: first.headers, body: first.body))
        } catch {
            walked.verdict = .failed("the first page does not read with it: \(error)")
            return walked
        }
        let listPath = endpoint.response.listPath.description
        walking: while case .goesOn(let cursor) = walked.verdict {
            let number = walked.walk.pages + 1
            let spec = RequestBuilder(config: config, endpoint: endpoint).request(cursor: cursor)
            let answer: HTTPReply
            do {
                answer = try await state.fetch(spec, client: client)
            } catch let stop as Stop {
                walked.stopped = stop.reason
                break walking
            } catch {
                walked.stopped = "page \(number): \((error as? DataError)?.description ?? "\(error)")"
                break walking
            }
            let status = answer.status
            if !(200..<300).contains(status), !endpoint.paging.endOnStatus.contains(status) {
                // Past the end, once a page after the first showed the guess works (a 400 may mean the param is not known).
                if Self.pastEndStatuses.contains(status), walked.walk.pages >= (status == 400 ? 2 : 1) {
                    walked.endLines.append(("endOnStatus", "[\(status)]", "page \(number) answered HTTP \(status): past the last page"))
                    walked.verdict = walked.walk.pastTheEnd(.pastEndStatus(status))
                } else {
                    walked.verdict = endedByTotal(&walked, listPath: endpoint.response.listPath, distinct: walked.walk.distinctItems)
                        ?? .failed("page \(number) answered HTTP \(status)")
                }
                break walking
            }
            let page: PageResult
            do {
                page = try client.decodePage(endpoint, reply: answer, cursor: cursor)
            } catch {
                if case .mappingMismatch(let path, _) = error, path == (listPath.isEmpty ? "(root)" : listPath),
                   walked.walk.pages >= 2 {
                    walked.endLines.append(("endOnMissingList", "true", "page \(number) came without the list: past the last page"))
                    walked.verdict = walked.walk.pastTheEnd(.pastEndNoList)
                } else {
                    walked.verdict = endedByTotal(&walked, listPath: endpoint.response.listPath, distinct: walked.walk.distinctItems)
                        ?? .failed("page \(number) does not read as the first did: \(error.description)")
                }
                break walking
            }
            let distinctBefore = walked.walk.distinctItems
            let verdict = walked.walk.add(page, from: cursor)
            if case .failed = verdict,
               let ended = endedByTotal(&walked, listPath: endpoint.response.listPath, distinct: distinctBefore) {
                // A page past the end that repeats the first, loops or brings nothing: the total had said so.
                walked.verdict = ended
                break walking
            }
            if page.facts.pastEnd == nil { walked.pages.append(PagingTotals.Page(headers: answer.headers, body: answer.body)) }
            walked.verdict = verdict
        }
        return walked
    }

    /// The end, when a page went wrong after pages whose total agrees
    /// with the walk (the page asked for was past the end); nil otherwise.
    /// (`walked.pages` holds the pages that held: at least two are needed.)
    func endedByTotal(_ walked: inout Walked, listPath: JSONPath, distinct: Int) -> ProbeWalk.Verdict? {
        let held = walked.pages.count
        guard held >= 2 else { return nil }
        let totals = PagingTotals.agreeing(walked.pages, listPath: listPath, style: walked.guess.style, distinct: distinct,
                                           walked: held, ended: true, firstPageItems: 0, has: [])
        guard let total = totals.first else { return nil }
        return walked.walk.pastTheEnd(total.key.hasPrefix("totalCount") ? .totalCount(distinct) : .lastOfPages(held))
    }

    /// The guess that held, with the end rules its walk showed, walked
    /// again from the answers kept (no new request); the walk as it was
    /// when the settled guess does not hold the same.
    func settle(_ walked: Walked, analysis: ProbeAnalysis, first: HTTPReply, state: inout State) async -> Walked {
        let totalKeys: Set<String> = ["totalCount", "totalPages", "totalCountHeader", "totalPagesHeader"]
        var guess = walked.guess
        // Totals are written as the walk saw them agree (those in a paging header's JSON as guessed).
        if walked.walk.totalsSetAside || guess.value("pagingHeader") == nil { guess = guess.removing(totalKeys) }
        guess.lines += walked.endLines
        let ended: Bool
        if case .ended = walked.verdict { ended = true } else { ended = false }
        let firstItems = walked.pages.isEmpty ? 0 : (walked.walk.distinctItems - walked.walk.newItems)
        let listPath = (try? ConfigLoader.parse(ProbeDraft.text(analysis, paging: guess, check: nil), file: "draft.yaml",
                                                environment: analysis.credentials.environment))?.endpoints.first?.response.listPath
            ?? analysis.list.path
        guess.lines += PagingTotals.agreeing(walked.pages, listPath: listPath, style: guess.style,
                                             distinct: walked.walk.distinctItems, walked: walked.walk.pages, ended: ended,
                                             firstPageItems: firstItems, has: Set(guess.lines.map(\.key)))
        guard guess != walked.guess else { return walked }
        let requests = state.requests
        let again = await walk(guess, analysis: analysis, first: first, state: &state)
        let same = state.requests == requests && again.walk.distinctItems == walked.walk.distinctItems
        switch again.verdict {
        case .ended where same: return again
        case .goesOn where same && !ended: return again
        default: return walked
        }
    }
}
