import ArgumentParser
import RowboatCache

/// `rowboat cache _write-loop --path DIR` (hidden, for the crash test):
/// writes numbered responses to DIR/loop.sqlite in a loop and prints each
/// number once its transaction has committed. Entry n's body is n's bytes
/// repeated, so a reader can check it is whole.
struct CacheWriteLoop: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_write-loop", abstract: "Test only.", shouldDisplay: false)

    @Option(name: .long, help: "Directory of the test database.")
    var path: String

    @Option(name: .long, parsing: .unconditional, help: "Stop after this many entries.")
    var count = 1_000_000

    func validate() throws {
        try OptionRange.whole(count, 0...Int.max, "entries", option: "--count")
    }

    func run() throws {
        let store = CacheStore(path: path + "/loop.sqlite")
        if let reason = store.disabledReason { throw StandardStreams.fail(CLIError(reason)) }
        for n in 0..<count {
            let key = ResponseKey(endpoint: "loop", params: [:], cursor: .page(n))
            do {
                try store.storeResponse(key, body: Self.body(n), etag: "\"\(n)\"", lastModified: nil, now: Double(n))
            } catch {
                throw StandardStreams.fail(error)
            }
            do { try StandardStreams.out("\(n)\n") } catch { return }
        }
    }

    /// Entry n's body: 1000 + n % 3000 bytes, all equal to n % 251.
    static func body(_ n: Int) -> [UInt8] {
        [UInt8](repeating: UInt8(n % 251), count: 1000 + n % 3000)
    }
}
