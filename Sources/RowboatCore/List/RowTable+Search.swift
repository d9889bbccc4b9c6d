import CPrefetch
import Foundation
import RowboatSpec

extension RowTable {
    /// Candidates from which a search is split over the processors.
    static let parallelSearchFrom = 65_536

    /// The rows of `candidates` (indices past the end are skipped) whose
    /// title, subtitle or searched text field contains `needle`, in the
    /// order given: the text is searched where it lies in the pages,
    /// without making rows; many candidates are split over the processors.
    /// `fields`: the text fields searched (those shown); nil: every one
    /// the detail shows.
    /// `stop`, asked every `stopEvery` candidates, ends the scan early.
    /// `first` is handed the answer's start as `SearchState.matches` says.
    func rows<C: RandomAccessCollection & Sendable>(_ candidates: C, containing needle: SearchNeedle,
                                                    fields: Set<String>? = nil,
                                                    stop: (@Sendable () -> Bool)? = nil,
                                                    first: (@Sendable ([Int]) -> Void)? = nil) -> [Int]
    where C.Element == Int, C.Index == Int {
        guard !needle.isEmpty else {
            // Every row matches: a range of rows at once (a million at `/`), not one by one.
            if let range = candidates as? Range<Int> { return Array(range.clamped(to: 0..<count)) }
            return candidates.filter(indices.contains)
        }
        let scan = RowScan(self, needle, fields: fields)
        // Many rows a sort moved: searched in the order they lie in the pages.
        let refs = refs
        if !isInNaturalOrder, let found = StorageOrder.scanIfMoved(
            candidates, total: count, from: Self.parallelSearchFrom, pageCount: pages.count, place: { refs[$0] },
            { places in Self.scan(scan.with(refs: places), 0..<places.count, stop: stop) }
        ) {
            return found
        }
        return Self.scan(scan, candidates, stop: stop, first: first)
    }

    /// `scan` of `candidates` split over the processors; with `stop` or
    /// `first`, in stretches: asking `stop` between them, and the first
    /// part handing `first` what it found once that is enough to show.
    private static func scan<C: RandomAccessCollection & Sendable>(_ scan: RowScan, _ candidates: C,
                                                                   stop: (@Sendable () -> Bool)?,
                                                                   first: (@Sendable ([Int]) -> Void)? = nil) -> [Int]
    where C.Element == Int, C.Index == Int {
        split(candidates, from: parallelSearchFrom) { part, out in
            guard stop != nil || first != nil else { return scan.rows(part, to: out) }
            // The first part's matches are the answer's start.
            var tell = part.startIndex == candidates.startIndex ? first : nil
            var found = 0
            var start = part.startIndex
            while start < part.endIndex, stop?() != true {
                let end = Swift.min(part.endIndex, start + Self.stopEvery)
                found += scan.rows(part[start..<end], to: out + found)
                start = end
                if let told = tell, found >= SearchState.firstShownMatches {
                    told(Array(UnsafeBufferPointer(start: out, count: found)))
                    tell = nil
                }
            }
            return found
        }
    }

    /// The fewest bytes of answers a part leaves unwritten (64 pages)
    /// whose pages it makes present before the move.
    static let presentGapBytes = 64 * PresentPages.pageSize

    /// How many candidates a stoppable search looks at between asking
    /// whether to stop (about a millisecond of rows).
    static let stopEvery = 32_768

