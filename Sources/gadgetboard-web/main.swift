// gadgetboard-web: one web page for one kiosk gadget (issue 40). Started by the kiosk with its
// end of a seqpacket socket as fd 3, or by systemd for one connection to gadgetboard-web.socket
// (Accept=yes: the connection is fd 3); speaks WebHelperRequest/WebHelperReport (GadgetCore/Web),
// draws with WPE WebKit, its frames sent as dma-buf where the GPU's EGL exports them, else through
// shared memory. Exit: 0 when the kiosk quits or goes away, 1 after a `.fatal`, 2 for bad arguments.
import CWPE
import CWPEBackendFDO
import GadgetCore
import GadgetSystem
import Logging

GadgetLogging.bootstrap()
let log = GadgetLogging.logger("web")
// All before any thread starts (setenv is not thread-safe). systemd sets these for this process
// alone: socket activation's (WebKit's processes, started later, must not take fd 3 or the count
// for theirs) and the watchdog's (read here; WebKit's processes must not ping for us).
let environment = ProcessEnvironment.current()
let watchdogPing = WatchdogPing(environment: environment, log: log)
ProcessEnvironment.remove(["LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES", "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"])
// WebKit (WebProcessPoolGLib) asks the session bus for an AT-SPI bus on every start and prints
// "Could not determine the accessibility bus address" when there is none, as on every kiosk; an
// empty WEBKIT_A11Y_BUS_ADDRESS is its own way to say "no bus, do not look". Nothing is lost: the
// kiosk speaks its own accessibility tree (docs/accessibility.md), no screen reader reads WebKit's.
// (NO_AT_BRIDGE=1 does not do it: WPE WebKit 2.38 has its own AT-SPI code, not atk-bridge.)
if environment["WEBKIT_A11Y_BUS_ADDRESS"] == nil && environment["AT_SPI_BUS_ADDRESS"] == nil {
    ProcessEnvironment.set("WEBKIT_A11Y_BUS_ADDRESS", to: "")
}

var fd: Int32 = 3
var memoryLimitMB = WebHelperSettings.defaultMemoryLimitMB
// `$GADGETBOARD_WEB_LOAD_TIMEOUT_S` lengthens it for a helper run without a kiosk; the kiosk's
// `settings` message (sent before every `open`) wins over this and argv.
var loadTimeoutSeconds = WebHelperTiming.loadTimeoutSeconds(environment: environment)
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--fd": fd = arguments.popFirst().flatMap { Int32($0) } ?? -1
    case "--memory-limit-mb": memoryLimitMB = arguments.popFirst().flatMap { Int($0) } ?? -1
    // Tests/web/run.sh shortens it to test a page that never finishes.
    case "--load-timeout-seconds": loadTimeoutSeconds = arguments.popFirst().flatMap { Int($0) } ?? -1
    default: fd = -1
    }
    if fd < 0 || memoryLimitMB <= 0 || loadTimeoutSeconds <= 0 {
        log.error("usage: gadgetboard-web --fd N [--memory-limit-mb MB] [--load-timeout-seconds S] (started by the kiosk, not by hand)")
        ProcessExit.now(2)
    }
}
ChildProcess.ignoreBrokenPipes()

// dma-buf where the GPU's EGL exports (no copy), else shared memory, which works on any GL WebKit
// can draw with, llvmpipe included (FrameExportMode, WebFrameExportChoice).
guard let export = FrameExportMode.start(log: log) else { ProcessExit.now(1) }

let sandbox = WebSandboxDecision.decide(bubblewrapRuns: SandboxProbe.bubblewrapRuns(), dockerenvExists: FileIO.exists("/.dockerenv"),
                                        environment: environment)
if !sandbox.requested {
    log.warning("bubblewrap cannot run here (no namespaces?): WebKit's sandbox is off for this page")
}

let channel = HelperChannel(socket: SeqpacketSocket(adopting: OwnedFileDescriptor(owning: fd)), log: log)
let helper = WebHelper(channel: channel, settings: .init(page: .init(memoryLimitMB: memoryLimitMB, sandbox: sandbox.requested, export: export),
                                                                   loadTimeoutSeconds: loadTimeoutSeconds), log: log)
// Leaving at once: WebKit's own processes see their connection close and end with us.
helper.onExit = { code in ProcessExit.now(code) }
channel.start()
helper.start(engine: "WPE WebKit \(webkit_get_major_version()).\(webkit_get_minor_version()).\(webkit_get_micro_version()), \(export.name)\(sandbox.engineSuffix)")
g_main_loop_run(g_main_loop_new(nil, 0))
