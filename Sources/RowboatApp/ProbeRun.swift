import Foundation
import RowboatNetwork
import RowboatSpec
import RowboatParsing

/// A probe that verifies its guess: sends the first request, reads the
/// answer (`ProbeAnalysis`), then walks the paging guesses in turn, likeliest
/// first, with at most `maxRequests` more requests, one at a time, and
/// keeps the first that holds (`ProbeWalk`: new ids on every page, a cursor
/// that changes, an end where the server says). Each guess is walked with
/// the very draft that would be written (loaded, with the credentials
/// given as the variables it reads), so what was verified is what is used.
///
/// A 429 or 503 is waited out as its `Retry-After` asks while the probe's
/// time allows (each try counts as a request); the whole probe ends by
/// `totalSeconds`. Answers are kept by URL and body, so two guesses that
/// ask for the same page cost one request.
public struct ProbeRun: Sendable {
    /// The probe's bounds.
    public struct Options: Sendable {
        /// Requests after the first, at most.
        public var maxRequests: Int
        /// One request's deadline.
        public var timeoutSeconds: Double
        /// The whole probe's time, waits included.
        public var totalSeconds: Double

        public static let defaultMaxRequests = 5
        public static let defaultTotalSeconds: Double = 60
        /// The longest `Retry-After` the probe waits for.
        public static let longestWait: Double = 30

        public init(maxRequests: Int = Options.defaultMaxRequests, timeoutSeconds: Double = 15,
                    totalSeconds: Double = Options.defaultTotalSeconds) {
            self.maxRequests = maxRequests
            self.timeoutSeconds = timeoutSeconds
            self.totalSeconds = totalSeconds
        }
    }

    /// What the probe found: the draft it writes, loaded.
    public struct Outcome: Sendable {
        public var analysis: ProbeAnalysis
        public var paging: PagingGuess
        public var check: ProbeCheck
        /// The whole draft, preview and notes included.
        public var draft: String
        /// The draft loaded with the credentials as its variables.
        public var config: RowboatConfig
        /// What was guessed, as labelled lines.
        public var summary: [(label: String, text: String)]
        /// Requests sent in all, the first included.
        public var requests: Int
        /// Set when the first id guessed repeated with other values on a
        /// later page and another field is the id now (the note says which).
        public var identifierReplaced: String?

        /// One line for stderr when paging could not be verified at all
        /// though the response suggested it; nil otherwise.
        public var warning: String? {
            guard check.walked == nil, paging.style == "none", let first = check.dropped.first ?? check.unverified.first
            else { return nil }
            return Sanitizer.clean("paging not verified (\(first)): the draft asks for one page", limit: 300)
        }
    }

    public let transport: HTTPTransport
    public let options: Options

    public init(transport: HTTPTransport, options: Options) {
        self.transport = transport
        self.options = options
    }

    /// The transport a probe wants: no retries of its own (the probe counts
    /// and waits itself), `maxBodyBytes` per answer.
    public static func transport(maxBodyBytes: Int = Communication.defaultMaxBodyBytes) -> HTTPTransport {
        HTTPTransport(maxBodyBytes: maxBodyBytes, retryPolicy: RetryPolicy(maxRetries: 0))
    }

