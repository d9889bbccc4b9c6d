/// A row's display fields by name, kept small for lists of a million rows:
/// the names are one array shared by every row a `RowModelBuilder` made,
/// the values are the row's own (see `NamedFields`). Encodes as a
/// dictionary, so stored favorites keep their format.
public typealias RowFields = NamedFields<CellText>
