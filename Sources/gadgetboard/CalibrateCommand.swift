import ArgumentParser
import GadgetApp
import GadgetCore

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate the touch panel on the panel itself: touch five targets, check, save touch.calibration.",
        discussion: """
        Shows five targets one at a time (four corners inset by 10 %, then the centre), takes the raw \
        touch of each, fits LIBINPUT_CALIBRATION_MATRIX by least squares and shows a check screen \
        where a dot follows the finger through the new matrix; tap OK to accept. The last line on \
        stdout is the matrix as a JSON array of six numbers; with --write it also goes into that \
        board file's touch.calibration, changing nothing else in the file.
        """)

    @Argument(help: "Board file whose rotation lays out the screen (default: the --write board, else rotation 0).")
    var board: String?

    @Option(help: "Board file to write touch.calibration into (only that value changes).")
    var write: String?

    @Option(help: "Seconds the check screen waits for OK before accepting by itself; 0 skips the check.")
    var checkSeconds: Double = 10

    @Option(help: "Write a PNG of the last presented frame here at exit.")
    var screenshot: String?

    @OptionGroup var output: DisplayArguments

    func validate() throws {
        guard checkSeconds >= 0, checkSeconds <= 3600 else { throw ValidationError("--check-seconds: must be 0…3600") }
        // Refused while parsing (status 2, one line), not after a display was opened.
        if output.display == .window { throw ValidationError("--display window: calibrate needs the panel (auto, kms or headless); a window has no touch panel to fit") }
        if let screenshot { try requirePNGName("--screenshot", screenshot) }
    }

    /// What the calibration is asked to do, from the arguments.
    var options: CalibrationOptions {
        var o = CalibrationOptions()
        o.run.boardPath = board
        output.apply(to: &o.run)
        o.run.screenshotPath = screenshot
        o.checkSeconds = checkSeconds
        o.writePath = write
        return o
    }

    func run() throws {
        let code = Calibration.run(options)
        if code != 0 { throw ExitCode(code) }
    }
}
