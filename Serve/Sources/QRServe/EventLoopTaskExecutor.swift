// qr-serve — EventLoopTaskExecutor: a connection's task run on its channel's event loop.
import NIOCore

/// Runs the jobs of the tasks that prefer it on one event loop.
///
/// A connection's task (reading its requests, routing, writing the answers) runs on its
/// channel's event loop rather than on Swift's task pool: the bytes the loop reads resume
/// the task on the same thread, and the answer is written there, where every hand-over
/// between the loop and the pool would wake a thread of the other.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
