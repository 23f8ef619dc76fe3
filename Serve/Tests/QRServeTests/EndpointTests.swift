// qr-serve tests — every route, error and limit, in process (HummingbirdTesting), with real pictures and the real library.
import FoundationEssentials
import Hummingbird
import HummingbirdTesting
import NIOCore
import QRKit
import Synchronization
import Testing

@testable import QRServe

/// The repository's Samples folder.
let samples: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/QRServeTests/EndpointTests.swift, then Serve
    return parts.joined(separator: "/") + "/Samples"
}()

func sample(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(filePath: samples + "/" + path))) }

func sampleText(_ path: String) throws -> String {
    String(decoding: try sample(path), as: UTF8.self)
}

func testApplication(_ adjust: (inout ServerSettings) -> Void = { _ in }) -> some ApplicationProtocol {
    var settings = ServerSettings()
    adjust(&settings)
    return Application(router: makeRouter(settings: settings, metrics: ServerMetrics()))
}

func texts(ofPicture bytes: [UInt8]) throws -> [String] {
    let image = try ImageReader().read(data: bytes, name: "answer")
    return try QRDecoder(strategy: .standardRace).decode(image).symbols.map(\.text)
}

/// The objects of a /decode answer.
func decodeObjects(_ body: ByteBuffer) throws -> [[String: JSONValue]] {
    try JSONDecoder().decode([[String: JSONValue]].self, from: Data(body.readableBytesView))
}

func errorMessage(_ body: ByteBuffer) -> String {
    struct Answer: Decodable {
        struct Message: Decodable { var message: String }
        var error: Message
    }
    return (try? JSONDecoder().decode(Answer.self, from: Data(body.readableBytesView)))?.error.message ?? ""
}

/// Enough of JSON to look into an answer.
indirect enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    var object: [String: JSONValue]? { if case .object(let o) = self { o } else { nil } }
}

func symbolTexts(_ object: [String: JSONValue]) -> [String] {
    (object["symbols"]?.array ?? []).compactMap { $0.object?["text"]?.string }
}

func multipart(_ files: [(name: String, bytes: [UInt8])], boundary: String) -> ByteBuffer {
    var buffer = ByteBuffer()
    for file in files {
        buffer.writeString(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"\(file.name)\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n")
        buffer.writeBytes(file.bytes)
        buffer.writeString("\r\n")
    }
    buffer.writeString("--\(boundary)--\r\n")
    return buffer
}

