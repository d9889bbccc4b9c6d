import ArgumentParser
import RowboatSpec

extension OutputFormat: ExpressibleByArgument {}
