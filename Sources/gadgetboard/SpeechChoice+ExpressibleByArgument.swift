import ArgumentParser
import GadgetApp

/// `--speech auto|on|off`; any other value is ArgumentParser's one-line error listing the three.
extension SpeechChoice: ExpressibleByArgument {}
