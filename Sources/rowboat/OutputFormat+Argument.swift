import ArgumentParser
import RowboatCore

extension OutputFormat: ExpressibleByArgument {}
