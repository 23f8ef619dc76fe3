// qr-serve — ConnectionChannel: each connection read in small buffers and handled on its own event loop.
import HummingbirdCore
import Logging
import NIOCore

/// A child channel set up as `Inner` does, with two changes.
///
/// Its reads take buffers of at most ``readBufferLimit``: NIO's default lets each
/// connection's read buffer grow to 64 KiB after one large body, and with many
/// connections open the server's memory grew with that size, not with the bodies.
///
/// Its connection is handled by a task that prefers the channel's event loop
/// (``EventLoopTaskExecutor``): the loop that reads a request runs its handler, what the
/// handler awaits elsewhere (a decode on the executor) comes back to that loop, and the
/// answer is written there, so a request crosses threads only to and from the decode
/// workers rather than also to and from Swift's task pool.
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
        await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }
}
