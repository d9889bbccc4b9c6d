extension RowTable {
    /// The rows of `candidates` whose title, subtitle or searched text
    /// field contains `needle`, in the order given: the text is searched
    /// where it lies in the pages, row after row, without making rows.
    func rows(_ candidates: some Sequence<Int>, containing needle: SearchNeedle) -> [Int] {
        guard !needle.isEmpty else { return Array(candidates) }
        var searched: [Bool] = [], starts: [Int] = []
        for shape in shapes {
            starts.append(searched.count)
            searched += shape.searchable
        }
        let pageBytes = pages.map(\.bytes)
        var found: [Int] = []
        searched.withUnsafeBufferPointer { searched in
            starts.withUnsafeBufferPointer { starts in
                for row in candidates {
                    let ref = refs[row]
                    if RowBytes.contains(needle, pageBytes[Int(ref >> 32)], at: Int(ref & 0xFFFF_FFFF),
                                         searched: searched, shapeStarts: starts) {
                        found.append(row)
                    }
                }
            }
        }
        return found
    }
}
