import ArgumentParser
import RowboatCore

/// How a command that threw ends: help and `--version` print in full on
/// stdout; every error is one line `rowboat: …` on stderr (usage mistakes
/// too, with a pointer to `--help`, never the whole usage text).
enum ExitReport {
    /// Prints what `error` calls for and returns the exit status.
    static func status(for error: any Error) -> Int32 {
        if let code = error as? ExitCode { return code.rawValue }   // already reported
        let code = Rowboat.exitCode(for: error)
        if code == .success {
            _ = StandardStreams.write(fd: 1, Rowboat.fullMessage(for: error) + "\n")
            return 0
        }
        StandardStreams.err("rowboat: " + line(for: error, isUsage: code == .validationFailure))
        return code.rawValue
    }

    /// The one line for `error`.
    static func line(for error: any Error, isUsage: Bool) -> String {
        switch error {
        case let e as CLIError: return e.description
        case let e as DataError: return e.description
        case let e as ConfigError: return e.description
        default: break
        }
        let message = Rowboat.message(for: error)
            .split(separator: "\n").first.map(String.init)?
            .replacingPrefix("Error: ", with: "") ?? "\(error)"
        guard isUsage else { return message }
        return message + " (see \(commandPath(CommandLine.arguments.dropFirst())) --help)"
    }

    /// `rowboat`, or `rowboat config check` when the arguments name those
    /// subcommands: where `--help` explains the mistake.
    static func commandPath(_ arguments: ArraySlice<String>) -> String {
        var path = ["rowboat"]
        var command: any ParsableCommand.Type = Rowboat.self
        for word in arguments {
            guard let sub = command.configuration.subcommands.first(where: { $0.configuration.commandName == word })
            else { break }
            path.append(word)
            command = sub
        }
        return path.joined(separator: " ")
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
