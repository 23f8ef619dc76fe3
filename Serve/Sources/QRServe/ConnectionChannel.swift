// qr-serve — ConnectionChannel: each connection read in small buffers.
import HummingbirdCore
import Logging
import NIOCore

/// A child channel set up and handled as `Inner` does, but for its reads.
///
/// Its reads take buffers of at most ``readBufferLimit``: NIO's default lets each
/// connection's buffer grow to 64 KiB after one large body, and a small request read into
/// such a buffer keeps all of it alive while it waits, so that a server with many
/// connections held a large buffer for each of them.
struct ConnectionChannel<Inner: ServerChildChannel>: ServerChildChannel {
    /// The largest buffer a connection reads into.
    static var readBufferLimit: Int { 16 << 10 }

    let inner: Inner

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        do {
            try channel.syncOptions?.setOption(
                ChannelOptions.recvAllocator,
                value: AdaptiveRecvByteBufferAllocator(minimum: 1024, initial: 2048, maximum: Self.readBufferLimit))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