@Suite struct EncodeEndpointTests {
    @Test func pngOfTheTextReadsBackWithETagAndCaching() async throws {
        try await testApplication().test(.router) { client in
            let tag = try await client.execute(uri: "/encode?text=https%3A%2F%2Fexample.org%2F%3Fa%3D1", method: .get) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(response.headers[.cacheControl] != nil)
                #expect(try texts(ofPicture: Array(response.body.readableBytesView)) == ["https://example.org/?a=1"])
                return try #require(response.headers[.eTag])
            }
            try await client.execute(
                uri: "/encode?text=https%3A%2F%2Fexample.org%2F%3Fa%3D1", method: .get, headers: [.ifNoneMatch: tag]
            ) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            // Another text is another picture.
            try await client.execute(uri: "/encode?text=other", method: .get, headers: [.ifNoneMatch: tag]) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != tag)
            }
        }
    }

    @Test func queriesAreDecodedAsFormsAre() async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/encode?text=a+b%2Bc%20d%E2%9C%93%zz", method: .get) { response in
                #expect(response.status == .ok)
                let read = try texts(ofPicture: Array(response.body.readableBytesView))
                #expect(read == ["a b+c d✓%zz"])
            }
        }
    }

    @Test(arguments: EncodeFormats.served) func everyFormatHasItsMediaType(_ format: OutputFormat) async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/encode?text=QRKit&format=\(format.name)", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == format.mimeType)
                #expect(response.body.readableBytes > 0)
            }
        }
    }

    @Test func optionsReachThePicture() async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/encode?text=hello&size-px=333&level=H&foreground=navy", method: .get) {
                response in
                #expect(response.status == .ok)
                let image = try ImageReader().read(data: Array(response.body.readableBytesView), name: "answer")
                #expect(image.width == 333 && image.height == 333)
                #expect(try texts(ofPicture: Array(response.body.readableBytesView)) == ["hello"])
            }
            try await client.execute(uri: "/encode?text=hello&format=svg&title=Greeting", method: .get) { response in
                #expect(String(buffer: response.body).contains(">Greeting</title>"))
            }
        }
    }

    @Test func postWithJSONIsTheSamePictureAsGet() async throws {
        try await testApplication().test(.router) { client in
            let got = try await client.execute(uri: "/encode?text=same&level=Q&scale=4", method: .get) { response in
                Array(response.body.readableBytesView)
            }
            try await client.execute(
                uri: "/encode", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"text": "same", "level": "Q", "scale": 4, "boost": true}"#)
            ) { response in
                #expect(response.status == .ok)
                #expect(Array(response.body.readableBytesView) == got)
            }
        }
    }

    @Test(arguments: [
        ("/encode", "nothing to encode"),
        ("/encode?text=a&level=Z", "unknown level 'Z'"),
        ("/encode?text=a&colour=red", "unknown parameter 'colour'"),
        ("/encode?text=a&format=gif", "unknown format 'gif'"),
        ("/encode?text=a&scale=two", "'scale' must be a whole number"),
        ("/encode?text=a&scale=0", "scale"),
        ("/encode?text=a&scale=2&size-px=100", "not both"),
        ("/encode?text=a&foreground=white", "contrast"),
        ("/encode?text=a&foreground=nocolour", "nocolour"),
        ("/encode?text=a&format=pbm&foreground=red", "black"),
        ("/encode?text=a&dpi=300&format=svg", "'dpi' applies"),
        ("/encode?text=abc&mode=numeric&8bit=true", "exclude each other"),
        ("/encode?text=abc&micro=", "'micro' must be true or false"),
        ("/encode?text=abc&micro=1", "'micro' must be true or false"),
    ]) func badParametersAre400WithTheReason(_ uri: String, _ reason: String) async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest)
                #expect(errorMessage(response.body).contains(reason), "\(errorMessage(response.body))")
            }
        }
    }

    @Test func payloadsTheSymbolCannotHoldAre422() async throws {
        let bytes = String(repeating: "~", count: 3000)
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/encode?text=\(bytes)", method: .get) { response in
                #expect(response.status == .unprocessableContent)
                #expect(!errorMessage(response.body).isEmpty)
            }
            try await client.execute(uri: "/encode?text=abc&mode=numeric", method: .get) { response in
                #expect(response.status == .unprocessableContent)
            }
        }
    }

    @Test func malformedJSONIs400() async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/encode", method: .post, body: ByteBuffer(string: "[1, 2")) { response in
                #expect(response.status == .badRequest)
                #expect(errorMessage(response.body).contains("JSON object"))
            }
        }
    }
}

