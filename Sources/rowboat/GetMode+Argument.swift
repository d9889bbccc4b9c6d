import ArgumentParser
import RowboatSpec

extension GetMode: ExpressibleByArgument {}
