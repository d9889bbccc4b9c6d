import Foundation
import RowboatSpec

/// How a user arranged an endpoint's columns in the columns panel, as it
/// is kept between runs: the shown fields in order, a width for those
/// made wider or narrower, and the local sort. Field names, widths and a
/// direction only — never a value.
public struct ColumnArrangement: Sendable, Equatable, Codable {
    /// One shown column (the shape a saved view's columns have too).
    public typealias Column = ChosenColumn
    /// The local sort kept: by which field, which way.
    public typealias Sort = ChosenSort

    public var columns: [Column]
    /// The local sort (nil: the server's order); files written before it
    /// was kept have none.
    public var sort: Sort?

    public init(columns: [Column], sort: Sort? = nil) {
        self.columns = columns
        self.sort = sort
    }

    /// The arrangement of `columns` and `sort`, noting widths that differ
    /// from the config's column of the same field (`config`); nil when
    /// `columns` are the config's own and no sort is in force (nothing to keep).
    public init?(columns: [ColumnSpec], config: [ColumnSpec], sort: LocalSort? = nil) {
        guard columns != config || sort != nil else { return nil }
        self.sort = sort.map { Sort(field: $0.field, descending: $0.descending) }
        let configured = Dictionary(config.map { ($0.field, $0) }) { first, _ in first }
        self.columns = columns.map { column in
            var width: Int?
            if case .fixed(let n) = column.width, configured[column.field]?.width != column.width { width = n }
            return Column(field: column.field, width: width)
        }
    }

    /// The columns this arrangement gives, from the config's (`config`)
    /// and the fields the endpoint maps (`fields`): a field it no longer
    /// maps is left out quietly. Nil when nothing would be left.
    public func apply(config: [ColumnSpec], fields: [FieldInfo]) -> [ColumnSpec]? {
        let known = Set(fields.map(\.name)).union(config.map(\.field))
        var seen: Set<String> = []
        let specs = columns.compactMap { column -> ColumnSpec? in
            guard known.contains(column.field), seen.insert(column.field).inserted else { return nil }
            var spec = Self.spec(for: column.field, config: config, fields: fields)
            if let width = column.width { spec.width = .fixed(min(max(width, ColumnsAction.widths.lowerBound),
                                                                  ColumnsAction.widths.upperBound)) }
            return spec
        }
        return specs.isEmpty ? nil : specs
    }

    /// The config's column for `field`, else the one its `FieldInfo`
    /// names, else a new one (its name as the title, a share of the width).
    public static func spec(for field: String, config: [ColumnSpec], fields: [FieldInfo] = []) -> ColumnSpec {
        if let spec = config.first(where: { $0.field == field }) ?? fields.first(where: { $0.name == field })?.column {
            return spec
        }
        return defaultSpec(for: field, type: fields.first { $0.name == field }?.type)
    }

    /// A column for a field the config gives none, shaped by its type:
    /// numbers and money right-aligned in a fixed width, dates and
    /// yes/no as wide as they are written, text a share of the room.
    public static func defaultSpec(for field: String, type: FieldType?) -> ColumnSpec {
        let title = field.capitalized
        switch type {
        case .int?: return ColumnSpec(field: field, title: title, width: .fixed(max(8, title.count)), alignment: .right)
        case .number?: return ColumnSpec(field: field, title: title, width: .fixed(max(9, title.count)), alignment: .right)
        case .money?: return ColumnSpec(field: field, title: title, width: .fixed(max(11, title.count)), alignment: .right)
        case .bool?: return ColumnSpec(field: field, title: title, width: .fixed(max(5, title.count)))
        case .dateSeconds?, .dateMillis?, .dateISO8601?:
            return ColumnSpec(field: field, title: title, width: .fixed(max(10, title.count)))
        case .text?, .html?, nil: return ColumnSpec(field: field, title: title, width: .weight(1, min: 8))
        }
    }
}
