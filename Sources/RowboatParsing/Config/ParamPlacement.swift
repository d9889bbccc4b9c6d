import RowboatSpec
/// Where an endpoint's request values can go, to check `$.` body paths and
/// `header:` names at the spot the config names them: a body path needs a
/// POST endpoint with a JSON body (`communication.bodyFormat: json` or an
/// endpoint `body:`); a `header:NAME` param needs a name HTTP allows.
struct ParamPlacement {
    var method: HTTPMethodName = .get
    var jsonBody = false

    /// Fails at `node` when `name` is a body path this endpoint cannot send,
    /// a malformed one, or a `header:` name HTTP does not allow.
    func check(_ name: String, at node: ConfigNode) throws(ConfigError) {
        if name.hasPrefix("header:") {
            guard let header = RequestBuilder.headerName(name),
                  header.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != ":" }) else {
                throw node.error("\(name): a header: param names a request header, printable ASCII without spaces or colons")
            }
            return
        }
        guard JSONBody.isBodyPathName(name) else { return }
        guard method == .post else {
            throw node.error("\(name) is a body path; it needs method POST (this endpoint sends \(method.rawValue))")
        }
        guard jsonBody else {
            throw node.error("\(name) is a body path; it needs a JSON body (communication.bodyFormat: json, or a body: on the endpoint)")
        }
        guard JSONBody.path(name) != nil else {
            throw node.error("malformed body path \"\(name)\" (use $.a.b, $.list[0] or $[\"key\"]; no [*], no negative index, index at most \(JSONBody.maxIndex))")
        }
    }
}
