/// `"timezone"`, `"schedule"`, `"wakeOnTouchSeconds"` and `"playlist"` (docs/schedule.md): the
/// clock-driven parts of a board. Page ids are checked against the board's pages; whether the
/// time zone exists is checked where files can be read (GadgetApp's `check` and loader).
extension BoardDecoder {
    /// Most spans in one list, and most exceptions: bounds the per-evaluation work.
    public static let maximumScheduleSpans = 200

    /// Decodes the four fields from the board's root object.
    mutating func boardSchedule(_ root: JSONValue, pages: [BoardPage]) -> BoardSchedule {
        var s = BoardSchedule()
        if let v = root["timezone"] {
            if case .string(let name) = v, TimeZoneName.isValid(name) {
                s.timeZoneName = name
            } else if case .string(let name) = v {
                problem("timezone", TimeZoneError.invalidName(name).description)
            } else {
                problem("timezone", "expected an IANA time zone name such as \"Europe/Lisbon\", got \(v.kindName)")
            }
        }
        s.wakeOnTouchSeconds = number(root["wakeOnTouchSeconds"], "wakeOnTouchSeconds", range: 0...86_400, default: 60)
        let pageIDs = Set(pages.map(\.id))
        if let v = root["schedule"], let pairs = fields(v, "schedule", allowed: ["displayOn", "pages", "exceptions", "volume"]) {
            let obj = JSONValue.object(pairs)
            if let d = obj["displayOn"] {
                let spans = spanList(d, "schedule.displayOn", withDays: true, pageIDs: nil)
                if case .array(let a) = d, a.isEmpty {
                    problem("schedule.displayOn", "empty (leave \"displayOn\" out to keep the display on all the time)")
                }
                s.displayOn = spans
            }
            if let p = obj["pages"] {
                s.pages = spanList(p, "schedule.pages", withDays: true, pageIDs: pageIDs)
                checkPageOverlaps(s.pages)
            }
            if let e = obj["exceptions"] { s.exceptions = exceptions(e, "schedule.exceptions", pageIDs: pageIDs) }
            if let q = obj["volume"] { s.volume = spanList(q, "schedule.volume", withDays: true, pageIDs: nil, withLevel: true) }
        }
        if let v = root["playlist"] { s.playlist = playlist(v, "playlist", pageIDs: pageIDs) }
        return s
    }

    /// A list of `{"days","from","to"}` (and `"page"` when `pageIDs` is given, `"level"` for quiet hours).
    private mutating func spanList(_ v: JSONValue, _ path: String, withDays: Bool, pageIDs: Set<String>?, withLevel: Bool = false) -> [ScheduleSpan] {
        guard case .array(let items) = v else { problem(path, "expected an array of spans, got \(v.kindName)"); return [] }
        guard items.count <= BoardDecoder.maximumScheduleSpans else { problem(path, "more than \(BoardDecoder.maximumScheduleSpans) spans"); return [] }
        var spans: [ScheduleSpan] = []
        for (i, item) in items.enumerated() {
            let at = "\(path)[\(i)]"
            var allowed: Set<String> = ["from", "to"]
            if withDays { allowed.insert("days") }
            if pageIDs != nil { allowed.insert("page") }
            if withLevel { allowed.insert("level") }
            guard let pairs = fields(item, at, allowed: allowed) else { continue }
            let obj = JSONValue.object(pairs)
            let days = withDays ? daySet(obj["days"], "\(at).days") : .everyDay
            let from = time(obj["from"], "\(at).from", endOfDay: false)
            let to = time(obj["to"], "\(at).to", endOfDay: true)
            var page: String?
            if let pageIDs {
                if case .string(let id)? = obj["page"], !id.isEmpty {
                    if pageIDs.contains(id) { page = id } else if !pagesIncomplete { problem("\(at).page", unknownPage(id, pageIDs)) }
                } else if let pv = obj["page"] {
                    problem("\(at).page", "expected a page id, got \(pv.kindName)")
                } else {
                    problem("\(at).page", "missing required field")
                }
            }
            var level: Double?
            if withLevel {
                if let lv = obj["level"] {
                    let before = problems.count
                    let n = number(lv, "\(at).level", range: BoardDecoder.volumeRange, default: 1)
                    if problems.count == before { level = n }
                } else {
                    problem("\(at).level", "missing required field")
                }
            }
            guard let days, let from, let to, pageIDs == nil || page != nil, !withLevel || level != nil else { continue }
            if from == to {
                problem("\(at).to", "\"from\" and \"to\" are the same time (for the whole day give \"00:00\" to \"24:00\")")
                continue
            }
            spans.append(ScheduleSpan(days: days, from: from, to: to, page: page, level: level, jsonPath: at))
        }
        return spans
    }

