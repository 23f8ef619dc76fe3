// qr-serve — RequestReadDeadline: a request's head and body must arrive within a time, however slowly they trickle.
import NIOCore
import NIOHTTPTypes

/// Fails a connection's inbound stream with ``RequestReadTimedOut`` when a request's body
/// has not ended within `limit` of its head. The idle timeout cannot do this: every byte
/// that trickles in resets it. Whoever reads the body then sees the error: the /decode
/// route answers 408, and Hummingbird, draining a body nobody read, closes the connection.
final class RequestReadDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let limit: TimeAmount
    /// When the request being read must have ended, from its head; nil between requests.
    private var due: NIODeadline?
    private var deadline: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            cancel()
            due = .now() + limit
        case .body:
            break
        case .end:
            cancel()
        }
        context.fireChannelRead(data)
    }

    /// The timer is set only for a request still unfinished when a read ends: most
    /// requests arrive whole in one read, and scheduling and cancelling a task on the
    /// event loop for each of them cost more than the check.
    func channelReadComplete(context: ChannelHandlerContext) {
        if let due, deadline == nil {
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(deadline: due) {
                loopBound.value.fireErrorCaught(RequestReadTimedOut())
            }
        }
        context.fireChannelReadComplete()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    private func cancel() {
        deadline?.cancel()
        deadline = nil
        due = nil
    }
}
