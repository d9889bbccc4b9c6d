import RowboatSpec
import RowboatParsing
import Yams

// libFuzzer target: the config loader on arbitrary YAML (or JSON) text.
// It must answer with a config or a ConfigError, never crash or hang; the
// error must be one line naming the file. Every line of the input, as a
// plain scalar, is typed by YAMLPlainScalar as Yams' default resolver (its
// regular expressions) types it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
        let scalar = String(line)
        let yams: YAMLPlainScalar = switch Resolver.default.resolveTag(of: Node.scalar(Node.Scalar(scalar))) {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .float: .float
        default: .text
        }
        require(YAMLPlainScalar(scalar) == yams, "\(scalar.debugDescription) typed \(YAMLPlainScalar(scalar)), Yams says \(yams)")
    }
    do {
        let config = try ConfigLoader.parse(text, file: "fuzz.yaml", environment: ["TOKEN": "t"])
        require(!config.endpoints.isEmpty, "a config without endpoints was accepted")
        for endpoint in config.endpoints {
            require(endpoint.item.field("title") != nil, "an endpoint without a title was accepted")
        }
    } catch {
        let line = error.description
        require(line.hasPrefix("fuzz.yaml"), "error does not name the file: \(line)")
    }
    return 0
}
