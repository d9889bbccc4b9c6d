import ArgumentParser
import RowboatCore
import RowboatSpec

extension GetMode: ExpressibleByArgument {}
