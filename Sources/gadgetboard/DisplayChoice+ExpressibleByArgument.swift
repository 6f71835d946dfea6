import ArgumentParser
import GadgetApp
import GadgetBench

// `--display`: ArgumentParser takes the raw values and lists them in the help and in its error.

extension RunOptions.DisplayChoice: ExpressibleByArgument {}

extension BenchOptions.DisplayChoice: ExpressibleByArgument {}

// `bench --workload`.
extension BenchWorkloadKind: ExpressibleByArgument {}
