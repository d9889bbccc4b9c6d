import Testing
@testable import RowboatJQ
import RowboatSpec

/// `JQRunWatch`: a run the watchdog halts is that run alone — the quick
/// inputs around it, on the same machine, are never halted for it.
@Suite struct JQRunWatchTests {
    @Test func aHaltNeverReachesTheInputsAfterIt() throws {
        let limits = JQLimits(seconds: 0.02, failuresBeforeOff: 1_000)
        let program = try JQProgram("if .loop then last(range(1e18)) else .n + 1 end", limits: limits)
        var halted = 0, quick = 0
        for n in 0..<3_000 {
            let loops = n % 1_000 == 999
            let item: JSONValue = .object(["loop": .bool(loops), "n": .int(Int64(n))])
            do {
                let value = try program.first(item)
                #expect(!loops && value == .int(Int64(n + 1)))
                quick += 1
            } catch {
                #expect(loops && error.kind == .overTime, "item \(n): \(error.message)")
                halted += 1
            }
        }
        #expect(halted == 3 && quick == 2_997)
    }
}
