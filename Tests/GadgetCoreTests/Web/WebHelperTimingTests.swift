import Testing
@testable import GadgetCore

/// The VM stage's longer waits for WebKit under software emulation (Tests/vm/run-web.sh): read
/// from the environment, the kiosk's defaults when unset or not a positive whole number.
@Suite struct WebHelperTimingTests {
    @Test func theDefaultsStayWithoutTheVariables() {
        #expect(WebHelperTiming.readyTimeout(environment: [:]) == 10_000_000)
        #expect(WebHelperTiming.loadTimeoutSeconds(environment: [:]) == 20)
    }

    @Test func theVariablesLengthenThem() {
        let env = ["GADGETBOARD_WEB_READY_TIMEOUT_MS": "120000", "GADGETBOARD_WEB_LOAD_TIMEOUT_S": "180"]
        #expect(WebHelperTiming.readyTimeout(environment: env) == 120_000_000)
        #expect(WebHelperTiming.loadTimeoutSeconds(environment: env) == 180)
    }

    @Test func nonsenseKeepsTheDefaults() {
        for bad in ["", "0", "-5", "ten", "1.5", "99999999999"] {
            let env = ["GADGETBOARD_WEB_READY_TIMEOUT_MS": bad, "GADGETBOARD_WEB_LOAD_TIMEOUT_S": bad]
            #expect(WebHelperTiming.readyTimeout(environment: env) == 10_000_000, "\(bad)")
            #expect(WebHelperTiming.loadTimeoutSeconds(environment: env) == 20, "\(bad)")
        }
    }
}
