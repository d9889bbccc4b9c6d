import Foundation
import RowboatCore
import Synchronization

/// The app's state and the one step every action takes: the reducer changes
/// the state, the observer sees the state after, and each effect goes to
/// the caller's `perform`. `TUIRunLoop` (on the UI thread) and `ListSession`
/// (from any thread) both keep their state in one, so an action does the
/// same with a terminal and without.
package final class AppStore: Sendable {
    private let state: Mutex<AppState>
    /// Sees the state after each step (a `ListController`'s select and open
    /// hooks). It gets no state before: a kept copy would make the reducer
    /// copy every row it changes.
    private let observe: (@Sendable (AppState) -> Void)?
    /// Held by a step from its reduction until the observer has seen the
    /// state after it, so the observer sees every state in the order the
    /// reducer made them, one at a time, whichever threads send (a
    /// `ListSession`'s). Recursive: an observer may send again (the nested
    /// step is seen before the outer one returns). Taken before the
    /// state's lock, never while holding it.
    private let inOrder = NSRecursiveLock()

    package init(_ state: AppState, observe: (@Sendable (AppState) -> Void)? = nil) {
        self.state = Mutex(state)
        self.observe = observe
    }

    /// The state now: a copy, to be let go before the next action (or the
    /// reducer copies the rows it changes).
    package var current: AppState {
        state.withLock { $0 }
    }

    /// `body` run on the state in place.
    package func read<T>(_ body: (AppState) -> T) -> T {
        state.withLock { body($0) }
    }

    /// Changes the state outside the reducer (what the terminal says at start).
    package func update(_ body: (inout AppState) -> Void) {
        state.withLock { body(&$0) }
    }

    /// Reduces `actions` in order, shows the observer the state after them
    /// (before any later step's state), then hands their effects to
    /// `perform` in order (outside the lock, so an effect may send again).
    /// Returns when the next live tick is due and the state's clock, after
    /// the actions.
    @discardableResult
    package func send(_ actions: AppAction..., perform: (AppEffect) -> Void) -> (nextLiveTick: Double?, clock: Double) {
        if observe != nil { inOrder.lock() }
        let (effects, after, tick) = state.withLock { state in
            (actions.flatMap { AppReducer.reduce(&state, $0) }, observe == nil ? nil : state,
             (nextLiveTick: state.nextLiveTick, clock: state.clock))
        }
        if let after {
            observe?(after)
            inOrder.unlock()
        }
        for effect in effects { perform(effect) }
        return tick
    }
}
