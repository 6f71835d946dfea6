import Testing

/// The kiosk tests whose web helpers are found through the process's environment
/// (GADGETBOARD_WEB_HELPER, GADGETBOARD_WEB_DOUBLE_LOG, GADGETBOARD_WEB_RESTART_MAX_MS): the
/// environment is the whole test process's, so these suites run one at a time, never beside
/// each other (run side by side, one suite's double logged into the other's file).
@Suite(.serialized) enum WebKioskSuites {}
