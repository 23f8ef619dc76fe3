// qr-serve — the command: QRKit over HTTP, on loopback unless told otherwise; SIGTERM drains it.
import ArgumentParser
import Logging
import QRServe
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#endif

@main
struct QRServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr-serve",
        abstract: "Serve QR encoding and decoding over HTTP: /encode, /decode, a page at /.",
        discussion: """
            Listens on 127.0.0.1 unless --host says otherwise. SIGTERM or SIGINT stops \
            accepting connections, answers the requests in flight, and exits. \
            The API is described at /openapi.yaml; /metrics is in Prometheus's text format.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one (printed on standard output).")
    var port = 8080

    @Option(help: "The largest request body, in MB (413 past it).")
    var maxBodyMB = 20

    @Option(
        help: """
            The most /decode requests decoding at once; default: four per core. While more \
            than that wait, one per core (or this, if lower), so that the newest waiter \
            starts at once.
            """)
    var maxDecodes: Int?

    @Option(help: "The most /decode requests waiting for a place (503 with Retry-After past it).")
    var maxWaiting = 1024

    @Option(
        name: .customLong("max-wait-ms"),
        help: "The longest a /decode request waits for a place, in milliseconds (503 with Retry-After past it).")
    var maxWaitMilliseconds = 250

    @Option(
        name: .customLong("fresh-wait-ms"),
        help: """
            Under overload, a place freed while every waiter has waited longer than this, in \
            milliseconds, is kept for a request that comes in meanwhile (see --hold-place-ms).
            """)
    var freshWaitMilliseconds = 2.0

    @Option(
        name: .customLong("hold-place-ms"),
        help: """
            The longest such a place is kept, in milliseconds, before the newest waiter has it; \
            0: never kept.
            """)
    var holdPlaceMilliseconds = 1.0

    @Option(help: "The most MB of /decode bodies held at once (503 with Retry-After past it).")
    var maxBodyMemoryMB = 256

    @Option(help: "The most connections open at once; past it, new ones wait unaccepted until one closes.")
    var maxConnections = 1024

    @Option(
        name: .customLong("idle-timeout-s"),
        help: "Seconds a connection may stay open with no request in progress before it is closed.")
    var idleTimeoutSeconds = 30

    @Option(
        name: .customLong("read-timeout-s"),
        help: "Seconds a request's body may take to arrive, from its head (408 and closed past it).")
    var readTimeoutSeconds = 60

    @Option(help: "The least level logged: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        guard (1...1024).contains(maxBodyMB) else { throw ValidationError("--max-body-mb takes 1 to 1024") }
        if let maxDecodes, !(1...4096).contains(maxDecodes) {
            throw ValidationError("--max-decodes takes 1 to 4096")
        }
        guard (maxBodyMB...65536).contains(maxBodyMemoryMB) else {
            throw ValidationError("--max-body-memory-mb takes --max-body-mb (\(maxBodyMB)) to 65536")
        }
        guard (0...4096).contains(maxWaiting) else { throw ValidationError("--max-waiting takes 0 to 4096") }
        guard (1...60_000).contains(maxWaitMilliseconds) else {
            throw ValidationError("--max-wait-ms takes 1 to 60000")
        }
        guard (0...1000).contains(freshWaitMilliseconds) else {
            throw ValidationError("--fresh-wait-ms takes 0 to 1000")
        }
        guard (0...100).contains(holdPlaceMilliseconds) else { throw ValidationError("--hold-place-ms takes 0 to 100") }
        guard (1...1_000_000).contains(maxConnections) else {
            throw ValidationError("--max-connections takes 1 to 1000000")
        }
        guard (1...3600).contains(idleTimeoutSeconds) else { throw ValidationError("--idle-timeout-s takes 1 to 3600") }
        guard (1...3600).contains(readTimeoutSeconds) else { throw ValidationError("--read-timeout-s takes 1 to 3600") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("unknown --log-level '\(logLevel)'")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = LineLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "qr-serve")
        var settings = ServerSettings()
        settings.host = host
        settings.port = port
        settings.bodyLimit = maxBodyMB << 20
        if let maxDecodes { settings.admissionLimit = maxDecodes }
        settings.bodyMemoryLimit = maxBodyMemoryMB << 20
        settings.lineLimit = maxWaiting
        settings.waitLimit = .milliseconds(maxWaitMilliseconds)
        settings.freshLimit = .microseconds(Int(freshWaitMilliseconds * 1000))
        settings.holdLimit = .microseconds(Int(holdPlaceMilliseconds * 1000))
        settings.connectionLimit = maxConnections
        settings.idleTimeout = .seconds(idleTimeoutSeconds)
        settings.requestReadTimeout = .seconds(readTimeoutSeconds)
        let host = host
        let app = makeApplication(settings: settings, logger: logger) { port in
            // Scripts started with --port 0 read the port from this line.
            // Written at once, unbuffered, whatever standard output is.
            let line = Array("qr-serve listening on http://\(host):\(port)\n".utf8)
            _ = line.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
        }
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
