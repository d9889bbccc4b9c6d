import RowboatCore
import RowboatSpec

/// What one of your actions hands back: a message to show for a moment
/// (nil: "Title: done", "Title: done for 3 rows"), what happens to the list
/// afterwards — nothing, a refresh (the selection kept), the rows it ran on
/// removed, or rows put in place of theirs (by id) — and what it hands on:
/// text to copy, a program to give the terminal to. To fail, throw: the
/// error's description becomes the one-line message.
///
/// ```swift
/// return .message("sent")
/// return .remove
/// return ListActionResult("renamed", then: .replace([row]))
/// return .copy(row.value("version"), what: "the version")
/// return .runInteractive(["less", "+G", path])
/// ```
public struct ListActionResult: Sendable, Equatable {
    /// What happens to the list after the action.
    public enum Change: Sendable, Equatable {
        /// Nothing: the list stays as it is.
        case none
        /// Load the list again from the first page, keeping the selection.
        case refresh
        /// Take the rows the action ran on out of the list.
        case remove
        /// Put these rows in the place of the loaded rows with their ids.
        case replace([ListRow])
    }

    /// The one line shown for a moment (nil: "Title: done").
    public var message: String?
    /// What happens to the list afterwards.
    public var change: Change
    /// Text to put on the clipboard, as `y` does with a link: the local
    /// clipboard tool (wl-copy, xclip, xsel, pbcopy, tmux) and the
    /// terminal's own (OSC 52, what works over SSH); the toast says where.
    public var copy: String?
    /// What the copied text is, for the toast ("copied the version").
    public var copyWhat: String
    /// A program to give the terminal to once the action is done (see
    /// `runInteractive`).
    public var program: [String]?
    /// What the program's standard input gets (nil: the terminal).
    public var programInput: String?

    /// A message, then a change of the list.
    public init(_ message: String? = nil, then change: Change = .none) {
        self.message = message
        self.change = change
        self.copy = nil
        self.copyWhat = "text"
        self.program = nil
        self.programInput = nil
    }

    /// Done, nothing to say.
    public static let done = ListActionResult()
    /// Done: refresh the list.
    public static let refresh = ListActionResult(then: .refresh)
    /// Done: remove the rows it ran on.
    public static let remove = ListActionResult(then: .remove)

    /// Done, with a message.
    public static func message(_ text: String) -> ListActionResult { ListActionResult(text) }

    /// Done: these rows replace the loaded ones with their ids.
    public static func replace(_ rows: [ListRow]) -> ListActionResult { ListActionResult(then: .replace(rows)) }

    /// Done: copy `text` exactly (the toast names it by `what`).
    public static func copy(_ text: String, what: String = "text") -> ListActionResult {
        var result = ListActionResult()
        result.copy = text
        result.copyWhat = what
        return result
    }

    /// Done: give the terminal to a program — a pager, an editor, a shell
    /// — until it exits, then take it back and redraw the list, as a
    /// config's `interactive: true` action does. `arguments[0]` is looked
    /// up in `PATH`; the arguments reach it exactly (no shell). With
    /// `input`, its standard input is that text and it reads keys from
    /// the terminal (as `less` does); without, its standard input is the
    /// terminal. A status other than 0 is said in one line. In a
    /// `session()` (no terminal) it fails with "an interactive program
    /// needs a terminal".
    public static func runInteractive(_ arguments: [String], input: String? = nil) -> ListActionResult {
        var result = ListActionResult()
        result.program = arguments
        result.programInput = input
        return result
    }

    /// The same result, then `change` (`.runInteractive(…).then(.refresh)`
    /// refreshes the list when the editor has closed).
    public func then(_ change: Change) -> ListActionResult {
        var result = self
        result.change = change
        return result
    }
}

