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

    @Option(name: .customLong("max-body-mb"), help: "The largest request body, in MB (413 past it).")
    var maxBodyMB = 20

    @Option(
        name: .customLong("max-decodes"),
        help: "The most /decode requests decoding at once (503 with Retry-After past it); default: 4 per core.")
    var maxDecodes: Int?

    @Option(help: "The least level logged: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port takes 0 to 65535, not \(port)") }
        guard (1...1024).contains(maxBodyMB) else { throw ValidationError("--max-body-mb takes 1 to 1024") }
        if let maxDecodes, !(1...4096).contains(maxDecodes) {
            throw ValidationError("--max-decodes takes 1 to 4096")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("unknown --log-level '\(logLevel)'")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "qr-serve")
        var settings = ServerSettings()
        settings.host = host
        settings.port = port
        settings.bodyLimit = maxBodyMB << 20
        if let maxDecodes { settings.admissionLimit = maxDecodes }
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
