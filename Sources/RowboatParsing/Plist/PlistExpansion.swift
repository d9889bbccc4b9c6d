import Foundation
import RowboatSpec

/// A binary property list may not expand past `ConfigExpansion.maxValues`
/// values. Its objects refer to each other by number, so one array can be
/// named many times over at each level (the same trick as YAML aliases),
/// and reading it into Swift values copies each use. The check reads the
/// object table (`bplist00`: a trailer, an offset table, objects whose
/// arrays, sets and dictionaries list the numbers of their members) and
/// counts the values with every use expanded, each object's count
/// computed once; it takes a moment whatever the file holds. A file that
/// is not a well-formed binary plist is left to Foundation's reader to
/// refuse; an XML plist names no object twice.
enum PlistExpansion {
    /// The number of values `data` expands to, counted up to just past
    /// `limit`; nil when it is no binary plist this reader understands.
    static func count(_ data: [UInt8], limit: Int = ConfigExpansion.maxValues) -> Int? {
        guard data.count >= 8 + 32, data.starts(with: Array("bplist00".utf8)) else { return nil }
        let trailer = data.count - 32
        let offsetSize = Int(data[trailer + 6]), refSize = Int(data[trailer + 7])
        guard let objectCount = number(data, trailer + 8, 8), let top = number(data, trailer + 16, 8),
              let table = number(data, trailer + 24, 8),
              (1...8).contains(offsetSize), (1...8).contains(refSize), objectCount > 0, objectCount < data.count,
              top < objectCount, table >= 8, table + objectCount * offsetSize <= trailer else { return nil }
        func offset(_ object: Int) -> Int? { number(data, table + object * offsetSize, offsetSize) }
        /// The members of `object` (for arrays, sets and dictionaries), by number.
        func members(_ object: Int) -> [Int]? {
            guard let at = offset(object), at >= 8, at < table else { return nil }
            let marker = data[at]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xB || kind == 0xC || kind == 0xD else { return [] }
            var count = Int(marker & 0x0F)
            var start = at + 1
            if count == 0x0F {
                // The count follows as an integer object: 0x1n, then 2^n bytes.
                guard start < trailer, data[start] >> 4 == 0x1 else { return nil }
                let size = 1 << Int(data[start] & 0x0F)
                guard size <= 8, let n = number(data, start + 1, size) else { return nil }
                count = n
                start += 1 + size
            }
            let refs = kind == 0xD ? count * 2 : count
            guard refs >= 0, refs <= trailer, start + refs * refSize <= trailer else { return nil }
            var out: [Int] = []
            out.reserveCapacity(refs)
            for i in 0..<refs {
                guard let ref = number(data, start + i * refSize, refSize), ref < objectCount else { return nil }
                out.append(ref)
            }
            return out
        }
        // Each object's expanded count, once (children first); a cycle is
        // for Foundation's reader to refuse.
        var expanded = [Int](repeating: -1, count: objectCount)
        var visiting = [Bool](repeating: false, count: objectCount)
        var stack: [(object: Int, members: [Int], next: Int)] = []
        guard let rootMembers = members(top) else { return nil }
        stack.append((top, rootMembers, 0))
        visiting[top] = true
        while let (object, list, next) = stack.last {
            if next < list.count {
                stack[stack.count - 1].next += 1
                let member = list[next]
                guard expanded[member] < 0 else { continue }
                guard !visiting[member], let inner = members(member) else { return nil }
                visiting[member] = true
                stack.append((member, inner, 0))
                continue
            }
            stack.removeLast()
            visiting[object] = false
            var total = 1
            for member in list { total = min(limit + 1, total + expanded[member]) }
            expanded[object] = total
        }
        return expanded[top]
    }

    /// Throws when the binary plist `data` from `file` expands past the bound.
    static func check(_ data: [UInt8], file: String) throws(ConfigError) {
        guard let count = count(data), count > ConfigExpansion.maxValues else { return }
        throw ConfigError(file: file, line: nil, column: nil, keyPath: "",
                          message: "the property list expands to more than \(ConfigExpansion.maxValues) values "
                              + "(objects named more than once are repeated); refused")
    }

    /// A big-endian unsigned integer of `size` bytes at `at`.
    static func number(_ data: [UInt8], _ at: Int, _ size: Int) -> Int? {
        guard at >= 0, at + size <= data.count else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(data[at + i]) }
        return value <= UInt64(Int.max / 16) ? Int(value) : nil
    }
}
