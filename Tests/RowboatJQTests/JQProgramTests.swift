import Dispatch
import Foundation
import Synchronization
import Testing
@testable import RowboatJQ
import RowboatSpec

/// The jq runner: libjq compiled once, its messages one line, every input
/// within its bounds, nothing written to stderr, safe from many threads.
@Suite struct JQProgramTests {
    let issue: JSONValue = .object([
        "id": .int(7), "price": .double(120.5), "stock": .int(0),
        "labels": .array([.object(["name": .string("bug")]), .object(["name": .string("ui")])]),
    ])

    @Test func aFieldFromAnExpression() throws {
        let program = try JQProgram(#"[.labels[].name] | join(", ")"#)
        #expect(try program.first(issue) == .string("bug, ui"))
        #expect(try JQProgram(".price").first(issue) == .double(120.5))
        #expect(try JQProgram(".id").first(issue) == .int(7))
        #expect(try JQProgram(".missing").first(issue) == .null)
        #expect(try JQProgram("empty").first(issue) == nil)
        // A container is its compact JSON text.
        #expect(try JQProgram("[.labels[].name]").first(issue) == .string(#"["bug","ui"]"#))
    }

    /// The thread that halts runaway expressions goes by its name (in `top -H`, `perf`).
    @Test func theWatchThreadIsNamed() async throws {
        #expect(try JQProgram(".id").first(issue) == .int(7))
        func names() -> [String] {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        }
        let deadline = Date().addingTimeInterval(5)
        while !names().contains("rowboat-jqwatch\n"), Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(names().filter { $0 == "rowboat-jqwatch\n" }.count == 1)
    }

    @Test func aConditionKeepsWhatIsNeitherFalseNorNull() throws {
        #expect(try JQProgram("select(.price > 100 and .stock == 0)").keeps(issue))
        #expect(try JQProgram(".price > 100").keeps(issue))
        #expect(try !JQProgram(".price > 200").keeps(issue))
        #expect(try !JQProgram("select(.stock > 0)").keeps(issue))
        #expect(try !JQProgram(".nothing").keeps(issue))
    }

    @Test func aSyntaxErrorIsOneLineOfJqsMessage() {
        #expect(throws: JQError(.syntax, "syntax error, unexpected $end at line 1")) { try JQProgram(".a +") }
        do {
            _ = try JQProgram("[.a | nosuchfunction]")
            Issue.record("compiled")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.message.contains("nosuchfunction/0 is not defined"), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    /// The guards' own definitions are not the user's: an expression that
    /// calls one is refused as jq alone refuses it.
    @Test func theGuardsNamesAreNotTheExpressions() {
        do {
            _ = try JQProgram("_rowboat_times(2; 3)")
            Issue.record("compiled")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.message.contains("_rowboat_times/2 is not defined"), "\(error.message)")
        }
        #expect((try? JQProgram(".price * 2")) != nil)
    }

    @Test func aRuntimeErrorIsThrownAndDoesNotTurnItOff() throws {
        let program = try JQProgram(".labels + 1")
        for _ in 0..<5 {
            #expect(throws: JQError.self) { try program.first(issue) }
        }
        #expect(program.off == nil)
        do {
            _ = try program.first(issue)
        } catch {
            #expect(error.kind == .runtime)
            #expect(error.message == "array ([{\"name\":\"b...) and number (1) cannot be added", "\(error.message)")
        }
    }

    @Test func anExpressionThatLoopsForeverIsHalted() throws {
        let limits = JQLimits(seconds: 0.1)
        for source in ["def f: f; f", "repeat(.) | select(false)", "last(range(1e18))"] {
            let program = try JQProgram(source, limits: limits)
            let started = Date()
            #expect(throws: JQError(.overTime, "jq stopped: over 100 ms on one item (the limit)")) {
                try program.first(issue)
            }
            #expect(Date().timeIntervalSince(started) < 2, "\(source)")
        }
    }

    @Test func aHugeValueIsHaltedWithinItsMemory() throws {
        let limits = JQLimits(seconds: 5, memoryBytes: 32 << 20)
        for source in ["[range(1e9)] | length", "def f: 1 + f; f"] {
            let program = try JQProgram(source, limits: limits)
            let before = JQWatchdog.heap()
            do {
                _ = try program.first(issue)
                Issue.record("finished: \(source)")
            } catch {
                #expect(error.kind == .overMemory, "\(source): \(error)")
            }
            // Halted near the bound (a tick of growth past it at most), and given back.
            #expect(JQWatchdog.heap() - before < 64 << 20)
        }
    }

    @Test func aStringRepeatedPastTheBoundIsAnError() throws {
        do {
            _ = try JQProgram(#""x" * 1e9 | length"#).first(issue)
            Issue.record("repeated")
        } catch {
            #expect(error.kind == .runtime)
            #expect(error.message == "a string of more than 1048576 bytes (the limit)")
        }
        #expect(try JQProgram(#""ab" * 3"#).first(issue) == .string("ababab"))
        // `*` keeps jq's order and its other meanings.
        var products: [JSONValue] = []
        try JQProgram("(1,2) * (10,20)").run(issue) { products.append($0.value); return true }
        #expect(products == [.int(10), .int(20), .int(20), .int(40)])
        #expect(try JQProgram(#"{a: 1} * {b: 2} | keys"#).first(issue) == .string(#"["a","b"]"#))
    }

    @Test func tooManyOrTooLongOutputsStop() throws {
        let program = try JQProgram("repeat(.)", limits: JQLimits(outputs: 50))
        var count = 0
        #expect(throws: JQError.self) { try program.run(issue) { _ in count += 1; return true } }
        #expect(count == 50)
        let long = try JQProgram(#"("x" * 1048576) + "y""#, limits: JQLimits(seconds: 5))
        do {
            _ = try long.first(issue)
            Issue.record("long")
        } catch {
            #expect(error.kind == .overOutput)
        }
    }

    @Test func boundsHitTooOftenTurnItOff() throws {
        let program = try JQProgram("def f: f; f", limits: JQLimits(seconds: 0.02, failuresBeforeOff: 2))
        for _ in 0..<2 { #expect(throws: JQError.self) { try program.first(issue) } }
        let started = Date()
        do {
            _ = try program.first(issue)
        } catch {
            #expect(error.kind == .off)
            #expect(error.message.hasPrefix("jq expression off after 2 items past its limits"))
        }
        #expect(Date().timeIntervalSince(started) < 0.02)
    }

    @Test func itReadsItsInputAndNothingElse() throws {
        setenv("ROWBOAT_JQ_SECRET", "hunter2", 1)
        #expect(try JQProgram("$ENV.ROWBOAT_JQ_SECRET").first(issue) == .null)
        #expect(try JQProgram("env.ROWBOAT_JQ_SECRET").first(issue) == .null)
        // stderr and debug give their input and print nothing (jq 1.6 would print to our stderr).
        #expect(try JQProgram(".id | stderr | debug").first(issue) == .int(7))
        #expect(throws: JQError.self) { try JQProgram("input").first(issue) }
        #expect(try JQProgram("[inputs]").first(issue) == .string("[]"))
        // halt ends the results; halt_error is an error, not an exit.
        #expect(try JQProgram("halt").first(issue) == nil)
        #expect(throws: JQError(.runtime, "bye")) { try JQProgram(#""bye" | halt_error"#).first(issue) }
        #expect(try JQProgram(".id").first(issue) == .int(7))
    }

    @Test func manyThreadsRunOneProgram() throws {
        let program = try JQProgram(".n * 2")
        let results = Mutex<[Int: JSONValue]>([:])
        DispatchQueue.concurrentPerform(iterations: 2000) { i in
            let value = try? program.first(JSONValue.object(["n": .int(Int64(i))]))
            results.withLock { $0[i] = value }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 2000)
        #expect(all.allSatisfy { $0.value == .int(Int64($0.key * 2)) })
    }

    /// A thread keeps a machine per program it runs (at most
    /// `JQThreadMachines.most`), a program run inside its own run takes
    /// another, and a program that is gone has its machine let go.
    @Test func aThreadKeepsItsMachinesAndLetsThoseOfAGoneProgramGo() throws {
        let counts = Mutex<[Int]>([])
        let nested = Mutex<JSONValue?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let outer = try! JQProgram(".n")
            try? outer.run(JSONValue.object(["n": .int(1)])) { _ in
                nested.withLock { $0 = try? outer.first(JSONValue.object(["n": .int(2)])) }
                return false
            }
            counts.withLock { $0.append(JQThreadMachines.current.count) }
            do {
                let many = (0..<6).map { try! JQProgram(".n + \($0)") }
                for (i, program) in many.enumerated() {
                    #expect(try! program.first(JSONValue.object(["n": .int(1)])) == .int(Int64(1 + i)))
                }
                counts.withLock { $0.append(JQThreadMachines.current.count) }
            }
            // The six are gone: the next program kept lets their machines go.
            _ = try? JQProgram(".m").first(JSONValue.object(["m": .int(3)]))
            counts.withLock { $0.append(JQThreadMachines.current.count) }
            withExtendedLifetime(outer) {}
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(nested.withLock { $0 } == .int(2))
        // outer's two machines (the nested run's too); then the limit; then outer's and .m's.
        #expect(counts.withLock { $0 } == [2, JQThreadMachines.most, 3])
    }

    @Test func textIsSanitizedInItsMessages() {
        do {
            _ = try JQProgram(#"error("\u001b]0;owned\u0007 bad")"#).first(issue)
        } catch {
            #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 })
        }
    }
}