    /// `scan` of `candidates`, in their order: from `threshold` candidates
    /// on, split in parts over the processors (at most 8), each part
    /// scanned on its own thread. Each part writes the rows it keeps
    /// (`scan` returns how many) straight into the answer, at the place of
    /// its first candidate; the parts are then moved together. (Joined
    /// from arrays of their own, the first key of a search of ten million
    /// rows copied 72 MB into new pages on one thread after both: 40 ms.)
    /// A part that keeps fewer than its candidates makes the pages it left
    /// unwritten present before the move that fills them.
    static func split<C: RandomAccessCollection & Sendable, Found: BitwiseCopyable>(
        _ candidates: C, from threshold: Int, _ scan: @Sendable (C.SubSequence, UnsafeMutablePointer<Found>) -> Int
    ) -> [Found] where C.Index == Int {
        let parts = Cores.parts(for: candidates.count, from: threshold)
        return [Found](unsafeUninitializedCapacity: Swift.max(1, candidates.count)) { buffer, initialized in
            let out = PartOutput(base: buffer.baseAddress!, counts: .allocate(capacity: parts))
            defer { out.counts.deallocate() }
            let total = candidates.count
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let stretch = Cores.stretch(part, of: parts, in: total)
                let from = candidates.startIndex + stretch.lowerBound, to = candidates.startIndex + stretch.upperBound
                let kept = scan(candidates[from..<to], out.base + stretch.lowerBound)
                out.counts[part] = kept
                // The pages this part left unwritten, which the later parts are moved onto: made present
                // now, while another part may still scan, not faulted in one by one by the move.
                if part + 1 < parts, (stretch.count - kept) * MemoryLayout<Found>.stride >= Self.presentGapBytes {
                    PresentPages.populate(out.base + stretch.lowerBound + kept,
                                          bytes: (stretch.count - kept) * MemoryLayout<Found>.stride)
                }
            }
            var filled = out.counts[0]
            for part in 1..<parts {
                let count = out.counts[part]
                let start = Cores.stretch(part, of: parts, in: total).lowerBound
                if filled != start, count > 0 {
                    memmove(out.base + filled, out.base + start, count * MemoryLayout<Found>.stride)
                }
                filled += count
            }
            initialized = filled
        }
    }
}

/// Where the parts of a split scan write: each its own range of `base`,
/// and its count.
private struct PartOutput<Found>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Found>
    let counts: UnsafeMutablePointer<Int>
}

/// What a search reads of a table: its pages' bytes and which fields of
/// each shape are searched. Valid while the table it was made from is
/// neither changed nor gone (pages never change once written).
private struct RowScan: @unchecked Sendable {
    let refs: RowRefs
    let pageBytes: [UnsafeBufferPointer<UInt8>]
    let searched: [Bool]
    let starts: [Int]
    let needle: SearchNeedle
    /// The most bytes from a row to the next candidate that are looked at
    /// as one (twice a row's mean length): past it, the bytes between
    /// may be mostly rows that are not candidates.
    let spanLimit: Int

    /// This scan of the rows at `refs` instead.
    func with(refs: RowRefs) -> RowScan {
        RowScan(refs: refs, pageBytes: pageBytes, searched: searched, starts: starts, needle: needle,
                spanLimit: spanLimit)
    }

    private init(refs: RowRefs, pageBytes: [UnsafeBufferPointer<UInt8>], searched: [Bool], starts: [Int],
                 needle: SearchNeedle, spanLimit: Int) {
        self.refs = refs
        self.pageBytes = pageBytes
        self.searched = searched
        self.starts = starts
        self.needle = needle
        self.spanLimit = spanLimit
    }

    init(_ table: RowTable, _ needle: SearchNeedle, fields: Set<String>?) {
        var searched: [Bool] = [], starts: [Int] = []
        for shape in table.shapes {
            starts.append(searched.count)
            searched += fields.map { fields in shape.names.map(fields.contains) } ?? shape.searchable
        }
        self.refs = table.refs
        self.pageBytes = table.pages.map(\.bytes)
        self.searched = searched
        self.starts = starts
        self.needle = needle
        spanLimit = Swift.max(64, 2 * pageBytes.reduce(0) { $0 + $1.count } / Swift.max(1, table.count))
    }

    /// The rows of `candidates` that hold the needle, written from `out`
    /// on; returns how many (at most one a candidate). A row's bytes are
    /// searched at once, a word at a time (`holds`): up to the next
    /// candidate when it follows closely in the same page, else up to the
    /// row's end, walked first (`holdsAlone`).
    func rows<C: RandomAccessCollection>(_ candidates: C, to out: UnsafeMutablePointer<Int>) -> Int
    where C.Element == Int, C.Index == Int {
        var found = 0
        needle.withBytes { needle in
            searched.withUnsafeBufferPointer { searched in
                starts.withUnsafeBufferPointer { starts in
                    refs.withUnsafeBufferPointer { refs in
                        let end = candidates.endIndex
                        /// The first candidate from `k` on that is a row of the table.
                        func row(from k: Int) -> Int {
                            var k = k
                            while k < end, candidates[k] < 0 || candidates[k] >= refs.count { k += 1 }
                            return k
                        }
                        var k = row(from: candidates.startIndex)
                        var place = k < end ? RowTable.place(of: refs[candidates[k]]) : (page: -1, at: 0)
                        while k < end {
                            let next = row(from: k + 1)
                            let nextPlace = next < end ? RowTable.place(of: refs[candidates[next]]) : (page: -1, at: 0)
                            // The bytes of a row some candidates on, asked for now: candidates far
                            // apart lie where no stride foretells them.
                            if k + Self.ahead < end, case let r = candidates[k + Self.ahead], r >= 0, r < refs.count {
                                let ahead = RowTable.place(of: refs[r])
                                if let base = pageBytes[ahead.page].baseAddress { rb_prefetch(base + ahead.at) }
                            }
                            let bytes = pageBytes[place.page]
                            let holds = needle.needle.ascii && nextPlace.page == place.page
                                && nextPlace.at > place.at && nextPlace.at - place.at <= spanLimit
                                && nextPlace.at + 8 < bytes.count
                                ? Self.holds(needle, bytes, row: place.at, before: nextPlace.at, searched, starts)
                                : Self.holdsAlone(needle, bytes, row: place.at, searched, starts)
                            if holds {
                                out[found] = candidates[k]
                                found += 1
                            }
                            k = next
                            place = nextPlace
                        }
                    }
                }
            }
        }
        return found
    }

