import Synchronization
import RowboatSpec
@testable import RowboatNetwork

/// A token store that counts what is saved to it: each save is a token
/// request that brought new tokens (a refresh), seen from outside the
/// token source rather than by a counter inside it.
final class CountingTokenStore: TokenStore {
    let store: any TokenStore
    private let saved = Mutex(0)

    init(_ store: any TokenStore) {
        self.store = store
    }

    /// Records saved so far.
    var saves: Int { saved.withLock { $0 } }

    func location(account: String) -> String { store.location(account: account) }
    func load(account: String) throws(DataError) -> TokenRecord? { try store.load(account: account) }
    func save(_ record: TokenRecord, account: String) throws(DataError) {
        try store.save(record, account: account)
        saved.withLock { $0 += 1 }
    }
    func remove(account: String) throws(DataError) { try store.remove(account: account) }
}