    private func unknownPage(_ id: String, _ ids: Set<String>) -> String {
        ids.isEmpty ? "unknown page \"\(id)\" (the board has no pages)" : "unknown page \"\(id)\" (pages: \(ids.sorted().joined(separator: ", ")))"
    }

    /// `"days"`: `"mon-fri"`, `"sat,sun"`, or an array of such strings; absent: every day.
    private mutating func daySet(_ v: JSONValue?, _ path: String) -> DaySet? {
        guard let v else { return .everyDay }
        var texts: [(String, String)] = []
        switch v {
        case .string(let s): texts = [(s, path)]
        case .array(let items):
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item else { problem("\(path)[\(i)]", "expected a day such as \"mon\" or \"mon-fri\", got \(item.kindName)"); return nil }
                texts.append((s, "\(path)[\(i)]"))
            }
        default:
            problem(path, "expected days such as \"mon-fri\" or [\"sat\", \"sun\"], got \(v.kindName)")
            return nil
        }
        var set = DaySet([])
        for (text, at) in texts where !text.isEmpty {
            switch DaySet.parse(text) {
            case .success(let d): for day in d.days { set.insert(day) }
            case .failure(.badPart(let part)):
                problem(at, "unknown day \"\(part)\" (days are mon, tue, wed, thu, fri, sat, sun; ranges like mon-fri)")
                return nil
            }
        }
        if set.isEmpty { problem(path, "no days given (e.g. \"mon-fri\")"); return nil }
        return set
    }

    /// `"07:30"`, `"07:30:15"`; `"24:00"` only as an end.
    private mutating func time(_ v: JSONValue?, _ path: String, endOfDay: Bool) -> SecondOfDay? {
        guard let v else { problem(path, "missing required field"); return nil }
        guard case .string(let s) = v else { problem(path, "expected a time \"HH:MM\", got \(v.kindName)"); return nil }
        guard let t = TimeOfDay.parse(s, allowEndOfDay: endOfDay) else {
            problem(path, "invalid time \"\(s)\" (expected HH:MM from 00:00 to 23:59\(endOfDay ? ", or 24:00" : ""))")
            return nil
        }
        return t
    }

    /// Two page rules that overlap on some weekday would leave the page to chance: one line each.
    private mutating func checkPageOverlaps(_ spans: [ScheduleSpan]) {
        for (a, b) in ScheduleOverlap.overlappingPairs(spans) {
            problem(spans[b].jsonPath, "overlaps \(spans[a].jsonPath) on \(ScheduleOverlap.sharedDays(spans[a], spans[b]).description)")
        }
    }

    /// `"exceptions": [{"dates": ["2026-12-25", "2026-12-31..2027-01-01"], "displayOn": [...], "pages": [...]}]`.
    private mutating func exceptions(_ v: JSONValue, _ path: String, pageIDs: Set<String>) -> [ScheduleException] {
        guard case .array(let items) = v else { problem(path, "expected an array of exceptions, got \(v.kindName)"); return [] }
        guard items.count <= BoardDecoder.maximumScheduleSpans else { problem(path, "more than \(BoardDecoder.maximumScheduleSpans) exceptions"); return [] }
        var out: [ScheduleException] = []
        var seen: [CivilDate: String] = [:]
        for (i, item) in items.enumerated() {
            let at = "\(path)[\(i)]"
            guard let pairs = fields(item, at, allowed: ["dates", "displayOn", "pages"]) else { continue }
            let obj = JSONValue.object(pairs)
            guard let dates = dateList(obj["dates"], "\(at).dates") else { continue }
            for d in dates {
                if let first = seen[d] { problem("\(at).dates", "\(d) is already given by \(first)"); break }
                seen[d] = at
            }
            let displayOn = obj["displayOn"].map { spanList($0, "\(at).displayOn", withDays: false, pageIDs: nil) } ?? []
            var pages: [ScheduleSpan]?
            if let p = obj["pages"] {
                let spans = spanList(p, "\(at).pages", withDays: false, pageIDs: pageIDs)
                checkPageOverlaps(spans)
                pages = spans
            }
            out.append(ScheduleException(dates: dates, displayOn: displayOn, pages: pages, jsonPath: at))
        }
        return out
    }

    /// Dates `YYYY-MM-DD` and inclusive ranges `YYYY-MM-DD..YYYY-MM-DD`, expanded, ascending.
    private mutating func dateList(_ v: JSONValue?, _ path: String) -> [CivilDate]? {
        guard let v else { problem(path, "missing required field"); return nil }
        guard case .array(let items) = v, !items.isEmpty else { problem(path, "expected a non-empty array of dates \"YYYY-MM-DD\""); return nil }
        var dates = Set<CivilDate>()
        for (i, item) in items.enumerated() {
            let at = "\(path)[\(i)]"
            guard case .string(let s) = item else { problem(at, "expected a date \"YYYY-MM-DD\", got \(item.kindName)"); return nil }
            let ends = s.split(separator: ".", omittingEmptySubsequences: false)
            let range: (CivilDate, CivilDate)?
            if ends.count == 1, let d = CivilDate(iso: s) { range = (d, d) }
            else if ends.count == 3, ends[1].isEmpty, let a = CivilDate(iso: String(ends[0])), let b = CivilDate(iso: String(ends[2])) { range = (a, b) }
            else { range = nil }
            guard let (a, b) = range else { problem(at, "invalid date \"\(s)\" (expected YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD)"); return nil }
            guard a <= b else { problem(at, "the range ends before it starts"); return nil }
            guard b.daysSinceEpoch - a.daysSinceEpoch < Int64(ScheduleException.maximumDays) else {
                problem(at, "a range longer than \(ScheduleException.maximumDays) days"); return nil
            }
            var d = a
            while d <= b { dates.insert(d); d = d.adding(days: 1) }
        }
        return dates.sorted()
    }

    /// `"playlist": {"pages", "seconds", "transition": {"type", "seconds"}, "startAfterIdleSeconds"}`.
    private mutating func playlist(_ v: JSONValue, _ path: String, pageIDs: Set<String>) -> Playlist? {
        guard let pairs = fields(v, path, allowed: ["pages", "seconds", "transition", "startAfterIdleSeconds"]) else { return nil }
        let obj = JSONValue.object(pairs)
        var pages: [String] = []
        if case .array(let items)? = obj["pages"], !items.isEmpty {
            for (i, item) in items.enumerated() {
                guard case .string(let id) = item else { problem("\(path).pages[\(i)]", "expected a page id, got \(item.kindName)"); continue }
                if pageIDs.contains(id) { pages.append(id) } else if !pagesIncomplete { problem("\(path).pages[\(i)]", unknownPage(id, pageIDs)) }
            }
        } else {
            problem("\(path).pages", obj["pages"] == nil ? "missing required field" : "expected a non-empty array of page ids")
        }
        let seconds = number(obj["seconds"], "\(path).seconds", range: 1...86_400, default: 10)
        var transition = PageTransition()
        if let t = obj["transition"], let tp = fields(t, "\(path).transition", allowed: ["type", "seconds"]) {
            let to = JSONValue.object(tp)
            var kind = PageTransition.Kind.crossfade
            if let k = to["type"] {
                if case .string(let name) = k, let parsed = PageTransition.Kind(rawValue: name) { kind = parsed } else {
                    problem("\(path).transition.type", "expected \"cut\", \"slide\" or \"crossfade\"")
                }
            }
            let ts = number(to["seconds"], "\(path).transition.seconds", range: 0...10, default: 0.6)
            if kind != .cut, ts >= seconds { problem("\(path).transition.seconds", "must be shorter than the playlist's seconds (\(JSONWriter.format(seconds)))") }
            transition = PageTransition(kind: kind, seconds: ts)
        }
        let start = number(obj["startAfterIdleSeconds"], "\(path).startAfterIdleSeconds", range: 0...86_400, default: 60)
        guard !pages.isEmpty else { return nil }
        return Playlist(pages: pages, seconds: seconds, transition: transition, startAfterIdleSeconds: start)
    }
}
