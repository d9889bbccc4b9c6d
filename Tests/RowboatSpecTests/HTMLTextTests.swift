import Testing
@testable import RowboatSpec

@Suite("HTMLText and the html field type")
struct HTMLTextTests {
    @Test func tagsGoBreaksStayEntitiesDecode() {
        #expect(HTMLText.plain("<p>Hello <a href=\"https://x/?a=1&amp;b>2\">@bob</a><br>world &amp; more</p><p>Next</p>")
                == "Hello @bob\nworld & more\nNext")
        #expect(HTMLText.plain("<ul><li>one</li><li>two</li></ul>") == "one\ntwo")
        #expect(HTMLText.plain("a <b>bold</b>\n  text") == "a bold text")
        #expect(HTMLText.plain("&lt;script&gt; stays text") == "<script> stays text")
        #expect(HTMLText.plain("1 < 2 and 3 > 2") == "1 < 2 and 3 > 2")
        #expect(HTMLText.plain("Brass Lantern &#8211; notes") == "Brass Lantern – notes")
    }

    @Test func scriptsStylesAndCommentsAreDropped() {
        #expect(HTMLText.plain("a<script>alert('<p>x</p>')</script>b<style>p{}</style>c<!-- <p>hidden</p> -->d") == "abcd")
        #expect(HTMLText.plain("x</script>y") == "xy")
        #expect(HTMLText.plain("x<script>never closed") == "x")
        #expect(HTMLText.plain("x<!-- never closed") == "x")
        #expect(HTMLText.plain("<img src=x alt='a > b'>after") == "after")
        #expect(HTMLText.plain("<") == "<")
        #expect(HTMLText.plain("text <p") == "text")
    }

    @Test func theFieldTypeSanitizes() throws {
        let mapper = ItemMapper(mapping: ItemMapping(fields: [FieldSpec(name: "title", path: JSONPath("c")!, type: .html)]))
        let item = try mapper.map(.object(["c": .string("<p>Hi\u{1B}[2J <b>there</b></p><p>\u{202E}x</p>")]), index: 0,
                                  listPath: JSONPath("")!)
        #expect(item.values["title"] == .text("Hi[2J there x"))
        let empty = try mapper.map(.object(["c": .string("<p> </p>")]), index: 0, listPath: JSONPath("")!)
        #expect(empty.values["title"] == .missing)
    }
}
