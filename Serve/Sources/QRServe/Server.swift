// qr-serve — Server: the routes of qr-serve, its limits, and the application that serves them.
import FoundationEssentials
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import QRKit

/// How the server listens and what it admits.
public struct ServerSettings: Sendable {
    /// Loopback by default: exposing the server is a choice made with `--host`.
    public var host = "127.0.0.1"
    public var port = 8080
    /// The largest request body, in bytes: past it, 413.
    public var bodyLimit = 20 << 20
    /// The most /decode requests decoding at once while few wait: four per worker of the
    /// executor, so that a worker never waits for the hand-over of the next picture.
    public var admissionLimit = 4 * DecodeExecutor.shared.workers
    /// The most decoding at once while more than ``admissionLimit`` wait (overload): one
    /// per worker, so that an admitted picture starts at once rather than queue behind
    /// others on the executor (see `DecodeService`).
    public var overloadAdmissionLimit = DecodeExecutor.shared.workers
    /// The most /decode requests waiting for a place: past it, 503 with Retry-After at once.
    public var lineLimit = 1024
    /// The longest a /decode request waits for a place: past it, 503 with Retry-After.
    public var waitLimit = Duration.milliseconds(250)
    /// Under overload, a place freed while every waiter has waited longer than
    /// ``freshLimit`` is kept up to ``holdLimit`` for a request that comes in meanwhile,
    /// then given to the newest waiter (see `DecodeService`): the place idles a millisecond
    /// at most, where the stale waiter would start its decode as late as it has waited.
    /// `holdLimit` zero keeps none.
    public var freshLimit = Duration.milliseconds(2)
    public var holdLimit = Duration.milliseconds(1)
    /// The most pixels a picture may have: past it, 422 with the reader's message.
    public var pixelLimit = ImageReader.defaultPixelLimit
    /// The most bytes of /decode bodies held at once, being read, waiting or decoding:
    /// past it, 503 with Retry-After before the body is read.
    public var bodyMemoryLimit = 256 << 20
    /// What Retry-After says to a request refused for want of room, in seconds.
    public var retryAfterSeconds = 1
    /// The most connections open at once: past it, new ones wait in the listen backlog,
    /// unaccepted, until one closes.
    public var connectionLimit = 1024
    /// How long a connection may stay open with no request being answered and no byte of
    /// one arriving: past it, closed.
    public var idleTimeout = Duration.seconds(30)
    /// How long a request's body may take to arrive, from its head: past it, 408 and the
    /// connection closed. Bytes that trickle in reset the idle timeout, never this one.
    public var requestReadTimeout = Duration.seconds(60)

    public init() {}
}

/// The largest /encode JSON body: far more than the longest text a symbol holds.
let encodeBodyLimit = 64 << 10

