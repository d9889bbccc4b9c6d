#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Addresses a document or a server may name but that Rowboat contacts only
/// when the user names them: link-local addresses (IPv4 169.254.0.0/16,
/// IPv6 fe80::/10), where every cloud keeps its instance metadata and its
/// credentials (169.254.169.254, AWS's fd00:ec2::254, Alibaba's
/// 100.100.100.200, the metadata host names). IPv4 in any form a URL
/// parser takes (decimal, octal, hex, IPv4-mapped IPv6) is read as the
/// address it is.
public enum ReservedAddress {
    /// Why `url`'s host is such an address, in a few words; nil when it is
    /// not one (or `url` is not an http(s) URL).
    public static func reason(_ url: String) -> String? {
        guard let origin = URLOrigin(url) else { return nil }
        return reason(host: origin.host)
    }

    /// Why `host` (a name or an address, IPv6 without brackets) is reserved.
    public static func reason(host: String) -> String? {
        var name = host.lowercased().trimmingTrailingDots
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        // A zone (fe80::1%eth0, %25 in a URL) says which interface, not which address.
        if name.contains(":"), let zone = name.firstIndex(of: "%") { name = String(name[..<zone]) }
        if ["metadata.google.internal", "metadata.goog", "metadata", "instance-data", "instance-data.ec2.internal"].contains(name) {
            return "a cloud metadata host"
        }
        if let v4 = ipv4(name) { return reason(ipv4: v4) }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return "a link-local address" }
        // fd00:ec2::254: AWS's instance metadata over IPv6.
        if bytes == [0xFD, 0x00, 0x0E, 0xC2] + [UInt8](repeating: 0, count: 10) + [0x02, 0x54] { return "a cloud metadata address" }
        // ::ffff:a.b.c.d, an IPv4 address in IPv6 clothes.
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return reason(ipv4: bytes[12...].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        return nil
    }

    static func reason(ipv4 address: UInt32) -> String? {
        if address == 0xA9FE_A9FE || address == 0x6464_64C8 { return "a cloud metadata address" }
        if address >> 16 == 0xA9FE { return "a link-local address" }
        return nil
    }

    /// `host` as an IPv4 address the way `inet_aton` reads it (as URL
    /// parsers do: `2852039166`, `0xA9FEA9FE`, `0251.0376.0251.0376`).
    static func ipv4(_ host: String) -> UInt32? {
        guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" }) else { return nil }
        var address = in_addr()
        guard inet_aton(host, &address) != 0 else { return nil }
        return UInt32(bigEndian: address.s_addr)
    }
}

extension String {
    /// Without the dots a fully qualified name may end with.
    fileprivate var trimmingTrailingDots: String {
        var s = self
        while s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
