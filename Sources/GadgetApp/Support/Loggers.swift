import GadgetSystem
import Logging

/// The app's loggers, one per subsystem (the label is the line's prefix: `kms: …`). Made with
/// `JournalLogHandler` directly, so lines look the same whether or not `main` bootstrapped
/// swift-log (tests, tools); modules below the app receive one of these instead of making their own.
public enum Loggers {
    public static let app = GadgetLogging.logger("app")
    public static let audio = GadgetLogging.logger("audio")
    public static let board = GadgetLogging.logger("board")
    public static let control = GadgetLogging.logger("control")
    public static let calibrate = GadgetLogging.logger("calibrate")
    public static let data = GadgetLogging.logger("data")
    public static let egl = GadgetLogging.logger("egl")
    public static let forms = GadgetLogging.logger("forms")
    public static let input = GadgetLogging.logger("input")
    public static let kms = GadgetLogging.logger("kms")
    public static let mqtt = GadgetLogging.logger("mqtt")
    public static let render = GadgetLogging.logger("render")
    public static let schedule = GadgetLogging.logger("schedule")
    public static let speech = GadgetLogging.logger("speech")
    public static let service = GadgetLogging.logger("service")
    public static let soak = GadgetLogging.logger("soak")
    public static let window = GadgetLogging.logger("window")
    public static let web = GadgetLogging.logger("web")
}