/// The routes: /encode, /decode, the page, its API document, health and metrics.
public func makeRouter(settings: ServerSettings, metrics: ServerMetrics) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    let service = DecodeService(
        admissionLimit: settings.admissionLimit, overloadAdmissionLimit: settings.overloadAdmissionLimit,
        lineLimit: settings.lineLimit, waitLimit: settings.waitLimit,
        freshLimit: settings.freshLimit, holdLimit: settings.holdLimit,
        bodyMemoryLimit: settings.bodyMemoryLimit, pixelLimit: settings.pixelLimit, metrics: metrics)
    router.add(middleware: RequestLogMiddleware(metrics: metrics))

    router.get("/") { _, _ in
        textResponse(Page.html, type: "text/html; charset=utf-8", extra: [.contentSecurityPolicy: Page.policy])
    }
    router.get("/openapi.yaml") { _, _ in textResponse(OpenAPIDocument.yaml, type: "application/yaml") }
    router.get("/healthz") { _, _ in textResponse("ok\n", type: "text/plain; charset=utf-8") }
    router.get("/metrics") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }

    router.get("/encode") { request, _ in
        try encodeResponse(queryParameters(request), request: request)
    }
    router.post("/encode") { request, _ in
        let body = try await collect(request, upTo: encodeBodyLimit, metrics: metrics)
        return try encodeResponse(try EncodeBody.parameters(body), request: request)
    }

    router.post("/decode") { request, _ in
        let start = ContinuousClock.now
        let parameters = queryParameters(request)
        if let unknown = parameters.keys.sorted().first(where: { $0 != "strategy" && $0 != "timeout-ms" }) {
            throw HTTPError(.badRequest, message: "unknown parameter '\(unknown)'; /decode takes strategy, timeout-ms")
        }
        let decoder = try badRequest { () throws(BadRequest) in try service.decoder(parameters) }
        let length = request.headers[.contentLength].flatMap { Int($0) }
        if let length, length > settings.bodyLimit {
            throw bodyTooLarge(settings.bodyLimit, metrics: metrics)
        }
        // Refused before the body is read when every place and the line are taken, or the
        // body would not fit in memory beside the others, which costs the least; Hummingbird
        // then drains the body and keeps the connection.
        let held = max(0, min(length ?? settings.bodyLimit, settings.bodyLimit))
        guard service.hasRoom, service.reserveBody(held) else {
            throw busy(service, settings: settings, metrics: metrics)
        }
        defer { service.releaseBody(held) }
        // A place is taken only once the whole body is in memory: a slow upload holds none.
        let body = try await collectBytes(request, expected: length, upTo: settings.bodyLimit, metrics: metrics)
        guard await service.admit() else { throw busy(service, settings: settings, metrics: metrics) }
        defer {
            service.release()
            metrics.admittedDecodeAnswered(elapsed: ContinuousClock.now - start)
        }
        let pictures = try badRequest { () throws(BadRequest) in
            try DecodeBody.pictures(body, contentType: request.headers[.contentType])
        }
        var objects: [String] = []
        var allReadable = true
        for picture in pictures {
            let (json, readable) = await service.decode(picture, with: decoder)
            objects.append(json)
            allReadable = allReadable && readable
        }
        // The array written straight into the answer's buffer, where joining the objects
        // into one string first would copy them twice more.
        var answer = ByteBuffer()
        answer.reserveCapacity(objects.reduce(3) { $0 + $1.utf8.count + 1 })
        answer.writeStaticString("[")
        for (index, object) in objects.enumerated() {
            if index > 0 { answer.writeStaticString(",") }
            answer.writeString(object)
        }
        answer.writeStaticString("]\n")
        return Response(
            status: allReadable ? .ok : .unprocessableContent, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: answer))
    }
    return router
}

/// The application: the router on `settings.host:port`, over HTTP/1.1, with the
/// connection cap, the idle timeout and the request read deadline of `settings`; each
/// connection read in small buffers and handled on its channel's event loop
/// (``ConnectionChannel``).
public func makeApplication(
    settings: ServerSettings, metrics: ServerMetrics = ServerMetrics(), logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let readTimeout = TimeAmount(settings.requestReadTimeout)
    return Application(
        router: makeRouter(settings: settings, metrics: metrics),
        server: HTTPServerBuilder { responder in
            ConnectionChannel(
                inner: HTTP1Channel(
                    responder: responder,
                    configuration: .init(
                        additionalChannelHandlers: [RequestReadDeadline(limit: readTimeout)],
                        idleTimeout: TimeAmount(settings.idleTimeout))))
        },
        configuration: .init(
            address: .hostname(settings.host, port: settings.port), serverName: "qr-serve",
            availableConnectionsDelegate: .maximum(settings.connectionLimit, logger: logger)),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? settings.port) },
        logger: logger)
}

/// The query's parameters, the last of each name winning, decoded as a form's are
/// (`+` is a space, as URLSearchParams and HTML forms write it).
func queryParameters(_ request: Request) -> [String: String] {
    var parameters: [String: String] = [:]
    for pair in (request.uri.query ?? "").utf8.split(separator: UInt8(ascii: "&")) {
        let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
        parameters[formDecoded(parts[0])] = parts.count > 1 ? formDecoded(parts[1]) : ""
    }
    return parameters
}

