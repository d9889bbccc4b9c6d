import Foundation

/// The hostile server's side of the secret tests: does a text the client
/// printed, drew or stored hold a secret, in any form? It decodes what it
/// reads rather than trusting a list of forms: percent escapes, runs of
/// hex, and runs of base64 or base64url at each of their four alignments
/// are decoded and searched too.
public enum SecretLeaks {
    /// The forms of `secret` found in `text` ("raw", "percent", "hex",
    /// "base64"); empty when it holds none.
    public static func found(_ secret: String, in text: String) -> [String] {
        guard !secret.isEmpty else { return [] }
        let needle = Array(secret.utf8)
        var out: [String] = []
        if text.contains(secret) { out.append("raw") }
        if let decoded = text.removingPercentEncoding, decoded != text, decoded.contains(secret) { out.append("percent") }
        if runs(in: text, of: isHex).contains(where: { contains(hexDecoded($0), needle) }) { out.append("hex") }
        let base64 = runs(in: text, of: { isBase64($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        if base64.contains(where: { run in (0..<4).contains { contains(base64Decoded(run, from: $0), needle) } }) {
            out.append("base64")
        }
        return out
    }

    /// Maximal runs of at least 8 bytes that `accept` takes.
    static func runs(in text: String, of accept: (UInt8) -> Bool) -> [[UInt8]] {
        var out: [[UInt8]] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            if accept(byte) {
                current.append(byte)
            } else {
                if current.count >= 8 { out.append(current) }
                current = []
            }
        }
        if current.count >= 8 { out.append(current) }
        return out
    }

    static func isHex(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x46).contains(b) || (0x61...0x66).contains(b)
    }

    static func isBase64(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x2B || b == 0x2F
    }

    static func hexDecoded(_ run: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for start in 0..<2 {
            var i = start
            while i + 1 < run.count {
                if let byte = UInt8(String(decoding: run[i...(i + 1)], as: UTF8.self), radix: 16) { out.append(byte) }
                i += 2
            }
            out.append(0)
        }
        return out
    }

    /// `run` from character `skip`, as base64 (url-safe letters mapped),
    /// cut to whole quads.
    static func base64Decoded(_ run: [UInt8], from skip: Int) -> [UInt8] {
        guard run.count > skip else { return [] }
        let text = String(decoding: run[skip...], as: UTF8.self)
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        // A run cut short of a whole quad (its padding dropped, or more
        // text after it) decodes as far as its characters go.
        var whole = String(text.prefix(text.count / 4 * 4))
        let rest = text.count % 4
        if rest >= 2 { whole += text.suffix(rest) + String(repeating: "=", count: 4 - rest) }
        return Data(base64Encoded: whole).map(Array.init) ?? []
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
