import Testing
@testable import RowboatJQ
import RowboatSpec

/// `JQProgram(copying:)`: the same expression, reads and limits, its own
/// machines (a writer on another core shares nothing with the original).
@Suite struct JQProgramCopyTests {
    @Test func aCopyGivesWhatTheOriginalGivesWithMachinesOfItsOwn() throws {
        let limits = JQLimits(seconds: 0.5, memoryBytes: 64 << 20, outputBytes: 100, outputs: 3, failuresBeforeOff: 2)
        let original = try JQProgram(#".title + " by " + .maker"#, limits: limits)
        let copy = JQProgram(copying: original)
        #expect(copy.source == original.source && copy.memberNames == original.memberNames)
        #expect(copy.serial != original.serial && copy.limits.outputBytes == 100)
        let item: JSONValue = .object(["title": .string("Lamp"), "maker": .string("Ann"), "price": .int(3)])
        #expect(try copy.first(item) == .string("Lamp by Ann"))
        #expect(try original.first(item) == .string("Lamp by Ann"))
        // Its bounds are the original's.
        let long = try JQProgram(#".title * 50"#, limits: limits)
        #expect(throws: JQError.self) { try JQProgram(copying: long).first(item) }
    }
}