/// `+` as a space and `%XX` as its byte; a `%` not followed by two hexadecimal digits
/// stays as it is, and bytes that are not UTF-8 become U+FFFD.
func formDecoded(_ text: Substring.UTF8View.SubSequence) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    var index = text.startIndex
    while index < text.endIndex {
        let byte = text[index]
        if byte == UInt8(ascii: "+") {
            bytes.append(UInt8(ascii: " "))
        } else if byte == UInt8(ascii: "%"), text.distance(from: index, to: text.endIndex) >= 3,
            let high = hexValue(text[text.index(index, offsetBy: 1)]),
            let low = hexValue(text[text.index(index, offsetBy: 2)])
        {
            bytes.append(high << 4 | low)
            index = text.index(index, offsetBy: 3)
            continue
        } else {
            bytes.append(byte)
        }
        index = text.index(after: index)
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// The symbol as `parameters` ask for it, with an ETag of its bytes: the same request is
/// the same picture, so a client may keep it.
func encodeResponse(_ parameters: [String: String], request: Request) throws -> Response {
    let encode = try badRequest { () throws(BadRequest) in try EncodeRequest(parameters) }
    let bytes: [UInt8]
    do {
        bytes = try encode.render()
    } catch {
        // Well-formed options that this payload cannot meet: too long, a character its mode lacks.
        throw HTTPError(.unprocessableContent, message: "\(error)")
    }
    let tag = "\"" + fnv1a(bytes) + "\""
    var headers: HTTPFields = [
        .contentType: encode.format.mimeType, .eTag: tag, .cacheControl: "public, max-age=86400",
    ]
    if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingPrefix(" ") == tag }) == true {
        headers[.contentType] = nil
        return Response(status: .notModified, headers: headers)
    }
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
}

/// The body, or 413 past `limit`, or 408 when it did not arrive in time.
func collect(_ request: Request, upTo limit: Int, metrics: ServerMetrics) async throws -> ByteBuffer {
    try await readingBody(upTo: limit, metrics: metrics) { try await request.body.collect(upTo: limit) }
}

/// The body as one array, or 413 past `limit`, or 408 when it did not arrive in time. Each
/// part the connection read is copied once, into an array of the `expected` length, and let
/// go at once: the picture's reader takes the array itself, and a waiting request holds
/// its body's bytes, not the connection's read buffers.
func collectBytes(_ request: Request, expected: Int?, upTo limit: Int, metrics: ServerMetrics) async throws -> [UInt8] {
    try await readingBody(upTo: limit, metrics: metrics) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(expected ?? 0, 0), limit))
        for try await part in request.body {
            guard part.readableBytes <= limit - bytes.count else { throw NIOTooManyBytesError(maxBytes: limit) }
            part.withUnsafeReadableBytes { bytes.append(contentsOf: $0) }
        }
        return bytes
    }
}

/// What `read` returns, its errors of reading a body answered: 413 past `limit`, 408 when
/// the body did not arrive in time.
private func readingBody<T>(
    upTo limit: Int, metrics: ServerMetrics, _ read: () async throws -> T
) async throws -> T {
    do {
        return try await read()
    } catch is NIOTooManyBytesError {
        throw bodyTooLarge(limit, metrics: metrics)
    } catch let error as RequestReadTimedOut {
        metrics.refused("read-timeout")
        throw HTTPError(.requestTimeout, headers: [.connection: "close"], message: error.description)
    }
}

/// 503 with Retry-After: every decode place is taken.
func busy(_ service: DecodeService, settings: ServerSettings, metrics: ServerMetrics) -> HTTPError {
    metrics.refused("busy")
    return HTTPError(
        .serviceUnavailable, headers: [.retryAfter: String(settings.retryAfterSeconds)],
        message:
            "every decode place (\(service.admissionLimit)) is taken and no place came in time; retry after \(settings.retryAfterSeconds) s"
    )
}

func bodyTooLarge(_ limit: Int, metrics: ServerMetrics) -> HTTPError {
    metrics.refused("body-too-large")
    return HTTPError(.contentTooLarge, message: "the body is larger than \(limit) bytes")
}

/// `body` with a ``BadRequest`` answered 400.
func badRequest<T>(_ body: () throws(BadRequest) -> T) throws(HTTPError) -> T {
    do {
        return try body()
    } catch {
        throw HTTPError(.badRequest, message: error.description)
    }
}

/// A text answer.
func textResponse(_ text: String, type: String, extra: HTTPFields = [:]) -> Response {
    var headers: HTTPFields = [.contentType: type]
    headers.append(contentsOf: extra)
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
}

/// FNV-1a of `bytes`, in hexadecimal: an ETag that changes when a byte does.
func fnv1a(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return String(hash, radix: 16)
}
