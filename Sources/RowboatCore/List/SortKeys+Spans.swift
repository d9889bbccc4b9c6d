extension SortKeys {
    /// The least and greatest value (as it orders: reversed when
    /// descending) of each class of key: the bits a class's values all
    /// share are above the highest bit where these two differ, and a
    /// value's bucket is read from the bits below.
    struct KeySpans: Sendable {
        static let classes = 3
        /// Bits of a value that choose its bucket within its class.
        static let digitBits = 11
        var low = [UInt64](repeating: .max, count: classes)
        var high = [UInt64](repeating: 0, count: classes)

        @inline(__always)
        mutating func add(_ cls: UInt8, _ value: UInt64) {
            let c = Int(cls)
            if value < low[c] { low[c] = value }
            if value > high[c] { high[c] = value }
        }

        /// How each class's values are read for their buckets.
        var digits: Digits { Digits(self) }

        /// The spans of both.
        func joined(_ other: KeySpans) -> KeySpans {
            var both = self
            for c in 0..<Self.classes {
                both.low[c] = Swift.min(low[c], other.low[c])
                both.high[c] = Swift.max(high[c], other.high[c])
            }
            return both
        }

        /// The spans of the values turned around (`~value`: a descending sort's).
        var reversed: KeySpans {
            var turned = self
            for c in 0..<Self.classes where low[c] <= high[c] {
                (turned.low[c], turned.high[c]) = (~high[c], ~low[c])
            }
            return turned
        }
    }

    /// A value's bucket: its class, then the `KeySpans.digitBits` bits of
    /// its value below those all its class's values share. Buckets follow
    /// the order: a lower bucket holds only entries before those of a
    /// higher one.
    struct Digits: Sendable {
        // Per class: the bits below the shared ones, and the shift that leaves their top `digitBits`.
        let mask0: UInt64, mask1: UInt64, mask2: UInt64
        let shift0: UInt64, shift1: UInt64, shift2: UInt64

        init(_ spans: KeySpans) {
            func read(_ c: Int) -> (UInt64, UInt64) {
                let differing = spans.low[c] ^ spans.high[c]
                guard differing != 0 else { return (0, 0) }
                let span = 64 - differing.leadingZeroBitCount
                let mask = span == 64 ? UInt64.max : (1 &<< UInt64(span)) &- 1
                return (mask, UInt64(Swift.max(0, span - KeySpans.digitBits)))
            }
            (mask0, shift0) = read(0)
            (mask1, shift1) = read(1)
            (mask2, shift2) = read(2)
        }

        /// How many bits of a key of class `c` are below those that chose
        /// its bucket: its value's, then (not text) its row's.
        func bitsBelow(class c: Int) -> Int {
            let value = Int(c == 0 ? shift0 : c == 1 ? shift1 : shift2)
            return c == Int(Class.text.rawValue) ? value : value + SortKeys.rowBits
        }

        @inline(__always)
        func bucket(_ entry: Entry, descending: Bool) -> Int {
            let value = descending ? ~entry.value : entry.value
            let digit: UInt64
            switch entry.cls {
            case 0: digit = (value & mask0) >> shift0
            case 1: digit = (value & mask1) >> shift1
            default: digit = (value & mask2) >> shift2
            }
            return Int(entry.cls) << KeySpans.digitBits | Int(digit)
        }
    }
}
