import RowboatSpec
/// Finds the elements of the list at a path in JSON text that arrives in
/// pieces, so a huge response can be mapped while it is still arriving.
///
/// `feed` takes the next bytes and hands back the elements completed so
/// far as one JSON array text (`[e1,e2,…]`, the elements' own bytes), ready
/// for the parser; the scanner then forgets them. Everything outside the
/// list's elements is kept as the *skeleton*: the document with the list
/// written as `[]` (the envelope's totals, cursors and success flag), to be
/// parsed once the body is complete. It checks only brackets, strings and
/// the path; the parser checks the rest.
///
/// The path may hold keys and non-negative indices. A path that leads to
/// something other than an array (or, for a keyed list, an object; or to
/// nothing) streams nothing: then the skeleton is the whole body. A keyed
/// list's members are handed out as one object text (`{"k1":v1,…}`).
///
/// Memory follows the elements, not the body: a string longer than
/// `JSONTapeNode.textLimit` keeps only its start (`JSONStringCut`), and a
/// number or word longer than that stops the scan (`longScalar`).
public struct JSONListScanner: Sendable {
    let steps: [JSONPath.Step]
    /// The list may be an object whose members are the elements.
    let keyed: Bool
    /// The list found is such an object.
    var listIsObject = false
    /// The unscanned and the kept-back bytes; `base` is the offset of the first.
    var buffer: [UInt8] = []
    var base = 0
    /// Offset of the next byte to scan.
    var position = 0
    var skeleton: [UInt8] = []
    /// Offset from which bytes still go to the skeleton (nil: inside the list).
    var skeletonFrom: Int? = 0

    var frames: [Frame] = []
    var strings = JSONStringScan()
    var inScalar = false
    /// Where the string being scanned began (its opening quote).
    var stringStart = 0
    /// Frames deep the list's elements are (nil until the list is found).
    var listDepth: Int?
    var listClosed = false
    /// Offsets of the first element not yet handed out and of the end of
    /// the last complete one.
    var pendingStart: Int?
    var pendingEnd: Int?
    /// Complete elements not yet handed out.
    var pendingCount = 0
    /// How many elements the last text handed out holds.
    public private(set) var takenCount = 0
    /// Where the element being scanned began.
    var elementStart: Int?
    /// Containers nested deeper than `JSONDepthLimit.maxDepth` were seen.
    public private(set) var tooDeep = false
    /// A number (or other unquoted word) longer than
    /// `JSONTapeNode.textLimit` was seen: the scan stopped there.
    public private(set) var longScalar = false
    /// Where the string being scanned is cut (see `cutLongString`), once
    /// it is longer than the limit.
    var stringCut: Int?
    /// Where the scalar being scanned began.
    var scalarStart = 0
    /// Elements handed out so far.
    public private(set) var elementCount = 0
    /// Complete elements are handed out once they hold at least this many
    /// bytes (the first as soon as there is one, the rest at `finish`): a
    /// row writer then takes chunks big enough to share among the cores.
    public var holdBack = 0
    /// Whether any element was handed out yet.
    var handedOut = false
    /// The last complete element's bytes (paging cursors read it).
    public private(set) var lastElement: [UInt8]?
    /// Where the last element completed in this piece is in the buffer:
    /// copied into `lastElement` once a piece, not once an element.
    var lastElementRange: Range<Int>?

    struct Frame: Sendable {
        var isObject: Bool
        /// This container is at the path's first `matched` steps.
        var onPath: Bool
        var matched: Int
        /// Objects: the next string is a key.
        var expectingKey: Bool
        /// Objects: the current key is the path's next step.
        var keyMatches = false
        /// Arrays: the index of the current element.
        var index = 0
    }

    /// Nil when `path` has `[*]` or a negative index (they cannot stream).
    /// With `keyed`, an object at the path is the list too.
    public init?(path: JSONPath, keyed: Bool = false) {
        for step in path.steps {
            switch step {
            case .wildcard: return nil
            case .index(let i) where i < 0: return nil
            default: continue
            }
        }
        steps = path.steps
        self.keyed = keyed
    }

    /// True once the list was found: its elements stream.
    public var foundList: Bool { listDepth != nil }

