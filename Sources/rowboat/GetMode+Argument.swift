import ArgumentParser
import RowboatCore

extension GetMode: ExpressibleByArgument {}
