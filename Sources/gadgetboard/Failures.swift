import ArgumentParser
import GadgetApp
import GadgetSystem
import GadgetCore

// Failures found while a command runs (a broken board, an unwritable file). Bad arguments never
// get this far: `validate()` and the `ExpressibleByArgument` types refuse them while parsing.

/// Prints every problem of a board, one line each, to stderr and exits with status 2.
func failWithProblems(_ problems: BoardProblems) -> ExitCode {
    for p in problems.problems { StandardError.line(p.description) }
    return ExitCode(2)
}

/// One line to stderr and exit status 2 (the user's input is wrong or missing).
func failWith(_ message: String) -> ExitCode {
    StandardError.line(message)
    return ExitCode(2)
}