    /// Probes `first` (the user's request: `headers` as given, after any
    /// `${NAME}` in them was filled in from `references`).
    ///
    /// `preferred` guesses (an OpenAPI document's) are walked before the
    /// probe's own; `declared` names the params the document declares,
    /// which the search tries before the usual families.
    public func run(_ first: RequestSpec, headers: [(String, String)], references: [String: String] = [:],
                    preferred: [PagingGuess] = [], declared: [String] = [], width: Int = 100,
                    now: Double = Date().timeIntervalSince1970) async throws -> Outcome {
        var state = State(options: options)
        let reply: HTTPReply
        do {
            reply = try await state.send(first, transport: transport, counted: false)
        } catch let stop as Stop {
            throw ProbeError(stop.reason)
        }
        var input = ProbeInput(method: first.method, url: first.url, headers: headers, body: first.body,
                               status: reply.status, responseHeaders: reply.headers, responseBody: reply.body)
        input.references = references
        input.declared = declared
        if (300..<400).contains(reply.status) {
            throw ProbeError("HTTP \(reply.status) from \(ProbeDraft.scrubbedURL(first.url)): a redirect without a usable Location")
        }
        var analysis = try ProbeAnalysis(input)
        let firstReply = HTTPReply(status: reply.status, headers: reply.headers, body: reply.body, url: first.url)
        state.cache[State.key(first)] = firstReply

        var check = ProbeCheck()
        var kept: Walked?
        var unwalked: PagingGuess?
        var stopped: String?
        var candidates = preferred
        for guess in analysis.candidates where !candidates.contains(guess) { candidates.append(guess) }
        for candidate in candidates where candidate.style != "none" {
            if stopped != nil {
                if unwalked == nil, !candidate.fallback { unwalked = candidate }
                continue
            }
            var walked = await walk(candidate, analysis: analysis, first: firstReply, state: &state)
            // An id that repeats with other values on a later page is not the id: the next surest is walked.
            while walked.walk.idCollisions > 0, let fields = analysis.fields.withNextIdentifier() {
                analysis.fields = fields
                walked = await walk(candidate, analysis: analysis, first: firstReply, state: &state)
            }
            stopped = walked.stopped
            switch walked.verdict {
            case .ended:
                kept = walked
            case .failed(let why):
                check.dropped.append("\(candidate.summary) (\(why))")
            case .goesOn where walked.walk.pages >= 2:
                check.unverified.append("the end (\(stopped ?? "stopped"))")
                kept = walked
            case .goesOn:
                if !candidate.fallback, unwalked == nil { unwalked = candidate }
            }
            if kept != nil { break }
        }
        let paging: PagingGuess
        if let walked = kept, walked.walk.pages == 1, walked.guess.fallback {
            // The first page held it all: nothing shows how a next page would be asked for.
            paging = analysis.candidates.last!
            check.walked = "one page held every item (\(walked.walk.end.map(String.init(describing:)) ?? "the end"))"
            check.pages = 1
        } else if let walked = kept {
            if walked.walk.pages > 1, walked.walk.idCollisions == 0 {
                analysis.fields = analysis.fields.identifierHeld(over: walked.walk.distinctItems)
            }
            let final = await settle(walked, analysis: analysis, first: firstReply, state: &state)
            paging = final.walk.pages > 1 ? final.guess.confirmed() : final.guess
            check.walked = final.walk.summary(place: final.guess.place)
            check.pages = final.walk.pages
        } else if let unwalked {
            paging = unwalked
            check.unverified.append("paging \(unwalked.summary) (\(stopped ?? "no page after the first was fetched"))")
        } else {
            if let stopped { check.unverified.append(stopped) }
            paging = analysis.candidates.last!
        }
        check.requests = state.requests
        let draft = try ProbeDraft.write(analysis, paging: paging, check: check, width: width, now: now)
        let config: RowboatConfig
        do {
            config = try ConfigLoader.parse(draft, file: "draft.yaml", environment: analysis.credentials.environment)
        } catch {
            throw ProbeError("the draft does not load (\(error)); please report this")
        }
        return Outcome(analysis: analysis, paging: paging, check: check, draft: draft, config: config,
                       summary: ProbeDraft.summary(analysis, paging: paging, check: check), requests: state.requests + 1,
                       identifierReplaced: (analysis.fields.fields.first { $0.name == "id" }?.reason ?? "")
                           .split(separator: ";").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// Why the walk stopped before a guess could be judged.
    struct Stop: Error {
        var reason: String
    }

    /// Requests sent and answers kept, against the probe's bounds.
    struct State {
        let options: Options
        let deadline: ContinuousClock.Instant
        var requests = 0
        var cache: [String: HTTPReply] = [:]

        init(options: Options) {
            self.options = options
            deadline = .now + .milliseconds(Int64(options.totalSeconds * 1000))
        }

        /// What makes two requests the same: method, URL, body and headers
        /// (a position may travel in a header).
        static func key(_ spec: RequestSpec) -> String {
            let headers = spec.headers.map { "\($0.0.lowercased()):\($0.1)" }.sorted().joined(separator: "\n")
            return spec.method.rawValue + " " + spec.url + " " + String(decoding: spec.body ?? [], as: UTF8.self) + "\n" + headers
        }

        var remaining: Double {
            let (s, atto) = (deadline - .now).components
            return Double(s) + Double(atto) / 1e18
        }

        /// A page's answer: kept, or fetched (counted) with the endpoint's credentials.
        mutating func fetch(_ spec: RequestSpec, client: DataClient) async throws -> HTTPReply {
            if let kept = cache[Self.key(spec)] { return kept }
            var reply = try await send(spec, transport: nil, client: client, counted: true)
            reply.url = spec.url
            cache[Self.key(spec)] = reply
            return reply
        }

        /// Sends `spec`, waiting out 429/503 as `Retry-After` asks while time allows.
        mutating func send(_ spec: RequestSpec, transport: HTTPTransport?, client: DataClient? = nil,
                           counted: Bool) async throws -> HTTPReply {
            while true {
                if counted, requests >= options.maxRequests {
                    throw Stop(reason: "the request limit (\(options.maxRequests) after the first) came first")
                }
                let left = remaining
                guard left > 0.05 else { throw Stop(reason: "the probe's time (\(Int(options.totalSeconds)) s) ran out") }
                var sent = spec
                sent.timeoutSeconds = min(spec.timeoutSeconds, left)
                if counted { requests += 1 }
                let reply: HTTPReply
                if let client {
                    reply = try await client.send(request: sent)
                } else {
                    reply = try await transport!.send(sent)
                }
                guard RetryPolicy.retriedStatuses.contains(reply.status) else { return reply }
                let asked = reply.header("retry-after").flatMap { RetryPolicy.retryAfterSeconds($0, now: Date()) } ?? 1
                guard asked <= Options.longestWait, asked < remaining - 1 else {
                    if counted {
                        throw Stop(reason: "the server asked to wait \(Int(asked.rounded(.up))) s (Retry-After)")
                    }
                    return reply
                }
                if !counted, requests >= options.maxRequests { return reply }
                if !counted { requests += 1 }
                try await Task.sleep(nanoseconds: UInt64(asked * 1_000_000_000))
            }
        }
    }
}
