// qr-serve — RequestLog: one log line and the metrics of every request.
import Hummingbird
import Logging

/// The routes and their methods, made once: a generic type cannot store them, and every
/// request looks its path up.
private let routeMethods: [String: [HTTPRequest.Method]] = [
    "/": [.get], "/encode": [.get, .post], "/decode": [.post], "/openapi.yaml": [.get], "/healthz": [.get],
    "/metrics": [.get],
]
private let routeNames = Set(routeMethods.keys)

/// Logs each request on one line (method, path, status, time; never the query, which
/// holds what users encode) and counts it in ``ServerMetrics``.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    /// The routes and their methods; metrics name these routes, any other path is `other`,
    /// so that no request adds a label.
    static var methods: [String: [HTTPRequest.Method]] { routeMethods }
    static var routes: Set<String> { routeNames }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        metrics.requestsInFlight.increment()
        defer { metrics.requestsInFlight.decrement() }
        do {
            let response = try await next(request, context)
            record(request, status: response.status.code, start: start, logger: context.logger)
            return response
        } catch let error as HTTPError where error.status == .notFound {
            // A route asked with a method it does not take: 405, with the methods it does.
            guard let allowed = Self.methods[request.uri.path] else {
                record(request, status: 404, start: start, logger: context.logger)
                throw error
            }
            record(request, status: 405, start: start, logger: context.logger)
            throw HTTPError(
                .methodNotAllowed, headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")],
                message: "\(request.uri.path) takes \(allowed.map(\.rawValue).joined(separator: " or "))")
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, status: status, start: start, logger: context.logger)
            throw error
        }
    }

    private func record(_ request: Request, status: Int, start: ContinuousClock.Instant, logger: Logger) {
        let elapsed = ContinuousClock.now - start
        let route = Self.routes.contains(request.uri.path) ? request.uri.path : "other"
        metrics.requestAnswered(route: route, status: status, elapsed: elapsed)
        let (seconds, attoseconds) = elapsed.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        logger.info(
            "\(request.method) \(request.uri.path) \(status) \(microseconds / 1000).\(String(microseconds % 1000 / 100)) ms"
        )
    }
}
