import Foundation
import Synchronization
import RowboatCore
import RowboatSpec
import RowboatNetwork

/// Delivers a stream endpoint's events (`stream:`) as the parts of one
/// page request, gathered by a `StreamBatcher`: an empty part that
/// continues once the server has answered (connected), then each batch a part that continues (with the
/// unreadable events' line and SSE's `retry:` in `PageLoad.stream`), and
/// the response's end a last, empty part. Where each endpoint's stream
/// stopped (its last event id) is kept here, so a reconnect sends it back
/// as `Last-Event-ID`.
final class StreamLoader: Sendable {
    let client: DataClient
    let clock: @Sendable () -> Double
    private let resumes = Mutex<[String: StreamResume]>([:])

    init(client: DataClient, clock: @escaping @Sendable () -> Double) {
        self.client = client
        self.clock = clock
    }

    func load(_ endpoint: Endpoint, params: [String: ParamValue], builder: RowModelBuilder,
              deliver: @escaping @Sendable (PageLoad<RowTable>) -> Void) async throws {
        let key = endpoint.key
        let start = resumes.withLock { $0[key] } ?? StreamResume()
        let batcher = StreamBatcher(spec: endpoint.stream ?? StreamSpec(), clock: clock, deliver: deliver)
        do {
            let end = try await client.openStream(endpoint, params: params, resume: start, rows: builder,
                                                  onOpen: { batcher.opened() }) { batch, resume, retry in
                self.resumes.withLock { $0[key] = resume }
                batcher.add(batch, retry: retry)
            }
            resumes.withLock { $0[key] = end }
            batcher.finish()
        } catch {
            batcher.close()
            throw error
        }
    }
}
