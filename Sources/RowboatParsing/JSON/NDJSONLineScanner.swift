import Foundation
import RowboatSpec
/// Splits NDJSON text (one JSON value a line) that arrives in pieces into
/// its lines, so a body of many lines is mapped while it arrives and never
/// held whole: `feed` hands back the lines completed so far as one JSON
/// array text (`[line,line,…]`, blank lines left out) with each line's
/// number, then forgets them. A line's string longer than
/// `JSONTapeNode.textLimit` keeps only its start (`JSONStringCut`), and a
/// number (or other unquoted word) longer than that stops the scan
/// (`longScalar`), as in `JSONListScanner`. A line no longer than that
/// limit can hold neither, so only a longer line's strings are tracked:
/// the rest are found by `memchr` alone.
public struct NDJSONLineScanner: Sendable {
    /// Lines completed since the last batch, as array text.
    public struct Batch: Sendable {
        /// `[line,line,…]`.
        public var text: [UInt8]
        /// Where each line's value is in `text`, and its line number (from 1).
        public var lines: [(range: Range<Int>, number: Int)]
    }

    /// Lines are handed out once they hold at least this many bytes (the
    /// first as soon as there is one, the rest at `finish`): a row writer
    /// then takes batches big enough to share among the cores.
    public var holdBack = 0
    /// Whether any line was handed out yet.
    var handedOut = false
    /// The bytes of the line being scanned (and any cut out of its strings).
    var line: [UInt8] = []
    /// Bytes of `line` already scanned.
    var scanned = 0
    /// Lines ended so far, blank ones included.
    var lineCount = 0
    var strings = JSONStringScan()
    var stringStart = 0
    var stringCut: Int?
    /// Length of the unquoted word (a number, `true` …) being scanned.
    var scalarRun = 0
    var pending: Batch = Batch(text: [], lines: [])
    /// A number (or other unquoted word) longer than
    /// `JSONTapeNode.textLimit`: the scan stopped at it.
    public private(set) var longScalar = false
    /// Lines (or starts of lines) up to this many bytes are not scanned:
    /// they cannot hold a string or word longer than the limit. Tests set
    /// it lower to scan every line.
    var unscannedLength = JSONTapeNode.textLimit

    public init() {}

