import Testing
@testable import GadgetCore

/// The board file's `timezone`, `schedule`, `wakeOnTouchSeconds` and `playlist`: what decodes,
/// and one problem with its JSON path for each mistake.
@Suite struct ScheduleDecoderTests {
    static func decode(_ extra: String) -> (Board?, [BoardProblem]) {
        let json = """
        {"size": [800, 480], "pages": [{"id": "breakfast"}, {"id": "lunch"}, {"id": "dinner"}], \(extra)}
        """
        return BoardDecoder.decodeAll(Array(json.utf8), file: "b.json")
    }

    static func paths(_ extra: String) -> [String] { decode(extra).1.map(\.jsonPath) }

    @Test func aShopsDay() throws {
        let (board, problems) = Self.decode("""
        "timezone": "Europe/Lisbon", "wakeOnTouchSeconds": 30,
        "schedule": {
          "displayOn": [{"days": "mon-fri", "from": "07:30", "to": "22:00"}, {"days": ["sat"], "from": "18:00", "to": "02:00"}],
          "pages": [{"days": "mon-sun", "from": "07:30", "to": "11:30", "page": "breakfast"},
                    {"from": "11:30", "to": "15:00", "page": "lunch"}],
          "exceptions": [{"dates": ["2026-12-25", "2026-12-31..2027-01-01"]},
                         {"dates": ["2026-12-24"], "displayOn": [{"from": "07:30", "to": "13:00"}]}]
        },
        "playlist": {"pages": ["lunch", "dinner"], "seconds": 8, "transition": {"type": "crossfade", "seconds": 0.5}, "startAfterIdleSeconds": 45}
        """)
        #expect(problems.isEmpty, "\(problems)")
        let s = try #require(board?.schedule)
        #expect(s.timeZoneName == "Europe/Lisbon")
        #expect(s.wakeOnTouchSeconds == 30)
        #expect(s.displayOn?.count == 2)
        #expect(s.displayOn?[0].days == DaySet([.monday, .tuesday, .wednesday, .thursday, .friday]))
        #expect(s.displayOn?[1].crossesMidnight == true)
        #expect(s.pages.map(\.page) == ["breakfast", "lunch"])
        #expect(s.pages[1].days == .everyDay)
        #expect(s.exceptions[0].dates.map(\.description) == ["2026-12-25", "2026-12-31", "2027-01-01"])
        #expect(s.exceptions[0].displayOn.isEmpty)
        #expect(s.exceptions[1].displayOn[0].to == 13 * 3600)
        #expect(s.playlist == Playlist(pages: ["lunch", "dinner"], seconds: 8, transition: PageTransition(kind: .crossfade, seconds: 0.5), startAfterIdleSeconds: 45))
    }

    @Test func defaults() throws {
        let (board, problems) = Self.decode("\"playlist\": {\"pages\": [\"lunch\"]}")
        #expect(problems.isEmpty)
        let s = try #require(board?.schedule)
        #expect(s.timeZoneName == nil && s.displayOn == nil && s.pages.isEmpty && s.wakeOnTouchSeconds == 60)
        #expect(s.playlist == Playlist(pages: ["lunch"], seconds: 10, transition: PageTransition(kind: .crossfade, seconds: 0.6), startAfterIdleSeconds: 60))
        #expect(!s.isTimed)
    }