@Suite struct DecodeEndpointTests {
    @Test func aPhotoGivesTheJSONOfQrDecode() async throws {
        let photo = try sample("photos/qrcode-2-17.png")
        let expected = try sampleText("photos/qrcode-2-17.txt")
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let objects = try decodeObjects(response.body)
                #expect(objects.count == 1)
                let object = try #require(objects.first)
                #expect(symbolTexts(object) == [expected])
                #expect(object["file"]?.string == "<body>")
                #expect(object["error"] == .null)
                #expect(object["report"]?.object?["strategy"]?.string == "race")
                #expect(Set(object.keys) == ["file", "symbols", "report", "error"])
            }
        }
    }

    @Test func multipartGivesAnObjectPerPictureInOrder() async throws {
        let names = [
            "photos/qrcode-2-17", "photos/qrcode-1-1", "generated/clean/" + (try firstPicture("generated/clean")),
        ]
        let files = try names.map { (name: $0 + ".png", bytes: try sample($0 + ".png")) }
        let boundary = "qrkit-test-boundary"
        try await testApplication().test(.router) { client in
            try await client.execute(
                uri: "/decode?strategy=sequential&timeout-ms=20000", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\"\(boundary)\""],
                body: multipart(files, boundary: boundary)
            ) { response in
                #expect(response.status == .ok)
                let objects = try decodeObjects(response.body)
                #expect(objects.map { $0["file"]?.string } == files.map(\.name))
                for (object, name) in zip(objects, names) {
                    #expect(symbolTexts(object) == [try sampleText(name + ".txt")])
                    #expect(object["report"]?.object?["strategy"]?.string == "sequential")
                }
            }
        }
    }

    @Test func anUnreadablePictureIs422WithTheReadersMessage() async throws {
        let truncated = Array(try sample("photos/qrcode-2-17.png").prefix(300))
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(string: "%PDF-1.4 not a picture"))
            {
                response in
                #expect(response.status == .unprocessableContent)
                let object = try #require(try decodeObjects(response.body).first)
                #expect(object["report"] == .null)
                #expect(object["error"]?.string?.contains("<body>: ") == true)
                #expect(object["error"]?.string?.contains("PDF") == true)
            }
            try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(bytes: truncated)) { response in
                #expect(response.status == .unprocessableContent)
                let object = try #require(try decodeObjects(response.body).first)
                #expect(object["error"]?.string?.isEmpty == false)
            }
        }
    }

    @Test func aPictureOverThePixelLimitIs422() async throws {
        let photo = try sample("photos/qrcode-2-17.png")
        try await testApplication({ $0.pixelLimit = 100 }).test(.router) { client in
            try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .unprocessableContent)
                let error = try #require(try decodeObjects(response.body).first?["error"]?.string)
                #expect(error.contains("100"), "\(error)")
            }
        }
    }

    @Test func aBodyOverTheLimitIs413() async throws {
        let photo = try sample("photos/qrcode-2-17.png")
        try await testApplication({ $0.bodyLimit = photo.count - 1 }).test(.router) { client in
            try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .contentTooLarge)
                #expect(errorMessage(response.body).contains("larger than \(photo.count - 1) bytes"))
            }
        }
        try await testApplication().test(.router) { client in
            let long = ByteBuffer(string: #"{"text": ""# + String(repeating: "a", count: encodeBodyLimit) + #""}"#)
            try await client.execute(uri: "/encode", method: .post, body: long) { response in
                #expect(response.status == .contentTooLarge)
            }
        }
    }

    @Test func noPlaceLeftIs503WithRetryAfter() async throws {
        let photo = try sample("photos/qrcode-2-17.png")
        try await testApplication({
            $0.admissionLimit = 0
            $0.retryAfterSeconds = 3
        }).test(.router) { client in
            try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "3")
                #expect(errorMessage(response.body).contains("retry"))
            }
        }
    }

    @Test func bodiesPastTheMemoryBoundAre503() async throws {
        let photo = try sample("photos/qrcode-2-17.png")
        try await testApplication({ $0.bodyMemoryLimit = photo.count - 1 }).test(.router) { client in
            try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(bytes: photo)) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] != nil)
            }
        }
        // What a request counted is given back when it is answered.
        try await testApplication({ $0.bodyMemoryLimit = photo.count }).test(.router) { client in
            for _ in 0..<2 {
                try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(bytes: photo)) { response in
                    #expect(response.status == .ok)
                }
            }
        }
    }

    @Test func admissionIsBoundedAndGivenBack() async {
        let service = DecodeService(admissionLimit: 2, pixelLimit: 1000, metrics: ServerMetrics())
        #expect(await service.admit())
        #expect(await service.admit())
        #expect(await !service.admit())
        service.release()
        #expect(await service.admit())
    }

    @Test func theNewestWaiterHasTheNextPlaceAndAFullLineIsRefused() async throws {
        let service = DecodeService(
            admissionLimit: 1, lineLimit: 2, waitLimit: .seconds(600), pixelLimit: 1000, metrics: ServerMetrics())
        #expect(await service.admit())
        let older = PendingAdmission(service)
        try await waitUntil { service.waitingCount == 1 }
        let newer = PendingAdmission(service)
        try await waitUntil { service.waitingCount == 2 }
        #expect(await !service.admit())
        service.release()
        try await waitUntil { newer.answer != nil }
        #expect(newer.answer == true)
        #expect(older.answer == nil)
        service.release()
        try await waitUntil { older.answer != nil }
        #expect(older.answer == true)
    }

    @Test func aLineNoLongerThanThePlacesIsServedInOrder() async throws {
        // A moderate load: newest first here would pass the older waiter over again and
        // again, until its wait ran out and it was refused.
        let service = DecodeService(
            admissionLimit: 2, lineLimit: 4, waitLimit: .seconds(600), pixelLimit: 1000, metrics: ServerMetrics())
        #expect(await service.admit())
        #expect(await service.admit())
        let older = PendingAdmission(service)
        try await waitUntil { service.waitingCount == 1 }
        let newer = PendingAdmission(service)
        try await waitUntil { service.waitingCount == 2 }
        service.release()
        try await waitUntil { older.answer != nil }
        #expect(older.answer == true)
        #expect(newer.answer == nil)
        service.release()
        try await waitUntil { newer.answer != nil }
        #expect(newer.answer == true)
    }

    @Test func underOverloadThePlacesShrinkAndGrowBackWhenTheLineIsShort() async throws {
        // Past the places, a picture admitted would queue on the executor behind the
        // others, in arrival order: fewer places then, each for the newest waiter.
        let (service, _, waiters) = try await overloadedLine()
        // The line (3) is longer than the places (2): one place, and it is still taken.
        service.release()
        #expect(service.waitingCount == 3)
        // That one freed goes to the newest; then the line (2) is short again, so the
        // places grow back to 2 and the oldest has the second.
        service.release()
        try await waitUntil { waiters[2].answer != nil && waiters[0].answer != nil }
        #expect(waiters[2].answer == true)
        #expect(waiters[0].answer == true)
        #expect(service.waitingCount == 1)
        service.release()
        try await waitUntil { waiters[1].answer != nil }
        #expect(waiters[1].answer == true)
    }

    @Test func underOverloadAPlaceFreedWhileEveryWaiterIsStaleIsKeptForANewcomer() async throws {
        // Every waiter is stale (none has waited no time at all), and the hold never ends here.
        let (service, metrics, waiters) = try await overloadedLine(holdLimit: .seconds(600))
        service.release()
        service.release()
        // One place is free under overload, and no waiter has it.
        #expect(service.waitingCount == 3)
        let newcomer = PendingAdmission(service)
        try await waitUntil { newcomer.answer != nil }
        #expect(newcomer.answer == true)
        #expect(service.waitingCount == 3)
        #expect(waiters.allSatisfy { $0.answer == nil })
        #expect(
            String(decoding: metrics.exposition(), as: UTF8.self).contains(
                #"qrserve_places_held_total{outcome="newcomer"} 1"#))
    }

    @Test func aPlaceKeptForANewcomerGoesToTheNewestWaiterWhenNoneComes() async throws {
        // Work-conserving: the hold is over after its time, not when a request comes.
        let (service, metrics, waiters) = try await overloadedLine(holdLimit: .milliseconds(20))
        service.release()
        service.release()
        // The newest has it once the hold is over; then the line (2) is short again, so the
        // places grow back to 2 and the oldest has the second.
        try await waitUntil { waiters[2].answer != nil && waiters[0].answer != nil }
        #expect(waiters[2].answer == true)
        #expect(waiters[0].answer == true)
        #expect(service.waitingCount == 1)
        #expect(
            String(decoding: metrics.exposition(), as: UTF8.self).contains(
                #"qrserve_places_held_total{outcome="expired"} 1"#))
    }

    @Test func aBurstOfPhotosUnderOverloadWithPlacesKeptIsAnsweredInFull() async throws {
        // Twelve at once on two places, one under overload: every stale waiter's place is
        // kept, and only the hold's end gives it; a hold that never ended would leave them
        // to be refused at the wait limit.
        let photo = try sample("photos/qrcode-2-17.png")
        let expected = try sampleText("photos/qrcode-2-17.txt")
        try await testApplication({
            $0.admissionLimit = 2
            $0.overloadAdmissionLimit = 1
            $0.waitLimit = .seconds(30)
            $0.freshLimit = .zero
            $0.holdLimit = .milliseconds(5)
        }).test(.router) { client in
            try await withThrowingTaskGroup(of: (HTTPResponse.Status, [String]).self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(bytes: photo)) {
                            response in
                            (response.status, try decodeObjects(response.body).flatMap(symbolTexts))
                        }
                    }
                }
                for try await (status, read) in group {
                    #expect(status == .ok)
                    #expect(read == [expected])
                }
            }
        }
    }

    @Test func aWaiterGivenNoPlaceInTimeIsRefused() async throws {
        let service = DecodeService(
            admissionLimit: 1, lineLimit: 4, waitLimit: .milliseconds(50), pixelLimit: 1000, metrics: ServerMetrics())
        #expect(await service.admit())
        let waiter = PendingAdmission(service)
        try await waitUntil { waiter.answer != nil }
        #expect(waiter.answer == false)
        #expect(service.waitingCount == 0)
        // The place is still the first one's to give back, then free.
        service.release()
        #expect(await service.admit())
    }

    @Test(arguments: [
        ("/decode?strategy=fastest", "unknown strategy 'fastest'"),
        ("/decode?timeout-ms=0", "'timeout-ms'"),
        ("/decode?timeout-ms=soon", "'timeout-ms'"),
        ("/decode?jobs=4", "unknown parameter 'jobs'"),
    ]) func badParametersAre400(_ uri: String, _ reason: String) async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: uri, method: .post, body: ByteBuffer(string: "x")) { response in
                #expect(response.status == .badRequest)
                #expect(errorMessage(response.body).contains(reason), "\(errorMessage(response.body))")
            }
        }
    }

    @Test func emptyOrMalformedBodiesAre400() async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/decode", method: .post) { response in
                #expect(response.status == .badRequest)
                #expect(errorMessage(response.body).contains("empty"))
            }
            try await client.execute(
                uri: "/decode", method: .post, headers: [.contentType: "multipart/form-data"],
                body: ByteBuffer(string: "x")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(errorMessage(response.body).contains("boundary"))
            }
            try await client.execute(
                uri: "/decode", method: .post, headers: [.contentType: "multipart/form-data; boundary=b"],
                body: ByteBuffer(string: "no parts at all")
            ) { response in
                #expect(response.status == .badRequest)
            }
            // Framing that is cut short, or header bytes that are not ASCII, are refused, never a crash.
            let photo = try sample("photos/qrcode-2-17.png")
            let whole = Array(multipart([(name: "a.png", bytes: photo)], boundary: "b").readableBytesView)
            let hostile: [[UInt8]] = [
                Array(whole.prefix(whole.count - 8)), Array(whole.prefix(30)), Array("--b".utf8), Array("--b\r\n".utf8),
                Array("-".utf8), Array("x--b--".utf8),
                Array("--b\r\n\u{b8}>\u{ac}\u{82}: x\r\n\r\nbody\r\n--b--\r\n".utf8),
                [45, 45, 98, 13, 10, 0xFF, 0xFE, 58, 13, 10, 13, 10, 1, 2, 13, 10, 45, 45, 98, 45, 45],
            ]
            for body in hostile {
                try await client.execute(
                    uri: "/decode", method: .post, headers: [.contentType: "multipart/form-data; boundary=b"],
                    body: ByteBuffer(bytes: body)
                ) { response in
                    #expect([.badRequest, .unprocessableContent].contains(response.status), "\(body.prefix(40))")
                }
            }
            let many = (0...DecodeBody.pictureLimit).map { (name: "\($0).png", bytes: [UInt8](repeating: 1, count: 4)) }
            try await client.execute(
                uri: "/decode", method: .post, headers: [.contentType: "multipart/form-data; boundary=b"],
                body: multipart(many, boundary: "b")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(errorMessage(response.body).contains("at most \(DecodeBody.pictureLimit)"))
            }
        }
    }
}

