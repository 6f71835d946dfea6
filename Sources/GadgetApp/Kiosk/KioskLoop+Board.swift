import GadgetCore
import GadgetRender
import GadgetSystem

/// What the live board tells the loop: events go to the metrics, `--events` and subscribers; a
/// load's end goes to the service, the log, subscribers (`reload`, `reloadFailed`), the control
/// client that asked for it, and (in the window preview, or with `--show-problems`) the banner.
extension KioskLoop: LiveBoardObserver {
    func liveBoard(_ board: LiveBoard, published events: [GestureEvent], actions: [ActionEvent]) {
        for e in events {
            service.metrics.record(e)
            if options.eventsToStdout { StandardOutput.line(JSONWriter.write(e.json)) }
            if !control.endpoints.isEmpty { control.publish(e.json) }
        }
        for a in actions {
            service.metrics.record(a)
            if options.eventsToStdout { StandardOutput.line(JSONWriter.write(a.json)) }
            if !control.endpoints.isEmpty { control.publish(a.json) }
        }
    }

    func liveBoard(_ board: LiveBoard, loadFinished ticket: Int, path: String, end: LoadEnd) {
        switch end {
        case .shown:
            input?.updateMapping(KioskLoop.inputMapping(board.board, board.viewport))
            _ = idle.apply(board.board.idle)
            service.metrics.boardName = board.name
            service.metrics.boardGadgets = board.board.gadgets.count
            damage.invalidate()
            finishReload(board: path, problems: [])
            watchBoardFiles()
            control.publish(.object([("type", .string("reload")), ("board", .string(path))]))
        case .rejected(let problems):
            finishReload(board: path, problems: problems)
        case .superseded:
            Loggers.board.info("\(path): load replaced by a newer one before it was ready")
        }
        control.answerLoad(ticket: ticket, path: path, end: end)
    }

    /// SIGHUP (or a save in the watched directory): load the board again, off the loop; the
    /// running board stays until the new one is ready. A broken board keeps the running one.
    func reload(now: Microseconds, reason: String = "SIGHUP") {
        let path = live.path ?? DemoBoard.name
        service.reloadBegan(now: now, path: path, reason: reason)
        live.load(live.path.map { .file(path: $0) } ?? .demo, reason: reason, now: now)
    }

    /// The service hears how a reload ended (problems it has logged already, the same board saved
    /// broken again, are said in one line); subscribers always hear a refusal.
    func finishReload(board: String, problems: [String]) {
        showProblems(problems, board: board)
        if !problems.isEmpty {
            control.publish(.object([("type", .string("reloadFailed")), ("board", .string(board)),
                                    ("problems", .array(problems.map { .string($0) }))]))
        }
        if reloadProblems.isNew(problems) {
            service.reloadFinished(now: MonotonicClock.now(), board: board, problems: problems)
        } else {
            Loggers.board.error("\(board): still the same \(problems.count) problem\(problems.count == 1 ? "" : "s") as before; still showing \(live.name)")
            service.reloadFinished(now: MonotonicClock.now(), board: board, problems: [], rejected: problems.count)
        }
    }

    /// Whether a refused reload's problems are drawn over the board: for the author at the
    /// window preview by default; on a kiosk's panel (KMS) and headless only when asked, since
    /// visitors would see them.
    var drawsProblems: Bool { options.showProblems || display.providesInput }

    /// Shows the problems of the reload that just failed over the board (nothing when `problems`
    /// is empty: a good reload clears them). The log has them already.
    func showProblems(_ problems: [String], board path: String) {
        let had = problemsOverlay != nil
        if problems.isEmpty || !drawsProblems {
            problemsOverlay = nil
        } else {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            problemsOverlay = ProblemsOverlay(title: "\(name) not reloaded (\(count)), showing the last good board", problems: problems)
        }
        if had || problemsOverlay != nil {
            damage.invalidate()
            live.needsDraw = true
        }
    }
}
