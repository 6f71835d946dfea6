// gadgetboard-web-double: a headless stand-in for gadgetboard-web (issue 40). Speaks the same
// protocol on fd 3 (GadgetCore/Web, docs/web.md) with no WebKit: draws solid colours and known
// patterns into memfd slots, says loaded/failed, can be told to crash, hang or fail through its
// page URL (DoublePage), and appends every request it receives to $GADGETBOARD_WEB_DOUBLE_LOG
// (one JSON line each) so tests can see where touches landed. Kiosk tests and the stage use it
// through GADGETBOARD_WEB_HELPER.
import GadgetCore
import GadgetSystem

var fdNumber: Int32 = 3
let arguments = CommandLine.arguments
if let i = arguments.firstIndex(of: "--fd"), i + 1 < arguments.count, let n = Int32(arguments[i + 1]) { fdNumber = n }
ChildProcess.ignoreBrokenPipes()
var double = DoubleHelper(fd: fdNumber, logPath: ProcessEnvironment.current()["GADGETBOARD_WEB_DOUBLE_LOG"])
double.run()
