import Foundation
import Hummingbird

/// Builds `application/json; charset=utf-8` responses in the demo envelope.
enum DemoJSONResponse {
    /// A success envelope (`code` 200, `msg` "success") around `payload`.
    static func success(_ payload: some Encodable & Sendable) -> Response {
        make(status: .ok, envelope: DemoEnvelope(code: 200, msg: "success", datas: payload))
    }

    /// An error envelope with `datas: null` and the status's numeric code.
    static func failure(_ status: HTTPResponse.Status, message: String) -> Response {
        make(status: status, envelope: DemoEnvelope<DemoItem>(code: status.code, msg: message, datas: nil))
    }

    private static func make(status: HTTPResponse.Status, envelope: some Encodable) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and numbers cannot fail; fall back
        // to a 500 envelope rather than crash if it ever does.
        let body = (try? encoder.encode(envelope))
            ?? Data(#"{"code":500,"msg":"encoding failed","datas":null}"#.utf8)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}