    /// Scans `bytes`; the lines they completed, or nil when none were.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Batch? {
        scan(bytes)
        // Held back while short (`holdBack`), but for the first.
        if handedOut, pending.text.count < holdBack { return nil }
        return take(more: true)
    }

    /// All the lines of a whole body as one batch (nil when there are
    /// none, or when a word is too long: see `longScalar`).
    public static func lines(of text: ArraySlice<UInt8>) -> Batch? {
        var scanner = NDJSONLineScanner()
        text.withUnsafeBytes { scanner.scan($0) }
        let batch = scanner.finish()
        return scanner.longScalar ? nil : batch
    }

    /// Adds the lines `bytes` complete to the batch. A line that begins and
    /// ends in these bytes is scanned and added where it is; only the
    /// start of a line the next bytes complete (or one whose string must be
    /// cut) is copied into `line`.
    mutating func scan(_ raw: UnsafeRawBufferPointer) {
        guard !longScalar, let base = raw.baseAddress else { return }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: raw.count)
        var start = 0
        while let newline = memchr(base + start, 0x0A, raw.count - start) {
            let end = base.distance(to: UnsafeRawPointer(newline))
            if line.isEmpty {
                // A whole line here, the scan fresh (the last line ended).
                let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if text.count <= unscannedLength {
                    add(text)
                    start = end + 1
                    continue
                }
                scanned = scanText(text, from: 0)
                if longScalar { return }
                if strings.inString, scanned - (stringStart + 1) > JSONTapeNode.textLimit {
                    // A string to cut: scanned again from the start in `line`.
                    strings = JSONStringScan()
                    scalarRun = 0
                    line.append(contentsOf: text)
                    scanned = 0
                    scanLine()
                    if longScalar { return }
                    endLine()
                } else {
                    add(text)
                    startLine()
                }
            } else {
                line.append(contentsOf: bytes[start..<end])
                scanLine()
                if longScalar { return }
                endLine()
            }
            start = end + 1
        }
        line.append(contentsOf: bytes[start...])
        scanLine()
    }

    /// After the last bytes: the lines not yet handed out (a last line
    /// without a newline included).
    public mutating func finish() -> Batch? {
        if !longScalar, line.contains(where: { !Self.isBlank($0) }) { endLine() }
        return take()
    }

    /// Tracks strings in the line's bytes not yet scanned, cutting a long
    /// one and noting a long word outside them (once the line is longer
    /// than `unscannedLength`: the scan then starts from its start).
    mutating func scanLine() {
        guard line.count > unscannedLength else { return }
        let text = line
        scanned = text.withUnsafeBufferPointer { scanText($0, from: scanned) }
        if longScalar { return }
        if strings.inString, scanned - (stringStart + 1) > JSONTapeNode.textLimit {
            let start = stringStart + 1
            let cut = stringCut ?? line.withUnsafeBufferPointer {
                JSONStringCut.lastBoundary(in: $0, from: start, to: start + JSONTapeNode.textLimit)
            }
            stringCut = cut
            let end = line.withUnsafeBufferPointer { JSONStringCut.lastBoundary(in: $0, from: cut, to: scanned) }
            if end > cut {
                line.removeSubrange(cut..<end)
                scanned -= end - cut
            }
        }
    }

    /// Tracks strings in `text` from `from` on (offsets in `text`, which
    /// is the line from its start): the inside of a string eight bytes at
    /// a time; outside, the length of the unquoted word, stopping at one
    /// too long (`longScalar`). Returns where the scan ended.
    mutating func scanText(_ text: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var at = from
        let end = text.count
        while at < end {
            if strings.inString {
                guard let quote = strings.skip(text, from: at, to: end) else { return end }
                at = quote + 1
                continue
            }
            let byte = text[at]
            if byte == UInt8(ascii: "\"") {
                strings.open()
                stringStart = at
                stringCut = nil
                scalarRun = 0
            } else if Self.endsWord(byte) {
                scalarRun = 0
            } else {
                // The rest of the word at once.
                let wordEnd = Self.wordEnd(in: text, from: at + 1, to: end)
                scalarRun += wordEnd - at
                if scalarRun > JSONTapeNode.textLimit {
                    longScalar = true
                    return wordEnd
                }
                at = wordEnd
                continue
            }
            at += 1
        }
        return at
    }

    /// A byte that ends an unquoted word: what ends a scalar
    /// (`JSONListScanner.endsScalar`), an opening bracket or a quote.
    @inline(__always)
    static func endsWord(_ byte: UInt8) -> Bool {
        JSONListScanner.endsScalar(byte) || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "\"")
    }

    /// The offset of the first byte in `text[from..<end]` that ends a word
    /// (`endsWord`), or `end`: eight bytes a word, as
    /// `JSONListScanner.scalarEnd`, with brackets as candidates too. (One
    /// loop for both, taking the candidates and the test as closures, ran
    /// 8–10% slower in `rowboat-bench scan`: the two stay apart.)
    @inline(__always)
    static func wordEnd(in text: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        guard let base = text.baseAddress else { return end }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var at = from
        while at + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
            // Below `-` (spaces, quote, comma), colons, and brackets and
            // braces either way: with bits 1 and 2 set, `[` and `]` (and Y
            // and _, sorted out below) read 0x5F, `{` and `}` (y, DEL) 0x7F.
            let colons = word ^ (ones &* 0x3A), brackets = (word | ones &* 0x06) ^ (ones &* 0x5F)
            let braces = (word | ones &* 0x06) ^ (ones &* 0x7F)
            let found = (word &- ones &* 0x2D) & ~word & highs | (colons &- ones) & ~colons & highs
                | (brackets &- ones) & ~brackets & highs | (braces &- ones) & ~braces & highs
            if found == 0 {
                at += 8
                continue
            }
            let first = at + found.trailingZeroBitCount >> 3
            if endsWord(base[first]) { return first }
            at = first + 1
        }
        while at < end, !endsWord(base[at]) { at += 1 }
        return at
    }

    /// The line in `line` is complete: adds it to the batch unless blank.
    mutating func endLine() {
        do {
            let text = line
            text.withUnsafeBufferPointer { add($0) }
        }
        line.removeAll(keepingCapacity: line.count < 1 << 16)
        startLine()
    }

    /// The scan state of a new line.
    mutating func startLine() {
        scanned = 0
        scalarRun = 0
        strings = JSONStringScan()
    }

    /// The line `text` (all of it) is complete: adds it to the batch unless
    /// blank.
    mutating func add(_ text: UnsafeBufferPointer<UInt8>) {
        lineCount += 1
        var from = 0, to = text.count
        // A UTF-8 byte order mark before the first line.
        if lineCount == 1, text.starts(with: [0xEF, 0xBB, 0xBF]) { from = 3 }
        while from < to, Self.isBlank(text[from]) { from += 1 }
        while to > from, Self.isBlank(text[to - 1]) { to -= 1 }
        if from < to {
            pending.text.append(pending.lines.isEmpty ? UInt8(ascii: "[") : UInt8(ascii: ","))
            let at = pending.text.count
            pending.text.append(contentsOf: UnsafeBufferPointer(rebasing: text[from..<to]))
            pending.lines.append((at..<pending.text.count, lineCount))
        }
    }

    /// The lines pending as a batch. (`more`: more bytes are to come, so
    /// the next batch is made room for at once, a quarter larger than this
    /// one: not grown a doubling at a time, each copying what it holds.)
    mutating func take(more: Bool = false) -> Batch? {
        guard !pending.lines.isEmpty else { return nil }
        handedOut = true
        var batch = pending
        batch.text.append(UInt8(ascii: "]"))
        pending = Batch(text: [], lines: [])
        if more {
            pending.text.reserveCapacity(batch.text.count + batch.text.count / 4)
            pending.lines.reserveCapacity(batch.lines.count + batch.lines.count / 4)
        }
        return batch
    }

    /// Space, tab or CR: what a blank line holds.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
