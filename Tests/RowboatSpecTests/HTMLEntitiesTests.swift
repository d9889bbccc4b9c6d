import Testing
@testable import RowboatSpec

@Suite("HTMLEntities")
struct HTMLEntitiesTests {
    @Test func decodesNamedDecimalAndHex() {
        #expect(HTMLEntities.decode("Tom &amp; Jerry&#39;s &#x4E2D;&#X6587;") == "Tom & Jerry's 中文")
        #expect(HTMLEntities.decode("&lt;b&gt; &quot;q&quot; &hellip; &euro;5") == "<b> \"q\" … €5")
        #expect(HTMLEntities.decode("&#128640;") == "🚀")
    }

    @Test func leavesOtherAmpersandsAlone() {
        #expect(HTMLEntities.decode("AT&T") == "AT&T")
        #expect(HTMLEntities.decode("a & b") == "a & b")
        #expect(HTMLEntities.decode("&bogus; &amp") == "&bogus; &amp")
        #expect(HTMLEntities.decode("&#xD800;") == "&#xD800;")
        #expect(HTMLEntities.decode("&#xZZ;") == "&#xZZ;")
        #expect(HTMLEntities.decode("plain") == "plain")
    }

    @Test func decodesOnlyOnce() {
        #expect(HTMLEntities.decode("&amp;lt;") == "&lt;")
        #expect(HTMLEntities.decode("&&amp;") == "&&")
    }
}
