/// `check`'s look at where a board's forms send their submissions: a form whose target is an
/// MQTT topic is delivered only by a kiosk started with `--mqtt` (without it every entry waits in
/// the spool, which the kiosk says only when a visitor submits). `check` cannot see the kiosk's
/// command line, so it asks: `check --mqtt URL` says the kiosk will have a broker; without it each
/// topic form is a warning, not a refusal (the board is valid and nothing is lost).
public enum FormTransportCheck {
    public static func warnings(_ board: Board, file: String, hasMQTT: Bool) -> [BoardProblem] {
        guard !hasMQTT else { return [] }
        return board.forms.compactMap { form in
            guard case .topic(let topic) = form.submit else { return nil }
            return BoardProblem(file: file, jsonPath: form.jsonPath + ".submit.topic",
                                message: "warning: form \"\(form.id)\" submits to the MQTT topic \(topic), which needs the kiosk to run with --mqtt (without it every entry waits in the spool); check --mqtt URL says it will")
        }
    }
}
