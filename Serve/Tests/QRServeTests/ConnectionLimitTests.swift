// qr-serve tests — the bounds on connections: the cap, the idle timeout, the read deadline, and a slow upload holding no decode place; a real server on 127.0.0.1.
import Dispatch
import Foundation
import Hummingbird
import Logging
import NIOCore
import QRKit
import ServiceLifecycle
import Testing

@testable import QRServe

#if canImport(Glibc)
import Glibc
#endif

/// Settings as `adjust` leaves them, on a free port.
func liveSettings(_ adjust: (inout ServerSettings) -> Void) -> ServerSettings {
    var settings = ServerSettings()
    settings.port = 0
    adjust(&settings)
    return settings
}

/// Runs `body` against a real server on 127.0.0.1 with `settings`, then stops the server.
func withLiveServer<T: Sendable>(_ settings: ServerSettings, _ body: @Sendable (Int) async throws -> T) async throws
    -> T
{
    let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
    let app = makeApplication(settings: settings, logger: Logger(label: "qr-serve-test")) { port in
        portSink.yield(port)
        portSink.finish()
    }
    let group = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "qr-serve-test")))
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        defer { tasks.cancelAll() }
        guard let port = await ports.first(where: { _ in true }) else {
            throw RawConnection.Failure("the server never said its port")
        }
        let value = try await body(port)
        await group.triggerGracefulShutdown()
        try await tasks.next()
        return value
    }
}

/// Runs `body` with one connection open to a real server with `settings`, then closes the
/// connection and stops the server.
func withLiveConnection(
    _ settings: ServerSettings, _ body: @Sendable (Int, RawConnection) async throws -> Void
) async throws {
    try await withLiveServer(settings) { port in
        let connection = try await RawConnection.open(port: port)
        do {
            try await body(port, connection)
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
    }
}

/// A TCP connection to 127.0.0.1 driven byte by byte, for what an HTTP client does not
/// do: stay idle, or trickle a body. Every wait is bounded, and its blocking calls run on
/// a serial queue of its own: on Linux, Swift's tasks run on Dispatch's global queues,
/// whose few threads a blocked call would take from the server it waits for, until
/// Dispatch notices and adds one, seconds later.
struct RawConnection: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// What a bounded wait for bytes found.
    enum Received: Equatable {
        case bytes([UInt8])
        case closed
        case nothingYet
    }

    let descriptor: Int32
    /// Serial, so it runs on a thread Dispatch adds for it, whatever the others do.
    private let queue: DispatchQueue

    static func open(port: Int) async throws -> RawConnection {
        let queue = DispatchQueue(label: "raw-connection")
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try connected(port: port, queue: queue) }) }
        }
    }

    private static func connected(port: Int, queue: DispatchQueue) throws -> RawConnection {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            Glibc.close(fd)
            throw Failure("connect: errno \(errno)")
        }
        return RawConnection(descriptor: fd, queue: queue)
    }

    /// Sends `bytes`; false when the server has closed the connection.
    func send(_ bytes: [UInt8]) async -> Bool {
        let fd = descriptor
        return await blocking {
            bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        }
    }

    func send(_ text: String) async -> Bool { await send(Array(text.utf8)) }

    /// Waits at most `wait` for bytes.
    func receive(waiting wait: Duration) async -> Received {
        let fd = descriptor
        return await blocking {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(0, min(3_600_000, (wait / .milliseconds(1)).rounded(.up))))
            guard poll(&poller, 1, milliseconds) > 0 else { return .nothingYet }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            return count > 0 ? .bytes(Array(buffer.prefix(count))) : .closed
        }
    }

    /// The next response, its head and a body of `Content-Length`, as text; nil when the
    /// connection closes first or it does not come whole within `wait`.
    func responseText(within wait: Duration) async -> String? {
        let deadline = ContinuousClock.now + wait
        var bytes: [UInt8] = []
        while ContinuousClock.now < deadline {
            guard case .bytes(let more) = await receive(waiting: deadline - ContinuousClock.now) else { return nil }
            bytes += more
            guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { continue }
            let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
            let length =
                head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            if bytes.count - end.upperBound >= length { return String(decoding: bytes, as: UTF8.self) }
        }
        return nil
    }

    /// The status of the next response, read whole; nil as for ``responseText(within:)``.
    func response(within wait: Duration) async -> Int? {
        await responseText(within: wait).flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }
    }

    /// Whether the server closes the connection within `wait`, whatever it sends first.
    func closes(within wait: Duration) async -> Bool {
        let deadline = ContinuousClock.now + wait
        while ContinuousClock.now < deadline {
            switch await receive(waiting: deadline - ContinuousClock.now) {
            case .closed: return true
            case .nothingYet: return false
            case .bytes: continue
            }
        }
        return false
    }

    func close() async {
        let fd = descriptor
        await blocking { _ = Glibc.close(fd) }
    }

    private func blocking<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}