@Suite struct ServiceEndpointTests {
    @Test func thePageIsAccessibleHTMLUnderAStrictPolicy() async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
                let page = String(buffer: response.body)
                #expect(page.contains(#"<html lang="en">"#))
                for id in ["text", "level", "file"] { #expect(page.contains(#"<label for="\#(id)">"#)) }
                #expect(page.contains(#"aria-live="polite""#))
            }
        }
    }

    @Test func healthAndMetrics() async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok\n")
            }
            _ = try await client.execute(uri: "/encode?text=a", method: .get) { _ in }
            _ = try await client.execute(
                uri: "/decode", method: .post, body: ByteBuffer(bytes: try sample("photos/qrcode-2-17.png"))
            ) { _ in }
            _ = try await client.execute(uri: "/decode", method: .post, body: ByteBuffer(string: "junk")) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                let text = String(buffer: response.body)
                #expect(text.contains(#"qrserve_requests_total{route="/encode",status="200"} 1"#))
                #expect(text.contains(#"qrserve_requests_total{route="/decode",status="422"} 1"#))
                #expect(text.contains(#"qrserve_request_duration_seconds_bucket{route="/decode""#))
                #expect(text.contains("qrserve_engine_wins_total{engine="))
                #expect(text.contains(#"qrserve_refused_total{reason="unsupported-format"} 1"#))
                #expect(text.contains("qrserve_decodes_in_flight 0"))
            }
        }
    }

    @Test func unknownRoutesAre404AndOtherMethods405() async throws {
        try await testApplication().test(.router) { client in
            try await client.execute(uri: "/nothing-here", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/decode", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
            }
            try await client.execute(uri: "/encode", method: .delete) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, POST")
            }
        }
    }
}

