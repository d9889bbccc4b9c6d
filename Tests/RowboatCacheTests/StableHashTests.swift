import Testing
@testable import RowboatCache

/// The hex names of cache files and image rows never change between
/// versions (an existing cache keeps working): 64-bit FNV-1a, 16 lowercase
/// hex digits, zero-padded.
@Suite struct StableHashTests {
    @Test func theHexIsFNV1aIn16LowercaseDigits() {
        #expect(StableHash.hex("") == "cbf29ce484222325")
        #expect(StableHash.hex("a") == "af63dc4c8601ec8c")
        #expect(StableHash.hex("http://127.0.0.1/x.png") == "de89945055256362")
        #expect(StableHash.hex("u57260") == "00f9259ae7c3d118", "zero-padded")
    }
}