/// A request whose body is `Content-Length` long: the head, then `first` of the body.
func postHead(_ path: String, length: Int, type: String = "application/octet-stream") -> String {
    "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: \(type)\r\nContent-Length: \(length)\r\n\r\n"
}

let healthz = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"

/// Generous: these waits only keep a broken server from hanging the suite.
let hangGuard = Duration.seconds(30)

@Suite struct ConnectionLimitTests {
    /// A photo with one code: the body of the /decode requests here.
    let photo: [UInt8]

    init() throws {
        photo = try sample("photos/qrcode-2-17.png")
    }

    @Test func anIdleConnectionIsClosed() async throws {
        try await withLiveConnection(liveSettings { $0.idleTimeout = .seconds(1) }) { port, idle in
            // Nothing sent: the server closes it once the idle timeout has passed.
            #expect(await idle.closes(within: hangGuard))
            // A connection that is used and then left idle is closed too.
            let used = try await RawConnection.open(port: port)
            #expect(await used.send(healthz))
            #expect(await used.response(within: hangGuard) == 200)
            #expect(await used.closes(within: hangGuard))
            await used.close()
        }
    }

    @Test func connectionsPastTheCapWaitUntilOneCloses() async throws {
        try await withLiveServer(liveSettings { $0.connectionLimit = 2 }) { port in
            var open: [RawConnection] = []
            for _ in 0..<2 {
                let connection = try await RawConnection.open(port: port)
                #expect(await connection.send(healthz))
                #expect(await connection.response(within: hangGuard) == 200)
                open.append(connection)
            }
            // The third is in the listen backlog, unaccepted: its request is not answered
            // while the other two stay open...
            let third = try await RawConnection.open(port: port)
            #expect(await third.send(healthz))
            #expect(await third.receive(waiting: .seconds(1)) == .nothingYet)
            // ...and is once one of them closes.
            await open[0].close()
            #expect(await third.response(within: hangGuard) == 200)
            await open[1].close()
            await third.close()
        }
    }

    @Test func aTricklingBodyHoldsNoDecodePlaceAndIsCutOff() async throws {
        try await withLiveConnection(
            liveSettings {
                $0.admissionLimit = 1
                $0.requestReadTimeout = .seconds(2)
                $0.idleTimeout = .seconds(120)
            }
        ) { port, slow in
            #expect(await slow.send(postHead("/decode", length: photo.count) + "\u{89}PNG"))
            // Once the slow request is in the server (in flight beside the /metrics request
            // that asks), a whole picture on another connection takes the one place.
            let other = try await RawConnection.open(port: port)
            var seen = false
            for _ in 0..<100 where !seen {
                #expect(await other.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
                let metrics = try #require(await other.responseText(within: hangGuard))
                seen = metrics.contains("qrserve_requests_in_flight 2")
                if !seen { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(seen, "the slow request never showed in flight")
            #expect(await other.send(postHead("/decode", length: photo.count)))
            #expect(await other.send(photo))
            #expect(await other.response(within: hangGuard) == 200)
            // A byte at a time, each well within the idle timeout, never the whole body:
            // the read deadline answers 408 and closes the connection.
            var status: Int?
            for _ in 0..<150 {
                guard await slow.send([0]) else { break }
                if case .bytes(let bytes) = await slow.receive(waiting: .milliseconds(200)) {
                    status = Int(String(decoding: bytes, as: UTF8.self).split(separator: " ").dropFirst().first ?? "")
                    break
                }
            }
            #expect(status == 408)
            #expect(await slow.closes(within: hangGuard))
            await other.close()
        }
    }

    @Test func aRefusalBeforeTheBodyKeepsTheConnection() async throws {
        // No place and no line: every /decode is refused before its body is read.
        let refusing = liveSettings {
            $0.admissionLimit = 0
            $0.lineLimit = 0
        }
        try await withLiveConnection(refusing) { _, connection in
            // Twice on one connection: the body of the refused request is read past, and the
            // next request is answered.
            for _ in 0..<2 {
                #expect(await connection.send(postHead("/decode", length: photo.count)))
                #expect(await connection.send(photo))
                #expect(await connection.response(within: hangGuard) == 503)
            }
            #expect(await connection.send(healthz))
            #expect(await connection.response(within: hangGuard) == 200)
        }
    }
}