    /// Scans `bytes`; returns the elements completed in them (with any
    /// left from before) as one JSON array text (an object text for a
    /// keyed list), or nil when none were.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard !longScalar else { return nil }
        buffer.append(contentsOf: bytes)
        scanBuffer()
        cutLongString()
        return takeElements(holding: true)
    }

    /// A string longer than `JSONTapeNode.textLimit` keeps its first bytes
    /// only (`JSONStringCut`): past the cut, what was scanned is dropped up
    /// to the last whole character or escape, as it comes (the scanner never
    /// needs it: a key that long is no key of the path), so one huge string
    /// costs the limit and a piece, not its length.
    mutating func cutLongString() {
        guard strings.inString, position - (stringStart + 1) > JSONTapeNode.textLimit else { return }
        let base = self.base, textStart = stringStart + 1 - base, scanned = position - base
        let cut = stringCut ?? base + buffer.withUnsafeBufferPointer { bytes in
            JSONStringCut.lastBoundary(in: bytes, from: textStart, to: textStart + JSONTapeNode.textLimit)
        }
        stringCut = cut
        let end = base + buffer.withUnsafeBufferPointer { JSONStringCut.lastBoundary(in: $0, from: cut - base, to: scanned) }
        guard end > cut else { return }
        buffer.removeSubrange((cut - base)..<(end - base))
        position -= end - cut
    }

    /// After the last bytes: the skeleton, and the elements still pending
    /// (a scalar at the very end completes here).
    public mutating func finish() -> (elements: [UInt8]?, skeleton: [UInt8]) {
        if inScalar { endScalar(at: position) }
        let elements = takeElements()
        if let from = skeletonFrom, from < base + buffer.count {
            skeleton.append(contentsOf: buffer[(max(from, base) - base)...])
        }
        return (elements, skeleton)
    }

    /// Scans the buffer from `position`: the inside of a string eight bytes
    /// at a time (`JSONStringScan.skip`), a number or word and a run of
    /// whitespace in tight loops of their own, and every other byte (the
    /// brackets, commas, colons and quotes that shape the document) through
    /// the switch. Off the path (inside an element) commas, colons, words
    /// and whitespace change nothing, so a run of them is passed over at
    /// once (`bracketOrQuote`) when it ends in these bytes and as the byte
    /// by byte scan would end it: no word in it runs into the bracket or
    /// quote, and none is longer than the limit.
    mutating func scanBuffer() {
        // A second reference to the storage: the loop reads it while the
        // scanner's own state changes.
        let scanned = buffer
        scanned.withUnsafeBufferPointer { bytes in
            let base = self.base, count = bytes.count
            var at = position - base
            // Whether a comma, colon, key or value here changes anything:
            // only in a container on the path (the list's included; one
            // inside an element is not).
            var onPath = frames.last?.onPath ?? false
            // The string and word state in locals, stored once the loop
            // ends (nothing called from it reads them).
            var strings = self.strings, inScalar = self.inScalar
            defer {
                self.strings = strings
                self.inScalar = inScalar
            }
            // Where a run may be passed over again (after one that could not).
            var passFrom = 0
            while at < count {
                if strings.inString {
                    guard let quote = strings.skip(bytes, from: at, to: count) else {
                        at = count
                        break
                    }
                    if onPath { endString(at: base + quote, bytes: bytes) }
                    at = quote + 1
                    continue
                }
                if inScalar {
                    // Its end, or where it passes the limit.
                    let stop = min(count, scalarStart - base + JSONTapeNode.textLimit)
                    at = Self.scalarEnd(in: bytes, from: at, to: stop)
                    if at == stop {
                        guard at < count else { break }
                        if !Self.endsScalar(bytes[at]) {
                            longScalar = true
                            break
                        }
                    }
                    inScalar = false
                    if onPath { endScalarElement(at: base + at) }
                }
                if !onPath, at >= passFrom {
                    let next = Self.bracketOrQuote(in: bytes, from: at, to: count)
                    if next < count, next - at <= JSONTapeNode.textLimit,
                       next == at || Self.endsScalar(bytes[next - 1]) || bytes[next] == UInt8(ascii: "]") || bytes[next] == UInt8(ascii: "}") {
                        at = next
                    } else {
                        // A word that runs into a quote or bracket, one that may
                        // be too long, or one the next piece may go on with:
                        // byte by byte, as far as this run goes.
                        passFrom = next + 1
                    }
                }
                let byte = bytes[at]
                switch byte {
                case 0x20, 0x0A, 0x0D, 0x09:
                    while at + 1 < count, Self.isSpace(bytes[at + 1]) { at += 1 }
                case UInt8(ascii: "\""):
                    if onPath { startValue(at: base + at) }
                    strings.open()
                    stringStart = base + at
                    stringCut = nil
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if onPath { startValue(at: base + at) }
                    open(isObject: byte == UInt8(ascii: "{"), at: base + at)
                    onPath = frames[frames.count - 1].onPath
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    close(at: base + at)
                    onPath = frames.last?.onPath ?? false
                case UInt8(ascii: ":"):
                    if onPath { frames[frames.count - 1].expectingKey = false }
                case UInt8(ascii: ","):
                    if onPath {
                        let last = frames.count - 1
                        if frames[last].isObject {
                            frames[last].expectingKey = true
                            frames[last].keyMatches = false
                        } else {
                            frames[last].index += 1
                        }
                    }
                default:
                    if onPath { startValue(at: base + at) }
                    inScalar = true
                    scalarStart = base + at
                }
                at += 1
            }
            position = base + at
        }
    }

    /// A value (not a key) starts at `at`: inside the list, an element does.
    mutating func startValue(at: Int) {
        if let depth = listDepth, !listClosed, frames.count == depth, elementStart == nil {
            elementStart = at
        }
    }

    /// The element that started at `elementStart` ends before `end`.
    mutating func endElement(_ end: Int) {
        guard let start = elementStart else { return }
        if pendingStart == nil { pendingStart = start }
        pendingEnd = end
        pendingCount += 1
        elementStart = nil
        elementCount += 1
        lastElementRange = start..<end
    }

    mutating func endScalar(at: Int) {
        inScalar = false
        endScalarElement(at: at)
    }

    /// A number or word ended before `at`: inside the list, an element did.
    mutating func endScalarElement(at: Int) {
        if let depth = listDepth, !listClosed, frames.count == depth { endElement(at) }
    }

    mutating func endString(at: Int, bytes: UnsafeBufferPointer<UInt8>) {
        guard let last = frames.indices.last else { return }
        if frames[last].isObject && frames[last].expectingKey {
            let frame = frames[last]
            if frame.onPath, frame.matched < steps.count, case .key(let wanted) = steps[frame.matched] {
                frames[last].keyMatches = Self.key(bytes[(stringStart - base + 1)..<(at - base)], is: wanted)
            }
            return
        }
        if let depth = listDepth, !listClosed, frames.count == depth { endElement(at + 1) }
    }

    /// True when the raw key text (escapes not yet decoded) reads `wanted`.
    static func key(_ raw: Slice<UnsafeBufferPointer<UInt8>>, is wanted: String) -> Bool {
        if !raw.contains(UInt8(ascii: "\\")) { return raw.elementsEqual(wanted.utf8) }
        let quoted = [UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]
        return (try? JSONTape.tree(quoted[...])) == .string(wanted)
    }

    mutating func open(isObject: Bool, at: Int) {
        var onPath = frames.isEmpty
        var matched = 0
        if let parent = frames.last, parent.onPath, parent.matched < steps.count {
            switch steps[parent.matched] {
            case .key: onPath = parent.isObject && parent.keyMatches
            case .index(let i): onPath = !parent.isObject && parent.index == i
            case .wildcard: onPath = false
            }
            matched = parent.matched + 1
        }
        frames.append(Frame(isObject: isObject, onPath: onPath, matched: matched, expectingKey: isObject))
        if frames.count > JSONDepthLimit.maxDepth { tooDeep = true }
        if onPath, matched == steps.count, !isObject || keyed, listDepth == nil {
            // The list: what follows up to its closing bracket streams.
            listDepth = frames.count
            listIsObject = isObject
            skeleton.append(contentsOf: buffer[(skeletonFrom! - base)...(at - base)])
            skeletonFrom = nil
        }
    }

    mutating func close(at: Int) {
        guard !frames.isEmpty else { return }
        if let depth = listDepth, !listClosed, frames.count == depth {
            // The list's closing bracket: the skeleton goes on from here.
            listClosed = true
            skeletonFrom = at
        }
        frames.removeLast()
        if let depth = listDepth, !listClosed, frames.count == depth { endElement(at + 1) }
    }

    /// The complete elements not yet handed out, as `[…]`; drops the bytes
    /// no longer needed.
    /// (`holding`: not while they are fewer than `holdBack` bytes.)
    mutating func takeElements(holding: Bool = false) -> [UInt8]? {
        var out: [UInt8]?
        if let range = lastElementRange {
            lastElement = Array(buffer[(range.lowerBound - base)..<(range.upperBound - base)])
            lastElementRange = nil
        }
        let held = holding && handedOut && (pendingStart.map { pendingEnd! - $0 < holdBack } ?? false)
        if !held, let start = pendingStart, let end = pendingEnd {
            handedOut = true
            var array = [UInt8]()
            array.reserveCapacity(end - start + 2)
            array.append(UInt8(ascii: listIsObject ? "{" : "["))
            array.append(contentsOf: buffer[(start - base)..<(end - base)])
            array.append(UInt8(ascii: listIsObject ? "}" : "]"))
            out = array
            pendingStart = nil
            pendingEnd = nil
            takenCount = pendingCount
            pendingCount = 0
        }
        // Keep what is still needed: the element being scanned, the string
        // being scanned (a key's text is compared when it ends), and what
        // the skeleton has not copied yet.
        var keep = position
        if let start = elementStart { keep = min(keep, start) }
        if held, let start = pendingStart { keep = min(keep, start) }
        if strings.inString { keep = min(keep, stringStart) }
        if let from = skeletonFrom, from < keep {
            skeleton.append(contentsOf: buffer[(from - base)..<(keep - base)])
            skeletonFrom = keep
        }
        if keep > base {
            buffer.removeFirst(keep - base)
            base = keep
        }
        return out
    }
}
