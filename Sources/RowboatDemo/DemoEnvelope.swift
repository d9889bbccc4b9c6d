/// The demo API's JSON envelope: `{"code":…,"msg":…,"datas":…}`, where
/// `datas` is encoded as `null` when absent.
struct DemoEnvelope<Payload: Encodable & Sendable>: Encodable, Sendable {
    let code: Int
    let msg: String
    let datas: Payload?

    enum CodingKeys: String, CodingKey {
        case code, msg, datas
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(msg, forKey: .msg)
        // `encode` (not `encodeIfPresent`) so nil is written as null.
        try container.encode(datas, forKey: .datas)
    }
}
