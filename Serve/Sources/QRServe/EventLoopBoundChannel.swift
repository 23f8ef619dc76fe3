// qr-serve — EventLoopBoundChannel: each connection handled on its own event loop.
import HummingbirdCore
import Logging
import NIOCore

/// A child channel set up as `Inner` does, whose connection is handled by a task that
/// prefers the channel's event loop (``EventLoopTaskExecutor``); what a handler awaits
/// elsewhere, a decode on the executor, comes back to that loop.
struct EventLoopBoundChannel<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }
}
