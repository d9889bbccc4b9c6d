import Logging
import ServiceLifecycle

/// The one way our servers run as a service group: the quiet logger and
/// five seconds of graceful shutdown; in the foreground, until SIGINT or
/// SIGTERM.
package enum ServiceGroups {
    /// A group running `service`; in the `foreground` it also shuts down
    /// gracefully on SIGINT and SIGTERM.
    package static func make(_ service: any Service, foreground: Bool = false) -> ServiceGroup {
        var configuration = foreground
            ? ServiceGroupConfiguration(services: [service], gracefulShutdownSignals: [.sigterm, .sigint],
                                        logger: QuietLogger.make())
            : ServiceGroupConfiguration(services: [service], logger: QuietLogger.make())
        configuration.maximumGracefulShutdownDuration = .seconds(5)
        return ServiceGroup(configuration: configuration)
    }

    /// Runs `service` until SIGINT or SIGTERM, then shuts it down gracefully.
    package static func runInForeground(_ service: any Service) async throws {
        try await make(service, foreground: true).run()
    }
}
