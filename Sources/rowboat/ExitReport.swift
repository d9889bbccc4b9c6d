import ArgumentParser
import RowboatApp
import RowboatSpec

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
        var message = Rowboat.message(for: error)
            .split(separator: "\n").first.map(String.init)?
            .replacingPrefix("Error: ", with: "") ?? "\(error)"
        guard isUsage else { return message }
        let arguments = CommandLine.arguments.dropFirst()
        if let unknown = unknownCommand(arguments) { message = unknown }
        return message + " (see \(commandPath(arguments)) --help)"
    }

    /// `unknown command "fecth"; did you mean "fetch"?` when the first word
    /// is not an option, not a URL (the default command's one word) and not
    /// a command (so a mistyped command is what it must be); the commands
    /// are listed when none is close.
    static func unknownCommand(_ arguments: ArraySlice<String>) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-"), !ConfigReadAhead.isURL(word) else { return nil }
        var names: [String] = []
        for command in Rowboat.configuration.subcommands {
            if let name = command.configuration.commandName, !name.hasPrefix("_") { names.append(name) }
        }
        guard !names.contains(word) else { return nil }
        let hint = Suggestion.closest(to: word, in: names).map { "; did you mean \"\($0)\"?" }
            ?? " (commands: \(names.joined(separator: ", ")))"
        return Sanitizer.clean("unknown command \"\(word)\"\(hint)", limit: 200)
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
