import Foundation
import Hummingbird

/// Builds `application/json; charset=utf-8` responses in the demo envelope.
enum DemoJSONResponse {
    /// A success envelope (`code` 200, `msg` "success") around `payload`.
    static func success(_ payload: some Encodable & Sendable) -> Response {
        make(status: .ok, envelope: DemoEnvelope(code: 200, msg: "success", datas: payload))
    }

    /// A success envelope with a strong ETag; a 304 (no body) when
    /// `ifNoneMatch` matches it, so clients can revalidate cached pages.
    static func conditionalSuccess(_ payload: some Encodable & Sendable, ifNoneMatch: String) -> Response {
        let body = encode(DemoEnvelope(code: 200, msg: "success", datas: payload))
        let etag = EntityTag.strong(for: [UInt8](body))
        if !ifNoneMatch.isEmpty, EntityTag.ifNoneMatch(ifNoneMatch, matches: etag) {
            return Response(status: .notModified, headers: [.eTag: etag])
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .eTag: etag],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }

    /// An error envelope with `datas: null` and the status's numeric code.
    static func failure(_ status: HTTPResponse.Status, message: String) -> Response {
        make(status: status, envelope: DemoEnvelope<DemoItem>(code: status.code, msg: message, datas: nil))
    }

    private static func encode(_ envelope: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and numbers cannot fail; fall back
        // to a 500 envelope rather than crash if it ever does.
        return (try? encoder.encode(envelope))
            ?? Data(#"{"code":500,"msg":"encoding failed","datas":null}"#.utf8)
    }

    private static func make(status: HTTPResponse.Status, envelope: some Encodable) -> Response {
        let body = encode(envelope)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
        )
    }
}
