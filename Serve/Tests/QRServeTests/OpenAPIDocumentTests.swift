// qr-serve tests — /openapi.yaml says what the server does: its paths, parameters, formats and strategies.
import Hummingbird
import HummingbirdTesting
import QRKit
import Testing

@testable import QRServe

@Suite struct OpenAPIDocumentTests {
    let lines = OpenAPIDocument.yaml.split(separator: "\n").map(String.init)

    /// The lines under the key at `indent` spaces named `key`, up to the next key at that indent.
    func block(_ key: String, indent: Int, in lines: [String]) -> [String] {
        let prefix = String(repeating: " ", count: indent) + key + ":"
        guard let start = lines.firstIndex(where: { $0 == prefix || $0.hasPrefix(prefix + " ") }) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { line in
            let spaces = line.prefix { $0 == " " }.count
            return spaces <= indent && !line.trimmingPrefix(" ").isEmpty
        }
        return Array(rest[..<(end ?? rest.endIndex)])
    }

    /// The keys at `indent` spaces in `lines`.
    func keys(_ lines: [String], indent: Int) -> [String] {
        lines.compactMap { line in
            guard line.prefix(while: { $0 == " " }).count == indent, let colon = line.firstIndex(of: ":") else {
                return nil
            }
            return String(line[line.index(line.startIndex, offsetBy: indent)..<colon])
        }
    }

    func enumeration(_ schema: String) -> [String] {
        let lines = block(schema, indent: 4, in: block("schemas", indent: 2, in: lines))
        guard let line = lines.first(where: { $0.contains("enum: [") }) else { return [] }
        return line.split(separator: "[")[1].dropLast().split(separator: ",").map { String($0.trimmingPrefix(" ")) }
    }

    @Test func itIsOpenAPI31() {
        #expect(lines.first == "openapi: 3.1.0")
    }

    @Test func itsPathsAreTheServersRoutes() async throws {
        let paths = keys(block("paths", indent: 0, in: lines), indent: 2)
        #expect(Set(paths) == RequestLogMiddleware<BasicRequestContext>.routes)
        try await testApplication().test(.router) { client in
            for path in paths {
                let methods = keys(block(path, indent: 2, in: block("paths", indent: 0, in: lines)), indent: 4)
                #expect(!methods.isEmpty)
                for method in methods {
                    let verb: HTTPRequest.Method = method == "post" ? .post : .get
                    try await client.execute(uri: path, method: verb) { response in
                        #expect(response.status != .notFound, "\(method) \(path)")
                        #expect(response.status != .methodNotAllowed, "\(method) \(path)")
                    }
                }
            }
        }
    }

    @Test func encodeParametersAreTheServers() {
        let paths = block("paths", indent: 0, in: lines)
        let get = block("get", indent: 4, in: block("/encode", indent: 2, in: paths))
        let query = get.filter { $0.contains("in: query") }.compactMap { line in
            line.split(separator: "name: ").dropFirst().first?.split(separator: ",").first.map(String.init)
        }
        #expect(Set(query) == EncodeRequest.names)
        let body = block(
            "properties", indent: 6, in: block("EncodeBody", indent: 4, in: block("schemas", indent: 2, in: lines)))
        #expect(Set(keys(body, indent: 8)) == EncodeRequest.names)
    }

    @Test func enumerationsAreTheLibrarys() {
        #expect(enumeration("Format") == EncodeFormats.served.map(\.name))
        #expect(enumeration("Strategy") == EngineRegistry.standard.strategyNames)
        #expect(enumeration("Level") == ErrorCorrectionLevel.allCases.map(\.rawValue))
    }

    @Test func everyFormatsMediaTypeIsDocumented() {
        let symbol = block("Symbol", indent: 4, in: block("responses", indent: 2, in: lines))
        let documented = Set(keys(block("content", indent: 6, in: symbol), indent: 8))
        let served = Set(EncodeFormats.served.map { String($0.mimeType.split(separator: ";")[0]) })
        #expect(documented == served)
    }
}