extension Array where Element == ListRow {
    /// Runs `body` for each row in order — the helper for an action that
    /// acts on rows one at a time. Every row is tried; the result's message
    /// is the one row's (several: nil, which the toast says as "Title:
    /// done for 3 rows"), and when rows fail it throws one line naming how
    /// many and the first reason.
    ///
    /// ```swift
    /// controller.addAction("Show stat") { rows in
    ///     try await rows.eachRow { row in try git.stat(row.id) }
    /// }
    /// ```
    public func eachRow(_ body: @Sendable (ListRow) async throws -> String?) async throws -> ListActionResult {
        var message: String?
        var failures: [(id: String, reason: String)] = []
        for row in self {
            do { message = try await body(row) } catch { failures.append((row.id, "\(error)")) }
        }
        if let first = failures.first {
            throw EachRowFailure(description: count == 1 ? first.reason
                : "failed for \(failures.count) of \(count) rows — \(first.id): \(first.reason)")
        }
        return ListActionResult(count == 1 ? message : nil)
    }
}

/// Rows an `eachRow` body threw for, in one line.
struct EachRowFailure: Error, CustomStringConvertible {
    var description: String
}

/// An action as the controller keeps it.
struct KitAction: Sendable {
    var title: String
    var key: String?
    var confirm: String?
    var appliesTo: (@Sendable (ListRow) -> Bool)?
    /// Run once with all the rows it is for (the marked ones, or the selected one).
    var run: @Sendable ([ListRow]) async throws -> ListActionResult

    /// The action as the runtime's one action model has it.
    func spec(index: Int) throws -> ActionSpec {
        var parsedKey: Key?
        if let key {
            guard let parsed = KeyName.parse(key) else {
                throw ListControllerError("action \"\(title)\": unknown key \"\(key)\"")
            }
            parsedKey = parsed
        }
        var template: Template?
        if let confirm {
            do { template = try Template(confirm, allowed: [.item, .marked, .env]) } catch {
                throw ListControllerError("action \"\(title)\": confirm: \(error)")
            }
        }
        return ActionSpec(title: title, key: parsedKey, kind: .custom(index), confirm: template, allMarksAtOnce: true)
    }

    /// Runs it on `rows`; what it said and hands on, or the one line of
    /// what it threw.
    func outcome(_ rows: [ListRow], modeller: RowModeller) async -> CustomActionOutcome {
        let result: ListActionResult
        do {
            result = try await run(rows)
        } catch {
            let line = "\(error)"
            return CustomActionOutcome(failure: line.split(whereSeparator: \.isNewline).first.map(String.init) ?? line)
        }
        var outcome = CustomActionOutcome(message: result.message ?? (rows.count > 1 ? "\(title): done for \(rows.count) rows" : nil))
        switch result.change {
        case .none: break
        case .refresh: outcome.then = .refresh
        case .remove: outcome.then = .remove
        case .replace(let fresh):
            outcome.then = .replace
            outcome.replacements = fresh.map(modeller.model)
        }
        if let text = result.copy { outcome.copy = CopyRequest(text, what: result.copyWhat) }
        if let arguments = result.program {
            // argv cannot carry a NUL: said, never dropped.
            if arguments.isEmpty { return CustomActionOutcome(failure: "no program to run (runInteractive got no arguments)") }
            if let at = arguments.firstIndex(where: { $0.utf8.contains(0) }) {
                return CustomActionOutcome(failure: "argument \(at + 1) of \(arguments[0]) holds a NUL byte, which a program's arguments cannot carry")
            }
            outcome.handOver = .run(arguments: arguments, input: result.programInput.map { Array($0.utf8) }, interactive: true)
        }
        return outcome
    }
}

/// Turns your rows into the runtime's, noting on each the actions that do
/// not apply to it (their `appliesTo` said no): the sheet leaves them out
/// and their keys say so.
struct RowModeller: Sendable {
    let appliesTo: [(@Sendable (ListRow) -> Bool)?]

    func model(_ row: ListRow) -> RowModel {
        var model = row.model
        let skipped = appliesTo.indices.filter { appliesTo[$0].map { applies in !applies(row) } ?? false }
        if !skipped.isEmpty {
            model.fields[ActionFields.notApplying] = .text(skipped.map(String.init).joined(separator: ","))
        }
        return model
    }
}
