extension RowTable {
    /// The rows of `candidates` whose title, subtitle or searched text
    /// field contains `needle`, in the order given. ASCII text is searched
    /// where it lies in the pages, row after row; other text is read as a
    /// row and lowered (`RowModel.contains`).
    func rows(_ candidates: some Sequence<Int>, containing needle: SearchNeedle) -> [Int] {
        guard needle.ascii, !needle.isEmpty else { return candidates.filter { self[$0].contains(needle) } }
        var searched: [Bool] = [], starts: [Int] = []
        for shape in shapes {
            starts.append(searched.count)
            searched += shape.searchable
        }
        let pageBytes = pages.map(\.bytes)
        var found: [Int] = []
        needle.bytes.withUnsafeBufferPointer { wanted in
            searched.withUnsafeBufferPointer { searched in
                starts.withUnsafeBufferPointer { starts in
                    for row in candidates {
                        let ref = refs[row]
                        let hit = RowBytes.contains(wanted, pageBytes[Int(ref >> 32)], at: Int(ref & 0xFFFF_FFFF),
                                                    searched: searched, shapeStarts: starts)
                        if hit ?? self[row].contains(needle) { found.append(row) }
                    }
                }
            }
        }
        return found
    }
}
