import Testing
@testable import GadgetCore

@Suite struct ControlCommandLineOptionsTests {
    func options(_ words: [String]) -> ControlCommandLineOptions? { try? ControlCommandLine.options(words).get() }
    func failure(_ words: [String]) -> ControlFailure? {
        if case .failure(let f) = ControlCommandLine.options(words) { return f }
        return nil
    }

    @Test func timeoutAnywhere() {
        #expect(options(["state", "--timeout", "3"]) == ControlCommandLineOptions(words: ["state"], timeout: 3))
        #expect(options(["--timeout", "0.5", "state"]) == ControlCommandLineOptions(words: ["state"], timeout: 0.5))
        #expect(options(["set", "t", "--timeout=2", "text", "hi"]) == ControlCommandLineOptions(words: ["set", "t", "text", "hi"], timeout: 2))
        #expect(options(["state"]) == ControlCommandLineOptions(words: ["state"]))
        #expect(options(["state", "-h"])?.help == true)
    }

    @Test func valuesAfterDoubleDashAreWords() {
        #expect(options(["set", "t", "text", "--", "--timeout"]) == ControlCommandLineOptions(words: ["set", "t", "text", "--timeout"]))
        // A negative number is a value, not an option.
        #expect(options(["set", "t", "rotation", "-45"])?.words == ["set", "t", "rotation", "-45"])
    }

    @Test func badValuesAreOneLine() {
        #expect(failure(["state", "--timeout"])?.description == "--timeout: needs a number of seconds")
        #expect(failure(["state", "--timeout", "0"])?.description == "--timeout: must be a number of seconds greater than 0, got \"0\"")
        #expect(failure(["state", "--timeout=soon"])?.field == "--timeout")
        #expect(failure(["state", "--timout", "3"])?.message.hasPrefix("unknown option --timout") == true)
        for f in [failure(["state", "--timeout", "nan"]), failure(["--timout"])] {
            #expect(f?.description.contains("\n") == false)
        }
    }

    @Test func knownCommands() {
        #expect(ControlCommandLine.isKnownCommand("set"))
        #expect(!ControlCommandLine.isKnownCommand("fly"))
        #expect(!ControlCommandLine.isKnownCommand(nil))
    }
}
