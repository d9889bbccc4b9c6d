import RowboatImages

/// The memory that decoded images may take at once, shared by every job of
/// an `ImageFetchQueue` (`images.decodeMemory` in the config, 256 MB by
/// default). Before a decode a job asks for the decode's peak bytes
/// (`ImageDecoder.peakBytes`) and waits until they fit beside what other
/// jobs hold; it gives them back once the thumbnail is drawn. Waiting is
/// first come, first served, so a large image is not starved by small
/// ones. A decode larger than the whole budget is refused, never started.
public actor DecodeBudget {
    public static let defaultBytes = 256 << 20

    /// Bytes that may be held at once.
    public nonisolated let capacity: Int
    private var held = 0
    private var waiting: [(bytes: Int, resume: CheckedContinuation<Void, Never>)] = []

    private var holders = 0
    private let observe: (@Sendable (Use) -> Void)?

    /// What the budget holds after a change.
    public struct Use: Sendable, Equatable {
        /// Bytes held, decodes holding them, decodes waiting for room.
        public var held, holders, waiting: Int
    }

    /// `observe` is told the budget's `Use` after every change (a test or a
    /// measurement watches it from outside; nil: nobody does).
    public init(bytes: Int = DecodeBudget.defaultBytes, observe: (@Sendable (Use) -> Void)? = nil) {
        capacity = max(1, bytes)
        self.observe = observe
    }

    /// Waits until `bytes` (at most `capacity`) fit, then holds them.
    public func acquire(_ bytes: Int) async {
        precondition(bytes <= capacity, "a decode over the budget must be refused, not queued")
        if waiting.isEmpty, held + bytes <= capacity {
            take(bytes)
            return
        }
        await withCheckedContinuation {
            waiting.append((bytes, $0))
            report()
        }
    }

    /// Gives back bytes taken by `acquire` and lets waiting decodes in, in
    /// order, while they fit.
    public func release(_ bytes: Int) {
        held -= bytes
        holders -= 1
        while let first = waiting.first, held + first.bytes <= capacity {
            waiting.removeFirst()
            take(first.bytes)
            first.resume.resume()
        }
        report()
    }

    private func take(_ bytes: Int) {
        held += bytes
        holders += 1
        report()
    }

    private func report() {
        observe?(Use(held: held, holders: holders, waiting: waiting.count))
    }
}
