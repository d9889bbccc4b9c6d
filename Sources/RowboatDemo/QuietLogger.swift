import Logging

/// Loggers that never write anywhere: the demo server runs inside a
/// full-screen terminal UI, so neither Hummingbird nor ServiceLifecycle may
/// print to stdout/stderr, whatever the process's logging bootstrap is.
package enum QuietLogger {
    package static func make(label: String = "rowboat.demo") -> Logger {
        var logger = Logger(label: label, factory: { _ in SwiftLogNoOpLogHandler() })
        logger.logLevel = .critical
        return logger
    }
}
