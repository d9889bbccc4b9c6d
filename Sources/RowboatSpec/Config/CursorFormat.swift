/// How a cursor (cursor style) or last id (lastId style) is sent back.
public enum CursorFormat: String, Sendable, Equatable, CaseIterable {
    /// As text: a string or number as written; an array or object is a
    /// mapping mismatch.
    case text
    /// As its JSON value: in a body path the value itself (an array stays
    /// an array, as Elasticsearch's `search_after` wants); in a query param
    /// its compact JSON text (a string in quotes, as Firebase's `startAt`).
    case json
    /// The server sent it already percent-encoded (`Pmk6Mg%3D%3D`): it
    /// goes back into the query encoded once (`%3D` stays `%3D`, never
    /// `%253D`), as text.
    case encoded
}