    @Test func eachMistakeIsOneLineWithItsPath() {
        #expect(Self.paths("\"timezone\": \"../../etc/passwd\"") == ["timezone"])
        #expect(Self.paths("\"timezone\": 3") == ["timezone"])
        #expect(Self.paths("\"schedule\": {\"displayOn\": [{\"days\": \"mon-fri\", \"from\": \"25:00\", \"to\": \"22:00\"}]}") == ["schedule.displayOn[0].from"])
        #expect(Self.paths("\"schedule\": {\"displayOn\": [{\"from\": \"07:00\", \"to\": \"24:30\"}]}") == ["schedule.displayOn[0].to"])
        #expect(Self.paths("\"schedule\": {\"displayOn\": [{\"from\": \"07:00\", \"to\": \"07:00\"}]}") == ["schedule.displayOn[0].to"])
        #expect(Self.paths("\"schedule\": {\"displayOn\": [{\"days\": \"\", \"from\": \"07:00\", \"to\": \"08:00\"}]}") == ["schedule.displayOn[0].days"])
        #expect(Self.paths("\"schedule\": {\"displayOn\": [{\"days\": [], \"from\": \"07:00\", \"to\": \"08:00\"}]}") == ["schedule.displayOn[0].days"])
        #expect(Self.paths("\"schedule\": {\"displayOn\": [{\"days\": \"mon-fry\", \"from\": \"07:00\", \"to\": \"08:00\"}]}") == ["schedule.displayOn[0].days"])
        #expect(Self.paths("\"schedule\": {\"displayOn\": []}") == ["schedule.displayOn"])
        #expect(Self.paths("\"schedule\": {\"pages\": [{\"from\": \"07:00\", \"to\": \"08:00\", \"page\": \"brunch\"}]}") == ["schedule.pages[0].page"])
        #expect(Self.paths("\"schedule\": {\"pages\": [{\"from\": \"07:00\", \"to\": \"08:00\"}]}") == ["schedule.pages[0].page"])
        #expect(Self.paths("\"schedule\": {\"colour\": 1}") == ["schedule.colour"])
        #expect(Self.paths("\"playlist\": {\"pages\": [\"tea\"]}") == ["playlist.pages[0]"])
        #expect(Self.paths("\"playlist\": {\"pages\": []}") == ["playlist.pages"])
        #expect(Self.paths("\"playlist\": {\"pages\": [\"lunch\"], \"transition\": {\"type\": \"wipe\"}}") == ["playlist.transition.type"])
        #expect(Self.paths("\"playlist\": {\"pages\": [\"lunch\"], \"seconds\": 2, \"transition\": {\"seconds\": 3}}") == ["playlist.transition.seconds"])
        #expect(Self.paths("\"wakeOnTouchSeconds\": -1") == ["wakeOnTouchSeconds"])
        #expect(Self.paths("\"schedule\": {\"exceptions\": [{\"dates\": [\"2026-02-30\"]}]}") == ["schedule.exceptions[0].dates[0]"])
        #expect(Self.paths("\"schedule\": {\"exceptions\": [{\"dates\": [\"2026-12-31..2026-12-01\"]}]}") == ["schedule.exceptions[0].dates[0]"])
        #expect(Self.paths("\"schedule\": {\"exceptions\": [{\"dates\": [\"2026-12-25\"]}, {\"dates\": [\"2026-12-20..2026-12-26\"]}]}") == ["schedule.exceptions[1].dates"])
        #expect(Self.paths("\"schedule\": {\"exceptions\": [{\"dates\": [\"2026-12-25\"], \"displayOn\": [{\"days\": \"mon\", \"from\": \"07:00\", \"to\": \"08:00\"}]}]}")
                == ["schedule.exceptions[0].displayOn[0].days"])
    }

    @Test func overlappingPageRules() {
        let problems = Self.decode("""
        "schedule": {"pages": [{"days": "mon-fri", "from": "07:00", "to": "12:00", "page": "breakfast"},
                               {"days": "fri-sun", "from": "11:00", "to": "15:00", "page": "lunch"},
                               {"days": "sun", "from": "22:00", "to": "08:00", "page": "dinner"}]}
        """).1
        // lunch meets breakfast on Friday; Sunday night's dinner runs into Monday's breakfast.
        #expect(problems.map(\.jsonPath) == ["schedule.pages[1]", "schedule.pages[2]"])
        #expect(problems[0].message.contains("schedule.pages[0]") && problems[0].message.contains("fri"))
        #expect(problems[1].message.contains("sun"))
        // Touching spans (one ends when the next starts) do not overlap.
        #expect(Self.paths("""
        "schedule": {"pages": [{"from": "07:00", "to": "11:30", "page": "breakfast"}, {"from": "11:30", "to": "07:00", "page": "lunch"}]}
        """).isEmpty)
    }

    @Test func daySets() throws {
        #expect(try DaySet.parse("fri-mon").get() == DaySet([.friday, .saturday, .sunday, .monday]))
        #expect(try DaySet.parse("mon-wed, fri").get() == DaySet([.monday, .tuesday, .wednesday, .friday]))
        #expect(try DaySet.parse("sun").get().description == "sun")
        #expect(throws: DaySet.DaySetError.self) { try DaySet.parse("mon-").get() }
        #expect(throws: DaySet.DaySetError.self) { try DaySet.parse("mon-tue-wed").get() }
    }
}
