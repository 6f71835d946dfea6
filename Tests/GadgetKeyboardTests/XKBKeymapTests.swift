import Testing
import Logging
import GadgetCore
@testable import GadgetKeyboard

let quiet = Logger(label: "keyboard-test") { _ in SwiftLogNoOpLogHandler() }

/// Each key's label per shift level, from the machine's xkb-data (Debian 12: 2.35.1), as the
/// on-screen keyboard shows them. Levels: 0 plain, 1 Shift, 2 AltGr, 3 Shift+AltGr.
@Suite struct XKBKeymapTests {
    func labels(_ layout: String, _ code: UInt16) throws -> [String?] {
        let map = try XKBKeymap(layout: layout, logger: quiet)
        return (0..<map.levels(evdevCode: code)).map { map.label(evdevCode: code, level: $0) }
    }

    @Test func usHasTwoLevels() throws {
        #expect(try labels("us", EvdevKey.q) == ["q", "Q"])
        #expect(try labels("us", EvdevKey.digitRow[1]) == ["2", "@"])
        #expect(try labels("us", EvdevKey.grave) == ["`", "~"])
        #expect(try XKBKeymap(layout: "us", logger: quiet).layoutName == "English (US)")
    }

    @Test func germanQHasFourLevels() throws {
        #expect(try labels("de", EvdevKey.q) == ["q", "Q", "@", "Ω"])
        #expect(try labels("de", EvdevKey.y) == ["z", "Z", "←", "¥"])
        #expect(try labels("de", EvdevKey.leftBrace) == ["ü", "Ü", "¨", "˚"])
        #expect(try XKBKeymap(layout: "de", logger: quiet).layoutName == "German")
    }

    @Test func germanDeadKeysShowTheirAccent() throws {
        #expect(try labels("de", EvdevKey.equal) == ["´", "`", "¸", "˛"])
        #expect(try labels("de", EvdevKey.grave).first == "^")
        let map = try XKBKeymap(layout: "de", logger: quiet)
        #expect(map.keysym(evdevCode: EvdevKey.equal, level: 0)?.isDead == true)
        #expect(map.keysym(evdevCode: EvdevKey.equal, level: 0)?.name == "dead_acute")
    }

    @Test func frenchIsAzerty() throws {
        #expect(try labels("fr", EvdevKey.q) == ["a", "A", "æ", "Æ"])
        #expect(try labels("fr", EvdevKey.a) == ["q", "Q", "@", "Ω"])
        #expect(try labels("fr", EvdevKey.digitRow[1]) == ["é", "2", "~", "⅛"])
        #expect(try labels("fr", EvdevKey.leftBrace).prefix(2) == ["^", "¨"])
    }

    @Test func arabicLettersAndDigits() throws {
        #expect(try labels("ar", EvdevKey.q).prefix(2) == ["ض", "َ"])
        #expect(try labels("ar", EvdevKey.digitRow[0]).prefix(3) == ["1", "!", "١"])
        #expect(try XKBKeymap(layout: "ar", logger: quiet).layoutName == "Arabic")
    }

    @Test func russianIsCyrillic() throws {
        #expect(try labels("ru", EvdevKey.q) == ["й", "Й"])
        #expect(try labels("ru", EvdevKey.grave) == ["ё", "Ё"])
        #expect(try labels("ru", EvdevKey.digitRow[1]) == ["2", "\""])
    }

    @Test func aLevelBeyondTheKeysHasNoLabel() throws {
        let map = try XKBKeymap(layout: "us", logger: quiet)
        #expect(map.label(evdevCode: EvdevKey.q, level: 2) == nil)
        #expect(map.label(evdevCode: EvdevKey.leftShift, level: 0) == nil)
    }

    @Test func aVariantInParentheses() throws {
        let map = try XKBKeymap(layout: "de(nodeadkeys)", logger: quiet)
        #expect(map.label(evdevCode: EvdevKey.equal, level: 0) == "´")
        #expect(map.keysym(evdevCode: EvdevKey.equal, level: 0)?.isDead == false)
    }

    @Test func anUnknownLayoutIsOneLine() {
        #expect(throws: KeyboardError.unknownLayout("xx")) { try XKBKeymap(layout: "xx", logger: quiet) }
        #expect(throws: KeyboardError.layoutList("de,us")) { try XKBKeymap(layout: "de,us", logger: quiet) }
        let line = KeyboardError.unknownLayout("xx").description
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("unknown keyboard layout 'xx'"))
    }
}