    /// `holds` of a row with no candidate close after it: up to its end,
    /// walked first (out of the loop's way).
    @inline(never)
    private static func holdsAlone(_ needle: SearchNeedle.Bytes, _ bytes: UnsafeBufferPointer<UInt8>, row at: Int,
                                   _ searched: UnsafeBufferPointer<Bool>, _ starts: UnsafeBufferPointer<Int>) -> Bool {
        let end = RowBytes.end(bytes, row: at) { shape in
            (shape + 1 < starts.count ? starts[shape + 1] : searched.count) - starts[shape]
        }
        guard needle.needle.ascii, end + 8 < bytes.count else {
            return RowBytes.contains(needle, bytes, at: at, searched: searched, shapeStarts: starts)
        }
        return holds(needle, bytes, row: at, before: end, searched, starts)
    }

    /// How many candidates ahead a row's bytes are asked for.
    static let ahead = 12

    /// True when the row at `at` holds the (ASCII) needle, as
    /// `RowBytes.contains` tells: its bytes from its title up to `end`
    /// (where the next candidate or the row ends, 8 readable bytes on;
    /// bytes past the row are never taken for its own) are looked at
    /// sixteen at a time (`SearchNeedle.Words.step`) for the needle's
    /// first two bytes, and only a place that has them is placed in the
    /// row's parts (`RowBytes.hit`; one in the title there at once). A row
    /// with a character that may lower to ASCII, or an unsure match, is
    /// searched part by part.
    @inline(__always)
    private static func holds(_ needle: SearchNeedle.Bytes, _ bytes: UnsafeBufferPointer<UInt8>, row at: Int,
                              before end: Int, _ searched: UnsafeBufferPointer<Bool>,
                              _ starts: UnsafeBufferPointer<Int>) -> Bool {
        let base = UnsafeRawPointer(bytes.baseAddress!)
        let words = needle.needle.words, twoBytes = needle.bytes.count > 1
        var from = RowBytes.titleStart(bytes, row: at)
        // The title's text: a place in it is tried there, without walking the row again.
        var reader = RowBytes.Reader(bytes: bytes, at: from)
        let titleCount = Int(reader.number()), title = reader.at..<(reader.at + titleCount)
        while from < end {
            var step = words.step(bytes.baseAddress! + from, readable: bytes.count - from, twoBytes: twoBytes)
            let inRow = step.mask(first: end - from)
            step.places &= inRow
            step.tops &= inRow
            if step.mayLeadToASCII(base + from) {
                return RowBytes.contains(needle, bytes, at: at, searched: searched, shapeStarts: starts)
            }
            var resume = from + step.width
            while step.places != 0 {
                let place = from + step.next()
                let hit = title.contains(place) ? SearchNeedle.hit(needle.bytes, at: place, in: title, bytes)
                    : RowBytes.hit(needle, at: place, row: at, bytes, searched: searched, shapeStarts: starts)
                switch hit {
                case .match: return true
                case .unsure: return RowBytes.contains(needle, bytes, at: at, searched: searched, shapeStarts: starts)
                case .none(let after) where after == .max: return false
                case .none(let after) where after > place + 1:
                    // Past a part that is not searched: from there on.
                    resume = after
                    step.places = 0
                case .none: continue
                }
            }
            from = resume
        }
        return false
    }
}
