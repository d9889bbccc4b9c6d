import NIOCore

/// A NIO event loop as a Swift task executor: a task that prefers it runs
/// its jobs on the loop's thread, where AsyncHTTPClient's own work for a
/// connection on that loop happens too (NIO 2.101 offers only a serial
/// executor for a loop, which a task cannot prefer).
final class EventLoopExecutor: TaskExecutor, Sendable {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
