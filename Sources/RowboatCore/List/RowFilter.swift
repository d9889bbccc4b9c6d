import Foundation
import RowboatSpec

/// A filter of the loaded rows, done here rather than by the server: the
/// rows kept are those that meet every condition (AND). The rows the
/// filter leaves out are not copied nor dropped: their places are set
/// aside in the table (`RowTable.hide`) and come back when the condition
/// that left them out goes.
public struct RowFilter: Sendable, Equatable {
    public var conditions: [FilterCondition]

    public init(_ conditions: [FilterCondition] = []) {
        self.conditions = conditions
    }

    public var isEmpty: Bool { conditions.isEmpty }

    /// What the status bar says: `where Price > 100 · City = Lisbon`
    /// (sanitized when drawn).
    public var summary: String {
        "where " + conditions.map(\.text).joined(separator: " · ")
    }
}

/// One condition of a `RowFilter`: a field, how it relates to a value,
/// and the value.
///
/// How a row's value meets it:
/// - `=` the same text, or (in a column of numbers, money or dates) the
///   same number; `~` contains the value, ignoring case (as `/` finds
///   text); `<` and `>` compare by the column's type (`SortKind`):
///   numbers as numbers, dates as moments, text in the user's collation;
/// - a value that is not of the condition's type (text where a number is
///   compared) and a missing value meet no `<` or `>`; a missing field
///   meets no condition.
public struct FilterCondition: Sendable, Equatable {
    /// How the field relates to the value.
    public enum Relation: String, Sendable, Equatable, CaseIterable {
        case equals = "=", contains = "~", less = "<", greater = ">"
    }

    public var field: String
    /// The column's title (the status bar names it).
    public var title: String
    public var relation: Relation
    /// The value as shown (typed, or the selected cell's text).
    public var value: String
    /// The value as a number (a number, a sum of money, a date's moment),
    /// when it is one for the column's kind.
    public var number: Double?
    public var kind: SortKind
    public var collation: TextCollation
    /// A `jq:` condition: the row (its fields by name, typed as
    /// `fetch --format json` writes them) is kept when the expression's
    /// first result is neither false nor null; `field` is unused then.
    public var expression: ComputedField?
    /// For an expression: each field's kind, to read numbers, money,
    /// dates and bools back from the row as values.
    public var kinds: [String: SortKind] = [:]
    /// How `field`'s values are computed when it is an expression column
    /// (`ComputedColumn`); nil: read where they lie.
    public var computed: ComputedColumn?

    /// The prefix that says a typed condition is a jq expression.
    public static let jqPrefix = "jq:"

    /// A `jq:` condition on whole rows; `kinds` types the fields.
    public static func expression(_ computed: ComputedField, kinds: [String: SortKind]) -> FilterCondition {
        var condition = FilterCondition(field: "", title: "jq", relation: .equals, value: computed.expression.source,
                                        number: 0)
        condition.expression = computed
        condition.kinds = kinds
        return condition
    }

    /// Longest value kept (a longer one is cut): a needle of a megabyte
    /// costs what this does.
    public static let maxValueBytes = 4096

    public init(field: String, title: String, relation: Relation, value: String, number: Double? = nil,
                kind: SortKind = .auto, collation: TextCollation = .codePoint, computed: ComputedColumn? = nil) {
        self.computed = computed
        self.field = field
        self.title = title
        self.relation = relation
        var value = value
        if value.utf8.count > Self.maxValueBytes {
            value = String(decoding: value.utf8.prefix(Self.maxValueBytes), as: UTF8.self)
        }
        self.value = value
        self.kind = kind
        self.collation = collation
        if let number {
            self.number = number
        } else {
            var bytes = Array(value.utf8)
            self.number = relation == .contains ? nil
                : bytes.withUnsafeMutableBufferPointer { SortValue.parse(UnsafeBufferPointer($0), kind: kind) }
        }
    }

    /// The relation and value of typed text: a first `=`, `~`, `<` or `>`
    /// says the relation (spaces after it are dropped); text without one
    /// is looked for (`~`). Nil for text with no value.
    public static func parse(_ typed: String) -> (Relation, String)? {
        var text = Substring(typed)
        var relation = Relation.contains
        if let first = text.first, let sign = Relation(rawValue: String(first)) {
            relation = sign
            text = text.dropFirst()
        }
        let value = String(text.drop { $0 == " " })
        return value.isEmpty && relation != .equals ? nil : (relation, value)
    }

    /// `Price > 100` (a long value cut: the status bar has other things to say).
    public var text: String {
        let shown = value.count > Self.shownCharacters ? value.prefix(Self.shownCharacters - 1) + "…" : value
        if expression != nil { return "\(Self.jqPrefix) \(shown)" }
        return "\(title) \(relation.rawValue) \(shown)"
    }

    /// The most of a value the status bar shows.
    static let shownCharacters = 24
}

/// A condition made ready to test rows: how its field's cell is read on
/// each row (`FieldCells`), the value's bytes, its needle and its
/// collation key. (A class: a million rows' tests read it in place, not a
/// copy of it each.)
final class ConditionTest {
    let relation: FilterCondition.Relation
    let kind: SortKind
    let collation: TextCollation
    let cells: FieldCells
    let bytes: [UInt8]
    let number: Double?
    let needle: SearchNeedle
    let key: [UInt8]
    /// A `jq:` condition's test of whole rows (then the rest is unused).
    var whole: RowExpressionTest?

    init(_ condition: FilterCondition, cells: FieldCells) {
        relation = condition.relation
        kind = condition.kind
        collation = condition.collation
        self.cells = cells
        bytes = Array(condition.value.utf8)
        number = condition.number
        needle = SearchNeedle(condition.value)
        var key: [UInt8] = []
        let collation = condition.collation
        Array(condition.value.utf8).withUnsafeBufferPointer { collation.appendKey($0, to: &key) }
        self.key = key
    }

    /// True when `cell` meets the condition (`scratch` holds a text's
    /// collation key while it is compared).
    func test(_ cell: RowBytes.Cell, scratch: inout [UInt8]) -> Bool {
        switch cell {
        case .missing:
            return false
        case .date(let t):
            guard let number else { return false }
            switch relation {
            case .equals: return t == number
            case .less: return t < number
            case .greater: return t > number
            case .contains: return false
            }
        case .text(let utf8):
            if relation == .contains {
                return needle.isEmpty || needle.found(utf8: utf8)
            }
            if let number, !utf8.isEmpty, let x = SortValue.parse(utf8, kind: kind) {
                switch relation {
                case .equals: return x == number
                case .less: return x < number
                case .greater: return x > number
                case .contains: return false
                }
            }
            if relation == .equals {
                return utf8.count == bytes.count && bytes.withUnsafeBufferPointer { utf8.elementsEqual($0) }
            }
            // A number compared: text and empty values are not of its kind.
            guard number == nil, !utf8.isEmpty else { return false }
            scratch.removeAll(keepingCapacity: true)
            collation.appendKey(utf8, to: &scratch)
            let c = Self.compare(scratch, key)
            return relation == .less ? c < 0 : c > 0
        }
    }

    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let n = Swift.min(a.count, b.count)
        var i = 0
        while i < n {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i += 1
        }
        return a.count < b.count ? -1 : a.count > b.count ? 1 : 0
    }
}
