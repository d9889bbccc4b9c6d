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

    /// For tests and measurements: the most bytes held at once, and the
    /// most decodes holding bytes at once.
    public private(set) var peakHeld = 0
    public private(set) var peakHolders = 0
    private var holders = 0

    /// Decodes waiting for room (for tests).
    var waitingCount: Int { waiting.count }

    public init(bytes: Int = DecodeBudget.defaultBytes) {
        capacity = max(1, bytes)
    }

    /// Waits until `bytes` (at most `capacity`) fit, then holds them.
    public func acquire(_ bytes: Int) async {
        precondition(bytes <= capacity, "a decode over the budget must be refused, not queued")
        if waiting.isEmpty, held + bytes <= capacity {
            take(bytes)
            return
        }
        await withCheckedContinuation { waiting.append((bytes, $0)) }
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
    }

    private func take(_ bytes: Int) {
        held += bytes
        holders += 1
        peakHeld = max(peakHeld, held)
        peakHolders = max(peakHolders, holders)
    }
}
