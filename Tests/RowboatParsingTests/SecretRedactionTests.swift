import Foundation
import Testing
@testable import RowboatSpec
@testable import RowboatParsing

/// Secrets in any of their forms never survive `SecretRedactor` (and so
/// `Sanitizer.clean`, which every shown text passes through).
@Suite("Secret redaction")
struct SecretRedactionTests {
    static let token = "tok_Q9x+7/pL2mZ=abc"

    /// Every way a server could send `secret` back.
    static func encodings(of secret: String) -> [String] {
        let bytes = Array(secret.utf8)
        var out = [secret,
                   secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!,
                   SecretForms.lowercasingHex(secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!),
                   secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!,
                   bytes.map { String(format: "%02x", $0) }.joined(),
                   bytes.map { String(format: "%02X", $0) }.joined(),
                   Data(bytes).base64EncodedString(),
                   Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                       .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: ""),
                   String(DoubleQuoted.literal(secret).dropFirst().dropLast()),
                   secret.replacingOccurrences(of: "/", with: "\\/")]
        // Inside longer base64: "Authorization: Bearer <secret>" encoded,
        // at each of the three alignments.
        for prefix in ["Bearer ", "Bearer  ", "Bearer   "] {
            out.append(Data((prefix + secret + " trailer").utf8).base64EncodedString())
        }
        return out
    }

    @Test func everyEncodingIsTakenOut() {
        let redactor = SecretRedactor(secrets: [Self.token])
        for form in Self.encodings(of: Self.token) {
            let text = "credentials rejected: Authorization=\(form); try again"
            let out = redactor.redact(text)
            #expect(!out.contains(form), "\(form) survived: \(out)")
            #expect(out.hasPrefix("credentials rejected: Authorization="), "\(out)")
            #expect(out.contains(SecretRedactor.mark))
        }
    }

    @Test func base64InsideALongerRunLeavesNoUsablePiece() {
        let redactor = SecretRedactor(secrets: [Self.token])
        for prefix in ["a", "ab", "abc", "user:"] {
            let blob = Data((prefix + Self.token).utf8).base64EncodedString()
            let out = redactor.redact("header \(blob) end")
            // What is left of the blob is at most the characters that mix
            // the prefix's bytes or the padding: never a run that decodes
            // to part of the token.
            let left = out.replacingOccurrences(of: "header ", with: "").replacingOccurrences(of: " end", with: "")
                .replacingOccurrences(of: SecretRedactor.mark, with: "")
            #expect(left.count <= 12, "\(prefix): \(out)")
        }
    }

    @Test func piecesLeftByACutAreTakenOut() {
        let secret = "sk_live_4eC39HqLyjWDarjtT1zdp7dc"
        let redactor = SecretRedactor(secrets: [secret])
        // Cut at the end (a message capped at a length), at the start (a
        // wrapped line's continuation), and a middle line of a wrap.
        let end = "error: token " + String(secret.prefix(14))
        #expect(redactor.redact(end) == "error: token ***")
        let start = String(secret.suffix(12)) + " was refused"
        #expect(redactor.redact(start) == "*** was refused")
        let middle = String(Array(secret)[8..<24])
        #expect(redactor.redact(middle) == "***")
        // Short pieces that any text could hold stay.
        #expect(redactor.redact("error: sk_li") == "error: sk_li")
    }

    /// A piece counts when it carries six bytes of the secret: six
    /// characters as written, twelve hex digits, eight base64 characters.
    /// Shorter runs of hex digits are in every list of numbers (a property
    /// test once found a price shown as *** because six of its digits lay
    /// inside a token's hex form).
    @Test func piecesCountByTheBytesOfTheSecretTheyCarry() {
        let secret = "sYpz-0a1b2c3d4e5f"
        let redactor = SecretRedactor(secrets: [secret])
        let hex = Array(secret.utf8).map { String(format: "%02x", $0) }.joined()
        #expect(hex.hasPrefix("73597"))
        for length in 6..<12 {
            let inside = String(Array(hex)[1..<(1 + length)])
            #expect(redactor.redact(inside) == inside, "\(inside)")
            #expect(redactor.redact("total " + String(hex.prefix(length))) == "total " + String(hex.prefix(length)))
        }
        #expect(redactor.redact(String(Array(hex)[1..<13])) == SecretRedactor.mark)
        #expect(redactor.redact("total " + String(hex.prefix(12))) == "total ***")
        let base64 = Data(secret.utf8).base64EncodedString()
        #expect(redactor.redact("id " + String(base64.prefix(7))) == "id " + String(base64.prefix(7)))
        #expect(redactor.redact("id " + String(base64.prefix(8))) == "id ***")
        // As written, six characters are enough.
        #expect(redactor.redact("key " + String(secret.prefix(6))) == "key ***")
    }

    /// With tokens registered, numbers a page holds are shown as they are:
    /// forty random tokens, fifty thousand random numbers of six to twelve
    /// digits, none taken out.
    @Test func numbersAreNotTakenForPiecesOfATokensEncodings() {
        var rng = SplitMix(seed: 359_707)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        let tokens = (0..<40).map { _ in String(decoding: (0..<40).map { _ in alphabet[Int(rng.next() % 62)] }, as: UTF8.self) }
        let redactor = SecretRedactor(secrets: tokens)
        var taken: [String] = []
        for _ in 0..<50_000 {
            let digits = String((0..<(6 + Int(rng.next() % 7))).map { _ in Character(String(rng.next() % 10)) })
            let number = rng.next() % 2 == 0 ? digits : digits + "." + String(rng.next() % 100)
            if redactor.redact(number) != number { taken.append(number) }
        }
        #expect(taken.isEmpty, "\(taken.prefix(5))")
    }

    @Test func textWithoutSecretsIsUntouched() {
        let redactor = SecretRedactor(secrets: [Self.token, "hunter2-password"])
        for text in ["Brass Lantern", "青花瓷茶杯 Teacup", "Rocket 🚀 Launcher", "", "tok", "€84.48"] {
            #expect(redactor.redact(text) == text)
        }
        #expect(SecretRedactor().redact("anything tok_Q9x+7/pL2mZ=abc") == "anything tok_Q9x+7/pL2mZ=abc")
    }

    @Test func bytesAreRedactedWhole() {
        let redactor = SecretRedactor(secrets: ["k y", Self.token])
        let body = Array(#"{"msg":"bad key k%20y for tok_Q9x+7/pL2mZ=abc"}"#.utf8)
        #expect(String(decoding: redactor.redact(bytes: body), as: UTF8.self) == #"{"msg":"bad key *** for ***"}"#)
        #expect(redactor.contains(bytes: body))
        #expect(!redactor.contains(bytes: Array("nothing here".utf8)))
    }

    /// What the old per-call-site scrubbing promised, now said by the one step.
    @Test func queryKeysAndTokensInErrorLines() {
        let redactor = SecretRedactor(secrets: ["k y", "tok123"])
        #expect(redactor.redact("failed for https://h/x?key=k%20y and k y") == "failed for https://h/x?key=*** and ***")
        #expect(redactor.redact("token tok123 leaked") == "token *** leaked")
    }

    @Test func sanitizerRedactsBeforeItCapsAndAfterItStrips() {
        let secret = "zq8-Secret-Value-77x"
        Secrets.register([secret])
        // Split by an invisible character: found once it is gone.
        #expect(Sanitizer.clean("a zq8-Secret\u{200B}-Value-77x b") == "a *** b")
        // Cut by the cap: the piece left is taken out too.
        let capped = Sanitizer.clean("error zq8-Secret-Value-77x", limit: 15)
        #expect(!capped.contains("zq8-Sec"), "\(capped)")
        // A line break inside the secret, flattened by the sanitizer.
        let broken = "ok\r\nX-Injected: zz-9911"
        Secrets.register([broken])
        #expect(!Sanitizer.clean("invalid header value ok\r\nX-Injected: zz-9911").contains("zz-9911"))
        #expect(!Sanitizer.clean(#"invalidHeaderFieldValues(["ok\r\nX-Injected: zz-9911"])"#).contains("zz-9911"))
    }

    @Test func credentialNames() {
        for name in ["Authorization", "X-Api-Key", "api_key", "apiKey", "key", "access_token", "X-Auth-Token",
                     "client_secret", "password", "Cookie", "X-Session-Id", "sig", "appid", "Proxy-Authorization"] {
            #expect(CredentialNames.isCredential(name), "\(name)")
        }
        for name in ["Accept", "sortKey", "page", "X-Idempotency-Key", "User-Agent", "q", "per_page", "keyword"] {
            #expect(!CredentialNames.isCredential(name), "\(name)")
        }
        #expect(CredentialNames.secrets(inHeaderValue: "Bearer abc.def") == ["Bearer abc.def", "abc.def"])
        let basic = "Basic " + Data("me:pa55word".utf8).base64EncodedString()
        #expect(CredentialNames.secrets(inHeaderValue: basic).contains("pa55word"))
    }

    @Test func configSecretsCoverAuthCredentialHeadersAndEnvironmentValues() throws {
        let yaml = """
        server: https://api.example.org
        communication:
          headers:
            X-Api-Key: literal-key-123
            X-Trace: ${TRACE}
            Accept: application/json
        auth: {type: bearer, token: "${TOKEN}"}
        interfaces:
          items:
            url: /items
            title: ${TITLE}
            params: {access_token: static-tok-9, q: "${QUERY}"}
            item: {id: id, title: name}
        """
        let env = ["TOKEN": "env-token-abc", "TRACE": "trace-value-1", "TITLE": "Shown Title", "QUERY": "query-value-2"]
        let config = try ConfigLoader.parse(yaml, file: "t.yaml", environment: env)
        #expect(Set(config.secrets.values) == ["env-token-abc", "literal-key-123", "trace-value-1", "static-tok-9",
                                        "query-value-2"])
    }

    @Test func headerValuesThatWouldSplitARequestAreRefusedWithoutShowingThem() {
        let yaml = """
        server: https://api.example.org
        communication:
          headers: {X-Key: "${KEY}"}
        interfaces:
          items: {url: /items, item: {id: id, title: name}}
        """
        do {
            _ = try ConfigLoader.parse(yaml, file: "t.yaml", environment: ["KEY": "ok\r\nX-Injected: s3cr3t-value"])
            Issue.record("a header value with CR/LF was accepted")
        } catch {
            #expect(error.description.hasPrefix("t.yaml:3:"))
            #expect(error.description.contains("communication.headers.X-Key"))
            #expect(error.description.contains("line break"))
            #expect(!error.description.contains("s3cr3t"))
        }
    }

    /// Random messages with a random secret in a random encoding, at a
    /// random place, cut or not: the secret never comes out whole.
    @Test func randomMessagesNeverShowTheSecret() {
        var rng = SplitMix(seed: 0x5EC2E7)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/=:@!$ %")
        let filler = Array("lorem ipsum dolor sit amet, consectetur {}[]\"<>é青🚀\n\t")
        for _ in 0..<400 {
            let length = 8 + Int(rng.next() % 40)
            let secret = String((0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            let redactor = SecretRedactor(secrets: [secret])
            let forms = Self.encodings(of: secret)
            let form = forms[Int(rng.next() % UInt64(forms.count))]
            let before = String((0..<Int(rng.next() % 30)).map { _ in filler[Int(rng.next() % UInt64(filler.count))] })
            let after = String((0..<Int(rng.next() % 30)).map { _ in filler[Int(rng.next() % UInt64(filler.count))] })
            let message = before + form + after
            let out = redactor.redact(message)
            #expect(!out.contains(secret), "secret \(secret) in \(out)")
            #expect(!out.contains(form), "form \(form) of \(secret) in \(out)")
        }
    }

    /// The pieces a cut leaves, found with memchr, are those a plain look
    /// at every length finds: random texts cut from a secret's forms, with
    /// spaces and other bytes around, over a small alphabet (so that the
    /// forms' first and last bytes recur).
    @Test func piecesAreTheOnesEveryLengthWouldFind() {
        var rng = SplitMix(seed: 0xC0FFEE)
        let alphabet = Array("abcab=+ ".utf8)
        for _ in 0..<2_000 {
            let secret = String(decoding: (0..<(6 + Int(rng.next() % 20))).map { _ in alphabet[Int(rng.next() % 7)] }, as: UTF8.self)
            let redactor = SecretRedactor(secrets: [secret])
            let form = redactor.forms[Int(rng.next() % UInt64(redactor.forms.count))].bytes
            let start = Int(rng.next() % UInt64(form.count)), end = start + Int(rng.next() % UInt64(form.count - start + 1))
            let noise = { (0..<Int(rng.next() % 6)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] } }
            let text = noise() + form[start..<end] + noise()
            let found = text.withUnsafeBufferPointer { redactor.pieces(in: $0) }
            #expect(found == Self.plainPieces(text, redactor.forms), "\(String(decoding: text, as: UTF8.self))")
        }
    }

    /// `SecretRedactor.pieces` by comparing every length, longest first.
    static func plainPieces(_ text: [UInt8], _ forms: [SecretForms.Form]) -> [Range<Int>] {
        var first = 0, last = text.count
        while first < last, text[first] == 0x20 { first += 1 }
        while last > first, text[last - 1] == 0x20 { last -= 1 }
        let length = last - first
        var out: [Range<Int>] = []
        for entry in forms where entry.bytes.count > entry.leastPiece && length >= entry.leastPiece {
            let form = entry.bytes, least = entry.leastPiece
            let longestTail = min(form.count - 1, length)
            if longestTail >= least {
                if let k = stride(from: longestTail, through: least, by: -1).first(where: { Array(text[(last - $0)..<last]) == Array(form[0..<$0]) }) {
                    out.append((last - k)..<last)
                }
                if let k = stride(from: longestTail, through: least, by: -1)
                    .first(where: { Array(text[first..<(first + $0)]) == Array(form[(form.count - $0)...]) }) {
                    out.append(first..<(first + k))
                }
            }
            if length < form.count, (0...(form.count - length)).contains(where: { Array(form[$0..<($0 + length)]) == Array(text[first..<last]) }) {
                out.append(first..<last)
            }
        }
        return out
    }
}

/// A small seeded generator, so a failing case can be run again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
