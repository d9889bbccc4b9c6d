import Foundation
import RowboatApp
import RowboatCore
import RowboatNetwork
import RowboatParsing
import RowboatSpec

/// `rowboat fetch KEY` on a stream endpoint (`stream:`): each event's item
/// goes to stdout as a JSON Line as it comes, until the response ends;
/// with `--watch SECONDS` it connects again when the response ends —
/// after SECONDS, or the server's `retry:` (at least 1 s), sending the
/// last event id back as `Last-Event-ID` — and a failure (or a response
/// with no event) backs off as a live list's does, one line on stderr
/// each. An event that cannot be read is one line on stderr; the stream
/// goes on. It runs until interrupted or until stdout's reader goes away.
/// With `--changes`, an event is a line only when it is new or changes its
/// id's values (`ChangeLines`).
extension Fetch {
    func readStream(_ endpoint: Endpoint, client: DataClient, params: [String: ParamValue]) async throws {
        guard format == nil || format == .jsonl else {
            throw CLIError("interfaces.\(key) is a stream: its events print as JSON Lines (leave out --format or give --format jsonl)")
        }
        var itemLines = try self.printer(for: endpoint, format: .jsonl)
        var changeLines = changes ? ChangeLines(mapping: endpoint.item, limit: endpoint.stream?.keep ?? StreamSpec.defaultKeep) : nil
        var resume = StreamResume()
        var backOff = LiveBackOff(every: watch ?? StreamSpec.reconnectSeconds)
        while true {
            let (lines, output) = AsyncStream.makeStream(of: StreamOutput.self)
            let from = resume
            let connection = Task {
                defer { output.finish() }
                do {
                    let end = try await client.openStream(endpoint, params: params, resume: from, items: true) { batch, at, retry in
                        output.yield(.batch(batch, at: at, retry: retry))
                    }
                    output.yield(.ended(end))
                } catch {
                    output.yield(.failed(error as? DataError ?? .network(String(describing: error))))
                }
            }
            var heard = false
            var failure: DataError?
            do {
                for await line in lines {
                    switch line {
                    case .batch(let batch, let at, let retry):
                        resume = at
                        heard = heard || !batch.items.isEmpty || !batch.problems.isEmpty
                        if changeLines != nil {
                            let text = changeLines!.items(batch.items)
                            if !text.isEmpty { try StandardStreams.out(text) }
                        } else if !batch.items.isEmpty {
                            try StandardStreams.out(itemLines.page(batch.items))
                        }
                        for problem in batch.problems { StandardStreams.err("rowboat: \(problem)") }
                        if let retry { backOff.every = min(max(retry, StreamSpec.shortestRetry), LiveBackOff.limit) }
                    case .ended(let end): resume = end
                    case .failed(let error): failure = error
                    }
                }
            } catch {
                connection.cancel()
                throw error
            }
            guard watch != nil else {
                if let failure { throw failure }
                return try itemLines.finish()
            }
            if let failure {
                backOff.failed(retryAfter: failure.retryAfter)
                StandardStreams.err("rowboat: \(failure.description); reconnecting in \(LiveBackOff.human(backOff.wait))")
            } else if !heard {
                backOff.failed()
                StandardStreams.err("rowboat: \(StreamNews.closedEmptyLine); reconnecting in \(LiveBackOff.human(backOff.wait))")
            } else {
                backOff.succeeded()
            }
            try await Task.sleep(nanoseconds: UInt64(backOff.wait * 1_000_000_000))
        }
    }
}

/// What a stream's connection tells the printer: a batch of events (where
/// the stream is after it, and SSE's `retry:`), where it ended, or how it
/// failed.
enum StreamOutput: Sendable {
    case batch(StreamBatch, at: StreamResume, retry: Double?)
    case ended(StreamResume)
    case failed(DataError)
}
