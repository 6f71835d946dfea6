/// `{"cmd":"web","gadget":ID,"action":"reload"}` or `{"cmd":"web","gadget":ID,"action":"navigate",
/// "url":"https://…"}` (docs/web.md): reload a web gadget's page, or send it to another URL (which
/// its `allow` rules still judge, in the helper).
public struct WebControl: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case reload
        case navigate(String)
    }

    public var gadget: String
    public var action: Action

    public init(gadget: String, action: Action) { self.gadget = gadget; self.action = action }

    /// The request's fields after `cmd` and `gadget`; the first mistake is the one line.
    public static func decode(_ value: JSONValue, gadget: String) throws(ControlFailure) -> WebControl {
        guard case .string(let name)? = value["action"] else {
            throw ControlFailure(field: "action", message: value["action"] == nil ? "missing (reload or navigate)" : "expected \"reload\" or \"navigate\"")
        }
        switch name {
        case "reload":
            if value["url"] != nil { throw ControlFailure(field: "url", message: "only navigate takes a url") }
            return WebControl(gadget: gadget, action: .reload)
        case "navigate":
            guard case .string(let url)? = value["url"] else {
                throw ControlFailure(field: "url", message: value["url"] == nil ? "missing: navigate needs the http(s) URL to go to" : "expected an http(s) URL string")
            }
            guard WebURL(url) != nil else { throw ControlFailure(field: "url", message: "\"\(url)\" is not an http:// or https:// URL") }
            return WebControl(gadget: gadget, action: .navigate(url))
        default:
            throw ControlFailure(field: "action", message: "unknown action \"\(name)\" (reload or navigate)")
        }
    }
}
