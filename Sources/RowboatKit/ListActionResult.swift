import RowboatCore
import RowboatSpec

/// What one of your actions hands back: a message to show for a moment
/// (nil: "Title: done"), and what happens to the list afterwards —
/// nothing, a refresh (the selection kept), the rows it ran on removed, or
/// rows put in place of theirs (by id). To fail, throw: the error's
/// description becomes the one-line message.
///
/// ```swift
/// return .message("sent")
/// return .remove
/// return ListActionResult("renamed", then: .replace([row]))
/// ```
public struct ListActionResult: Sendable, Equatable {
    /// What happens to the list after the action.
    public enum Change: Sendable, Equatable {
        case none
        /// Load the list again from the first page, keeping the selection.
        case refresh
        /// Take the rows the action ran on out of the list.
        case remove
        /// Put these rows in the place of the loaded rows with their ids.
        case replace([ListRow])
    }

    public var message: String?
    public var change: Change

    public init(_ message: String? = nil, then change: Change = .none) {
        self.message = message
        self.change = change
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
}

/// An action as the controller keeps it.
struct KitAction: Sendable {
    var title: String
    var key: String?
    var confirm: String?
    var appliesTo: (@Sendable (ListRow) -> Bool)?
    /// With rows marked: once with all of them (else once per row).
    var allAtOnce: Bool
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
        return ActionSpec(title: title, key: parsedKey, kind: .custom(index), confirm: template, allMarksAtOnce: allAtOnce)
    }

    /// Runs it on `rows`; what it said, or the one line of what it threw.
    func outcome(_ rows: [ListRow], modeller: RowModeller) async -> CustomActionOutcome {
        do {
            let result = try await run(rows)
            switch result.change {
            case .none: return CustomActionOutcome(message: result.message)
            case .refresh: return CustomActionOutcome(message: result.message, then: .refresh)
            case .remove: return CustomActionOutcome(message: result.message, then: .remove)
            case .replace(let fresh):
                return CustomActionOutcome(message: result.message, then: .replace, replacements: fresh.map(modeller.model))
            }
        } catch {
            let line = "\(error)"
            return CustomActionOutcome(failure: line.split(whereSeparator: \.isNewline).first.map(String.init) ?? line)
        }
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
