// The `gadgetboard` executable: argument parsing and exit codes only; the work lives in GadgetApp.
import ArgumentParser
import GadgetApp
import GadgetSystem

// Every logger the process makes, ours and any library's, writes journal-friendly lines.
GadgetLogging.bootstrap()

// ArgumentParser's own `main()` reports a usage error on four lines (error, option help, usage,
// "see --help") with status 64; docs/cli.md promises one line per problem and status 2 for any
// bad input. So a usage error, ours from `validate()` or ArgumentParser's from parsing a value,
// leaves as its one-line message with status 2. Help and completion scripts (clean exits) and
// whatever `run()` throws go ArgumentParser's usual way.
var command: ParsableCommand
do {
    command = try Gadgetboard.parseAsRoot()
} catch {
    if Gadgetboard.exitCode(for: error) == .validationFailure {
        StandardError.line(Gadgetboard.message(for: error))
        Gadgetboard.exit(withError: ExitCode(2))
    }
    Gadgetboard.exit(withError: error)
}
do {
    try command.run()
} catch {
    Gadgetboard.exit(withError: error)
}
