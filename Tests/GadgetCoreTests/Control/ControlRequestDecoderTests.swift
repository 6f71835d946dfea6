import Testing
@testable import GadgetCore

@Suite struct ControlRequestDecoderTests {
    func decode(_ s: String) -> Result<ControlRequest, ControlFailure> { ControlRequestDecoder.decode(Array(s.utf8)) }
    func failure(_ s: String) -> ControlFailure? { if case .failure(let f) = decode(s) { return f }; return nil }

    @Test func setWithEveryProperty() throws {
        let r = try decode(##"{"cmd":"set","id":7,"gadget":"price","text":"3.20 €","image":"img/./a.png","color":"#ff000080","opacity":0.5,"hidden":true,"center":[10,20.5],"rotation":-45,"scale":2,"z":3,"duration":0.25}"##).get()
        #expect(r.id == .number(7))
        guard case .set(let s) = r.command else { Issue.record("not a set"); return }
        #expect(s.gadget == "price")
        #expect(s.text == .plain("3.20 €"))
        #expect(s.image?.components == ["img", "a.png"])
        #expect(s.color == Color(hex: "#ff000080"))
        #expect(s.opacity == 0.5 && s.hidden == true && s.center == Vector2(10, 20.5))
        #expect(s.rotation == -45 && s.scale == 2 && s.z == 3 && s.duration == 0.25)
    }

    @Test func textObjectIsKeptForTheTextRuntime() throws {
        let r = try decode(##"{"cmd":"set","gadget":"t","text":{"string":"hi","size":20}}"##).get()
        guard case .set(let s) = r.command, case .object(let v)? = s.text else { Issue.record("no text object"); return }
        #expect(v["string"] == .string("hi"))
    }

    @Test func otherCommands() throws {
        #expect(try decode(##"{"cmd":"state"}"##).get().command == .state)
        #expect(try decode(##"{"cmd":"snapshot","id":"s"}"##).get() == ControlRequest(id: .string("s"), command: .snapshot))
        #expect(try decode(##"{"cmd":"subscribe"}"##).get().command == .subscribe(true))
        #expect(try decode(##"{"cmd":"subscribe","events":false}"##).get().command == .subscribe(false))
        #expect(try decode(##"{"cmd":"page","page":"home"}"##).get().command == .page("home"))
        #expect(try decode(##"{"cmd":"submit","form":"guestbook"}"##).get().command == .submit("guestbook"))
        #expect(failure(##"{"cmd":"submit"}"##) == ControlFailure(field: "form", message: "missing"))
        #expect(failure(##"{"cmd":"submit","form":"g","fields":{}}"##)?.field == "fields")
        guard case .load(let p) = try decode(##"{"cmd":"load","path":"boards/night.json"}"##).get().command else { Issue.record("not load"); return }
        #expect(p.description == "boards/night.json")
    }

    @Test func errorsNameTheFieldAndKeepTheID() {
        #expect(failure(##"{"cmd":"set","id":"a","gadget":"x","opacity":2}"##) == ControlFailure(id: .string("a"), field: "opacity", message: "2 is out of range 0...1"))
        #expect(failure(##"{"cmd":"set","id":1,"gadget":"x","opactiy":1}"##)?.field == "opactiy")
        #expect(failure(##"{"cmd":"set","id":1,"gadget":"x","opactiy":1}"##)?.message == "unknown field (did you mean \"opacity\"?)")
        #expect(failure(##"{"cmd":"set","id":1,"gadget":"x","opactiy":1}"##)?.id == .number(1))
        #expect(failure(##"{"cmd":"set","gadget":"x"}"##)?.message.hasPrefix("set: nothing to change") == true)
        #expect(failure(##"{"cmd":"set","opacity":1}"##)?.field == "gadget")
        #expect(failure(##"{"cmd":"set","gadget":"x","center":[1]}"##)?.field == "center")
        #expect(failure(##"{"cmd":"set","gadget":"x","center":[1e300,0]}"##)?.field == "center")
        #expect(failure(##"{"cmd":"set","gadget":"x","scale":0}"##)?.field == "scale")
        #expect(failure(##"{"cmd":"set","gadget":"x","hidden":"yes"}"##)?.field == "hidden")
        #expect(failure(##"{"cmd":"set","gadget":"x","color":"red"}"##)?.field == "color")
        #expect(failure(##"{"cmd":"set","gadget":"x","text":3}"##)?.field == "text")
        #expect(failure(##"{"cmd":"set","gadget":"x","z":1,"z":2}"##)?.field == "z")
        #expect(failure(##"{"cmd":"fly"}"##)?.field == "cmd")
        #expect(failure(##"{"id":3}"##) == ControlFailure(id: .number(3), field: "cmd", message: "missing (one of set, page, load, state, snapshot, subscribe, display, video, play, volume, submit, focus, speak, accessibility, web)"))
        #expect(failure(##"{"cmd":"state","id":[1]}"##)?.field == "id")
        #expect(failure(##"[1,2]"##)?.field == nil)
        #expect(failure("garbage")?.message.hasPrefix("not JSON") == true)
        #expect(failure("")?.message.hasPrefix("not JSON") == true)
    }

    @Test func pathsAreRefusedInTheDecoder() {
        #expect(failure(##"{"cmd":"load","path":"../../etc/shadow"}"##)?.field == "path")
        #expect(failure(##"{"cmd":"load","path":"/etc/shadow"}"##)?.field == "path")
        #expect(failure(##"{"cmd":"set","gadget":"x","image":"a/../../b.png"}"##)?.field == "image")
    }

    @Test func repliesAreOneLineWithIdOkAndError() {
        #expect(ControlReply.ok(id: .string("a")) == ##"{"id":"a","ok":true}"##)
        #expect(ControlReply.ok(id: nil, [("events", .bool(true))]) == ##"{"ok":true,"events":true}"##)
        let e = ControlReply.error(ControlFailure(id: .number(2), field: "opacity", message: "bad\nline"))
        #expect(!e.contains("\n"))
        #expect(e.hasPrefix(##"{"id":2,"ok":false,"error":"opacity: bad"##))
    }
}

@Suite struct BoardRelativePathTests {
    func refusal(_ s: String) -> BoardRelativePath.Refusal? { if case .failure(let r) = BoardRelativePath.parse(s) { return r }; return nil }

    @Test func relativePathsInsideAreAccepted() throws {
        #expect(try BoardRelativePath.parse("a.png").get().components == ["a.png"])
        #expect(try BoardRelativePath.parse("./img//b.png").get().components == ["img", "b.png"])
        #expect(try BoardRelativePath.parse("..a/b..").get().components == ["..a", "b.."])
    }

    @Test func escapesAreRefused() {
        #expect(refusal("../../etc/shadow") == .parent)
        #expect(refusal("img/../../x") == .parent)
        #expect(refusal("img/..") == .parent)
        #expect(refusal("/etc/shadow") == .absolute)
        #expect(refusal("") == .empty)
        #expect(refusal("./.") == .empty)
        #expect(refusal("a\0b") == .nul)
        #expect(refusal(String(repeating: "a", count: 256)) == .tooLong)
        #expect(refusal(String(repeating: "a/", count: 40)) == .tooDeep)
    }
}

@Suite struct ReloadDebounceTests {
    @Test func waitsForQuietButNotForever() {
        var d = ReloadDebounce(quiet: 300, longest: 1000)
        #expect(d.deadline == nil)
        let due10_000 = d.takeDue(at: 10_000); #expect(!due10_000)
        d.changed(at: 0)
        #expect(d.deadline == 300)
        d.changed(at: 200)
        let due400 = d.takeDue(at: 400); #expect(!due400)
        let due500 = d.takeDue(at: 500); #expect(due500)
        let due600 = d.takeDue(at: 600); #expect(!due600)  // taken
        // A directory that keeps changing still reloads by `longest`.
        for t in stride(from: Microseconds(1000), through: 3000, by: 100) { d.changed(at: t) }
        #expect(d.deadline == 2000)
    }

    @Test func sameProblemsAreNewOnlyOnce() {
        var m = ReloadProblemMemory()
        do { let new = m.isNew(["a"]); #expect(new) }
        do { let new = m.isNew(["a"]); #expect(!new) }
        do { let new = m.isNew(["a", "b"]); #expect(new) }
        do { let new = m.isNew([]); #expect(new) }
        do { let new = m.isNew(["a", "b"]); #expect(new) }
    }
}

@Suite struct ControlAnimationTests {
    @Test func easesFromStartToExactEnd() {
        let a = ControlAnimation(gadget: 0, start: 1000, duration: 1000, fromPose: GadgetPose(center: Vector2(0, 0)),
                                 toPose: GadgetPose(center: Vector2(100, 0), scale: 2), fromOpacity: 1, toOpacity: 0,
                                 fromColor: Color(r: 0, g: 0, b: 0), toColor: Color(r: 1, g: 1, b: 1))
        #expect(a.sample(at: 1000).pose.center == Vector2(0, 0))
        let mid = a.sample(at: 1500)
        #expect(abs(mid.pose.center.x - 50) < 1e-9 && abs(mid.opacity - 0.5) < 1e-9 && !mid.finished)
        let early = a.sample(at: 1100)
        #expect(early.pose.center.x < 10)  // eased: slow start
        let end = a.sample(at: 5000)
        #expect(end.finished && end.pose == GadgetPose(center: Vector2(100, 0), scale: 2) && end.opacity == 0 && end.color == Color(r: 1, g: 1, b: 1))
    }
}

@Suite struct Base64Tests {
    @Test func roundTripsAndMatchesRFC4648() {
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64.encode(Array("fooba".utf8)) == "Zm9vYmE=")
        #expect(Base64.encode(Array("foob".utf8)) == "Zm9vYg==")
        #expect(Base64.encode([]) == "")
        var rng = SplitMix64(seed: 3)
        for n in 0..<50 {
            let bytes = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.decode("a") == nil)
        #expect(Base64.decode("Zm=9") == nil)
    }
}

@Suite struct ControlCommandLineTests {
    @Test func wordsBecomeTypedRequests() throws {
        let set = try ControlCommandLine.request(["set", "price", "text", "3.20 €", "opacity", "0.5", "center", "10, 20", "hidden", "no"]).get()
        #expect(JSONWriter.write(set) == ##"{"cmd":"set","gadget":"price","text":"3.20 €","opacity":0.5,"center":[10,20],"hidden":false}"##)
        #expect(JSONWriter.write(try ControlCommandLine.request(["set", "n", "text", "0.5"]).get()) == ##"{"cmd":"set","gadget":"n","text":"0.5"}"##)
        #expect(JSONWriter.write(try ControlCommandLine.request(["page", "home"]).get()) == ##"{"cmd":"page","page":"home"}"##)
        #expect(JSONWriter.write(try ControlCommandLine.request(["state"]).get()) == ##"{"cmd":"state"}"##)
        // What ctl sends, the kiosk accepts.
        #expect((try? ControlRequestDecoder.decode(set).get()) != nil)
    }

    /// `ctl SOCK video GADGET play|pause|restart|seek S`, and the kiosk's decoder takes each.
    @Test func videoWordsBecomeVideoRequests() throws {
        for action in ["play", "pause", "restart"] {
            let r = try ControlCommandLine.request(["video", "lobby", action]).get()
            #expect(JSONWriter.write(r) == #"{"cmd":"video","gadget":"lobby","action":"\#(action)"}"#)
            #expect(try ControlRequestDecoder.decode(r).get().command == .video(VideoControl(gadget: "lobby", action: VideoControl.Action(rawValue: action)!)))
        }
        let seek = try ControlCommandLine.request(["video", "lobby", "seek", "12.5"]).get()
        #expect(JSONWriter.write(seek) == ##"{"cmd":"video","gadget":"lobby","action":"seek","time":12.5}"##)
        #expect(try ControlRequestDecoder.decode(seek).get().command == .video(VideoControl(gadget: "lobby", action: .seek, time: 12_500_000)))
        #expect(ControlCommandLine.isKnownCommand("video"))
        #expect(ControlCommandLine.usage.contains("video GADGET play|pause|restart|seek S"))
    }

    /// `ctl SOCK focus GADGET|none`, `speak TEXT…` and `web GADGET reload|navigate URL` are the
    /// protocol's `focus`, `speak` and `web`, and the kiosk's decoder takes each.
    @Test func focusSpeakAndWebWordsBecomeRequests() throws {
        func request(_ words: [String]) throws -> String { JSONWriter.write(try ControlCommandLine.request(words).get()) }
        func message(_ words: [String]) -> String? {
            if case .failure(let f) = ControlCommandLine.request(words) { return f.description }
            return nil
        }
        #expect(try request(["focus", "buy"]) == #"{"cmd":"focus","gadget":"buy"}"#)
        #expect(try request(["focus", "none"]) == #"{"cmd":"focus","gadget":null}"#)
        #expect(try ControlRequestDecoder.decode(ControlCommandLine.request(["focus", "none"]).get()).get().command == .focus(nil))
        #expect(try request(["speak", "Platform", "four"]) == #"{"cmd":"speak","text":"Platform four"}"#)
        #expect((try? ControlRequestDecoder.decode(ControlCommandLine.request(["speak", "hello"]).get()).get()) != nil)
        #expect(try request(["web", "menu", "reload"]) == #"{"cmd":"web","gadget":"menu","action":"reload"}"#)
        let go = try ControlCommandLine.request(["web", "menu", "navigate", "https://menu.example.com/"]).get()
        #expect(try ControlRequestDecoder.decode(go).get().command == .web(WebControl(gadget: "menu", action: .navigate("https://menu.example.com/"))))
        #expect(message(["focus"]) == "focus takes one gadget id, or none to clear the focus")
        #expect(message(["speak"]) == "speak takes the text to say")
        #expect(message(["web", "menu"]) == "web takes GADGET reload|navigate URL")
        #expect(message(["web", "menu", "navigate", "file:///etc/passwd"]) != nil)
        #expect(message(["web", "menu", "reload", "https://x.example/"]) != nil)
        for verb in ["focus", "speak", "web"] {
            #expect(ControlCommandLine.isKnownCommand(verb))
            #expect(ControlCommandLine.usage.contains("ctl SOCKET \(verb) "))
        }
    }

    /// Issue 36: `ctl SOCK display on|off|auto` is the protocol's `display`, and the kiosk's
    /// decoder takes each; a wrong word is one line.
    @Test func displayWordsBecomeDisplayRequests() throws {
        for state in ["on", "off", "auto"] {
            let r = try ControlCommandLine.request(["display", state]).get()
            #expect(JSONWriter.write(r) == #"{"cmd":"display","state":"\#(state)"}"#)
            #expect(try ControlRequestDecoder.decode(r).get().command == .display(DisplayPowerPolicy.Override(rawValue: state)!))
        }
        #expect(ControlCommandLine.isKnownCommand("display"))
        #expect(ControlCommandLine.usage.contains("display on|off|auto"))
        func message(_ words: [String]) -> String? {
            if case .failure(let f) = ControlCommandLine.request(words) { return f.description }
            return nil
        }
        #expect(message(["display"]) == "display takes on, off or auto")
        #expect(message(["display", "of"]) == #"display takes on, off or auto, got "of""#)
        #expect(message(["display", "on", "now"]) == "display takes on, off or auto")
    }

    /// Issue 36: `set ID text '{…}'` sends the text object (the kiosk reads it as the board file's
    /// text), not that JSON as the string shown; a word that looks like an object but is not one
    /// is one line that names `send`.
    @Test func aTextObjectWordIsSentAsAnObject() throws {
        let r = try ControlCommandLine.request(["set", "title", "text", #"{"string": "Hi", "size": 48}"#]).get()
        #expect(JSONWriter.write(r) == ##"{"cmd":"set","gadget":"title","text":{"string":"Hi","size":48}}"##)
        guard case .set(let change) = try ControlRequestDecoder.decode(r).get().command else { Issue.record("not a set"); return }
        #expect(change.text == .object(.object([("string", .string("Hi")), ("size", .number(48))])))
        // Plain strings stay strings, braces inside them too.
        #expect(JSONWriter.write(try ControlCommandLine.request(["set", "t", "text", "a {b}"]).get()) == ##"{"cmd":"set","gadget":"t","text":"a {b}"}"##)
        for word in [#"{"string": "Hi",}"#, "{price}", #" {"size": 48} "#.replacing("48", with: "4 8")] {
            guard case .failure(let f) = ControlCommandLine.request(["set", "t", "text", word]) else { Issue.record("\(word) was sent"); continue }
            #expect(f.field == "text")
            #expect(f.description.contains("looks like a text object but is not JSON"), "\(f.description)")
            #expect(f.description.contains("use send"))
            #expect(!f.description.contains("\n"))
        }
    }

    @Test func videoMistakesAreOneLine() {
        func message(_ words: [String]) -> String? {
            if case .failure(let f) = ControlCommandLine.request(words) { return f.description }
            return nil
        }
        #expect(message(["video"]) == "video takes GADGET play|pause|restart|seek S|volume L|captions on|off")
        #expect(message(["video", "lobby"]) == "video takes GADGET play|pause|restart|seek S|volume L|captions on|off")
        #expect(message(["video", "lobby", "stop"]) == #"action: expected play, pause, restart, seek S, volume L or captions on|off, got "stop""#)
        #expect(message(["video", "lobby", "seek"]) == "video seek takes one time in seconds")
        #expect(message(["video", "lobby", "seek", "soon"]) == #"time: expected seconds from 0 to 86400, got "soon""#)
        #expect(message(["video", "lobby", "seek", "-1"]) == #"time: expected seconds from 0 to 86400, got "-1""#)
        #expect(message(["video", "lobby", "seek", "nan"]) == #"time: expected seconds from 0 to 86400, got "nan""#)
        #expect(message(["video", "lobby", "play", "3"]) == "video play takes no time (only seek does)")
        #expect(message(["video", "lobby", "volume"]) == "video volume takes one level from 0 to 1")
        #expect(message(["video", "lobby", "volume", "2"]) == #"level: expected a level from 0 to 1, got "2""#)
        for m in [["video"], ["video", "lobby", "stop"], ["video", "lobby", "seek", "x"]].compactMap(message) { #expect(!m.contains("\n")) }
    }

    @Test func mistakesAreSaid() {
        #expect((try? ControlCommandLine.request([]).get()) == nil)
        #expect((try? ControlCommandLine.request(["set", "x", "opacity"]).get()) == nil)
        #expect((try? ControlCommandLine.request(["set", "x", "opacity", "half"]).get()) == nil)
        #expect((try? ControlCommandLine.request(["set", "x", "size", "3"]).get()) == nil)
        #expect((try? ControlCommandLine.request(["page"]).get()) == nil)
        #expect((try? ControlCommandLine.request(["send", "{"]).get()) == nil)
    }
}
