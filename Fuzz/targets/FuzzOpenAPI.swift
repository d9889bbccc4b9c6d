import RowboatSpec
import RowboatParsing

// libFuzzer target: the OpenAPI import on arbitrary bytes (JSON or YAML).
// The reader, the document, the schemas and the writer must answer with a
// config or one OpenAPIError line, never crash or hang; and every config
// the import writes must load (`config check` accepts every import).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenAPI(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let document: OpenAPIDocument
    do {
        document = try OpenAPIDocument(OpenAPIReader.read(bytes, name: "fuzz.json"), name: "fuzz.json")
    } catch {
        require(!error.description.contains("\n"), "error is not one line: \(error.description)")
        require(error.description.hasPrefix("fuzz.json"), "error does not name the document: \(error.description)")
        return 0
    }
    let made = OpenAPIConfig.make(document, source: "fuzz.json", documentURL: "http://127.0.0.1:1/openapi.json")
    require(made.endpoints.count <= OpenAPIConfig.maxEndpoints, "more endpoints than the bound")
    let yaml = made.yaml(offline: true)
    let environment = ["API_TOKEN": "t", "API_KEY": "k", "API_USER": "u", "API_PASSWORD": "p",
                       "API_CLIENT_ID": "c", "API_CLIENT_SECRET": "s", "HOME": "/h", "PATH": "/p"]
    do {
        let config = try ConfigLoader.parse(yaml, file: "imported.yaml", environment: environment)
        require(config.endpoints.count == made.endpoints.count, "the loaded config lost endpoints")
    } catch {
        require(made.endpoints.isEmpty && error.description.contains("interfaces"),
                "an imported config does not load: \(error.description)\n\(yaml)")
    }
    return 0
}
