import RowboatSpec

// libFuzzer target: the text sanitizer and the measuring that follows it.
// Any bytes, as UTF-8 text, with a length cap taken from the first byte:
// the result must be clean, within the cap, stable under a second pass, and
// fit the width it is truncated to. A broken promise is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSanitizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let first = bytes.first else { return 0 }
    let limit = Int(first % 64) + 1
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)

    let cleaned = Sanitizer.clean(text, limit: limit)
    require(cleaned.count <= limit, "longer than the cap")
    // (isClean's cap counts scalars, clean's counts characters: compare content only.)
    require(Sanitizer.isClean(cleaned, limit: .max), "not clean after cleaning")
    require(Sanitizer.clean(cleaned, limit: limit) == cleaned, "a second pass changed it")
    for scalar in cleaned.unicodeScalars {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            fatalError("control or bidi scalar U+\(String(scalar.value, radix: 16)) kept")
        default: break
        }
    }
    let full = Sanitizer.clean(text)
    require(full.count <= Sanitizer.defaultLimit)

    let width = Int(first % 40)
    let fitted = TextFit.truncate(cleaned, to: width)
    require(DisplayWidth.of(fitted) <= width, "truncated text wider than \(width)")
    return 0
}
