import Synchronization
@testable import RowboatImageFetch

/// Watches a `DecodeBudget` from outside: what it holds now, and the most
/// bytes and decodes it held at once.
final class BudgetWatch: Sendable {
    private let state = Mutex((now: DecodeBudget.Use(held: 0, holders: 0, waiting: 0), peakHeld: 0, peakHolders: 0))

    /// The `observe` to hand the budget.
    var see: @Sendable (DecodeBudget.Use) -> Void {
        { [self] use in
            state.withLock {
                $0.now = use
                $0.peakHeld = max($0.peakHeld, use.held)
                $0.peakHolders = max($0.peakHolders, use.holders)
            }
        }
    }

    var now: DecodeBudget.Use { state.withLock { $0.now } }
    var peakHeld: Int { state.withLock { $0.peakHeld } }
    var peakHolders: Int { state.withLock { $0.peakHolders } }
}