/// A line of two places, one under overload, both taken, and three waiters (an overload),
/// all stale (the fresh limit is zero).
func overloadedLine(holdLimit: Duration = .zero) async throws -> (
    DecodeService, ServerMetrics, [PendingAdmission]
) {
    let metrics = ServerMetrics()
    let service = DecodeService(
        admissionLimit: 2, overloadAdmissionLimit: 1, lineLimit: 8, waitLimit: .seconds(600),
        freshLimit: .zero, holdLimit: holdLimit, pixelLimit: 1000, metrics: metrics)
    #expect(await service.admit())
    #expect(await service.admit())
    var waiters: [PendingAdmission] = []
    for count in 1...3 {
        waiters.append(PendingAdmission(service))
        try await waitUntil { service.waitingCount == count }
    }
    return (service, metrics, waiters)
}

/// An admission asked for in a task of its own, whose answer a test looks at without
/// waiting on it (a broken line would never answer).
final class PendingAdmission: Sendable {
    private let state = Atomic<Int>(0)

    init(_ service: DecodeService) {
        Task { self.state.store(await service.admit() ? 1 : 2, ordering: .sequentiallyConsistent) }
    }

    var answer: Bool? {
        switch state.load(ordering: .sequentiallyConsistent) {
        case 1: true
        case 2: false
        default: nil
        }
    }
}

/// Waits for `condition`, looking every 10 ms for at most 30 s (a hang guard, not a timing).
func waitUntil(_ condition: () -> Bool) async throws {
    for _ in 0..<3000 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("the condition never held")
}

/// The first picture's base name in a Samples folder.
func firstPicture(_ folder: String) throws -> String {
    let names = try FileManager.default.contentsOfDirectory(atPath: samples + "/" + folder)
    let first = try #require(names.filter { $0.hasSuffix(".png") }.sorted().first)
    return String(first.dropLast(4))
}
