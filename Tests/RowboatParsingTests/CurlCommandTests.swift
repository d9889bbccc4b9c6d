import Testing
@testable import RowboatParsing
@testable import RowboatSpec

/// `config import --curl`: a pasted curl command read as data — words
/// split as a POSIX shell splits them, the flags people paste understood,
/// and nothing expanded or run.
@Suite struct CurlCommandTests {
    @Test func theFlagsPeoplePaste() throws {
        let curl = try CurlCommand.parse("""
            curl 'https://api.example.com/v1/items?per_page=20' \\
              -H 'Accept: application/json' \\
              -H "Authorization: Bearer abc.def" \\
              --compressed -sSL
            """)
        #expect(curl == CurlCommand(url: "https://api.example.com/v1/items?per_page=20", method: "GET",
                                    headers: [("Accept", "application/json"), ("Authorization", "Bearer abc.def")],
                                    user: nil, body: nil))
        let post = try CurlCommand.parse(#"curl -X post https://x.org/search -u me:pw --data-raw '{"q": "lamp"}' -d page=2"#)
        #expect(post.method == "POST" && post.user == "me:pw" && post.body == #"{"q": "lamp"}&page=2"#)
        let get = try CurlCommand.parse("curl -G https://x.org/items?a=1 -d b=2 --data c=3")
        #expect(get.method == "GET" && get.url == "https://x.org/items?a=1&b=2&c=3" && get.body == nil)
        let attached = try CurlCommand.parse("curl --url=https://x.org/a -HX-Key:v --header=Y:\\ z -A agent/1 -b sid=1")
        #expect(attached.url == "https://x.org/a")
        #expect(attached.headers.map { "\($0.name)=\($0.value)" } == ["X-Key=v", "Y=z", "User-Agent=agent/1", "Cookie=sid=1"])
        #expect(try CurlCommand.parse("curl example.org/list").url == "http://example.org/list")
    }

    @Test func aBrowsersCopyAsCurlWithCEscapes() throws {
        let curl = try CurlCommand.parse(#"curl $'https://x.org/items?q=caf\u00e9' -H $'X-Note: it\'s\ttabbed' -H 'Cookie: a=1; b=2'"#)
        #expect(curl.url == "https://x.org/items?q=café")
        #expect(curl.headers[0].value == "it's\ttabbed")
        #expect(curl.headers[1].value == "a=1; b=2")
    }

    @Test func wordsSplitAsAShellSplitsThemAndNothingIsExpanded() throws {
        #expect(try ShellSplit.words(#"a 'b c' "d \"e\" \$f" g\ h $'i\nj' "k"'l'm"#)
                == ["a", "b c", #"d "e" $f"#, "g h", "i\nj", "klm"])
        #expect(try ShellSplit.words("one \\\n two\\\r\nthree") == ["one", "twothree"])
        // Substitutions, backticks, variables and separators are text.
        #expect(try ShellSplit.words("x $(rm -rf ~) `id` $HOME ${PATH} a;b c|d e&&f")
                == ["x", "$(rm", "-rf", "~)", "`id`", "$HOME", "${PATH}", "a;b", "c|d", "e&&f"])
        #expect(try ShellSplit.words(#""$(touch /tmp/x)""#) == ["$(touch /tmp/x)"])
    }

    @Test func mistakesAreOneLine() {
        let cases: [(String, String)] = [
            ("curl", "the curl command has no URL"),
            ("curl 'https://x.org", "a single quote is not closed"),
            ("curl https://x.org -H", "curl -H wants a value"),
            ("curl https://x.org -H nocolon", "curl -H wants 'Name: value', not \"nocolon\""),
            ("curl https://x.org -d @secrets.json", "curl -d @secrets.json reads a file: give the body inline"),
            ("curl https://x.org -o out.json", "curl option -o is not understood here (the import reads -H, -u, -d, -X, -G, "
             + "--compressed and --url)"),
            ("curl https://x.org/a; rm -rf ~", "curl option -rf is not understood here (the import reads -H, -u, -d, -X, -G, "
             + "--compressed and --url)"),
            ("curl https://x.org/a; touch /tmp/x", "the curl command has more than one URL (\"https://x.org/a;\", \"touch\", "
             + "\"/tmp/x\"); nothing in it is run by a shell"),
            ("curl https://x.org/a $(touch /tmp/x)", "the curl command has more than one URL (\"https://x.org/a\", \"$(touch\", "
             + "\"/tmp/x)\"); nothing in it is run by a shell"),
        ]
        for (command, message) in cases {
            #expect(throws: CurlCommand.Failure(message), "\(command)") { try CurlCommand.parse(command) }
        }
    }
}
