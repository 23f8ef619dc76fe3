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
    private var deadline: Scheduled<Void>?

    init(limit: TimeAmount) {
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            deadline?.cancel()
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: limit) {
                loopBound.value.fireErrorCaught(RequestReadTimedOut())
            }
        case .body:
            break
        case .end:
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }
}
