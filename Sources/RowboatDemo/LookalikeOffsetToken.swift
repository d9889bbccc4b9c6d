import Foundation

/// The opaque page tokens many servers hand out: base64 of a small JSON
/// object holding the offset (`eyJvZmZzZXQiOiAyMH0=` for `{"offset": 20}`),
/// as MLflow's `page_token` and Kubernetes' `continue` are made.
enum LookalikeOffsetToken {
    static func encode(_ offset: Int) -> String {
        Data(#"{"offset": \#(offset)}"#.utf8).base64EncodedString()
    }

    /// The offset a token holds, if it is one of ours within `0...count`.
    static func decode(_ token: String, count: Int) -> Int? {
        guard let data = Data(base64Encoded: token),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let offset = (object["offset"] as? NSNumber)?.intValue, (0...count).contains(offset) else { return nil }
        return offset
    }

    /// A name made from a title (`Brass Lantern` → `brass-lantern`).
    static func slug(_ title: String) -> String {
        let words = title.lowercased().split { !$0.isLetter && !$0.isNumber }
        return words.joined(separator: "-")
    }
}
