import GadgetSystem

/// The problems a kiosk meets bringing up a display, each as the sentence the user reads and
/// what to do about it. Kept in one place so the wording is consistent and testable. No
/// subsystem prefix: the logger that prints an error adds `kms:`.
enum KMSProblem {
    case noDevice(detail: String)
    case permission(path: String, group: String?)
    case noModesetCard(tried: [String])
    case noConnectedConnector(card: String, connectors: [String])
    case connectorNotFound(name: String, card: String, available: [String])
    case otherMaster(path: String, failure: SystemError)
    case modeUnavailable(requested: ModeRequest, connector: String, available: [DisplayMode])
    case noCRTC(connector: String)
    case noPrimaryPlane(crtc: CRTCID)

    var message: String {
        switch self {
        case .noDevice(let detail):
            return "no DRM device (\(detail)). Is the GPU driver loaded (e.g. dtoverlay=vc4-kms-v3d on a Raspberry Pi)?"
        case .permission(let path, let group):
            let who = group.map { "join the '\($0)' group (usermod -aG \($0) $USER) or run as root" } ?? "run as root or give your user access to it"
            return "no permission to open \(path): \(who)."
        case .noModesetCard(let tried):
            return "no DRM card can modeset (tried \(tried.joined(separator: ", "))); render-only nodes cannot drive a display."
        case .noConnectedConnector(let card, let connectors):
            let list = connectors.isEmpty ? "it has no connectors" : "connectors: " + connectors.joined(separator: ", ")
            return "no connected display on \(card) (\(list)); plug in the panel (the kiosk can be started before it)."
        case .connectorNotFound(let name, let card, let available):
            return "no connector named \(name) on \(card); it has \(available.isEmpty ? "none" : available.joined(separator: ", "))."
        case .otherMaster(let path, let failure):
            return "another program is driving \(path) (\(failure)). "
                + "Stop the desktop or display server (e.g. systemctl stop display-manager) or switch to a free VT."
        case .modeUnavailable(let requested, let connector, let available):
            let list = available.map { $0.description + ($0.isPreferred ? " (preferred)" : "") }
            return "\(connector) has no mode \(requested); it offers \(list.joined(separator: ", "))."
        case .noCRTC(let connector):
            return "no free CRTC can drive \(connector)."
        case .noPrimaryPlane(let crtc):
            return "\(crtc) has no primary plane."
        }
    }
}
