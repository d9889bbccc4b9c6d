import ArgumentParser
import RowboatCore
import RowboatSpec

extension OutputFormat: ExpressibleByArgument {}
