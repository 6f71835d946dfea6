import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetRender

/// `snapshot --page`: one page of a paged board (the VM test's, Tests/vm/board/paged.json), the
/// other pages hidden, the page dots drawn in the same batch.
@Suite struct PagedSnapshotTests {
    func board() throws -> LoadedBoard {
        guard case .success(let loaded) = BoardSource.load(PagedReplayTests.vm + "/board/paged.json") else { throw PagedReplayTests.Failure.board }
        return loaded
    }

    func rgb(_ shot: Snapshot.Result, _ x: Int, _ y: Int) -> [Int] {
        let p = shot.image.pixel(x, y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 2 } }

    @Test func firstPageByDefaultAndAnyPageByID() throws {
        let loaded = try board()
        let home = try Snapshot.render(loaded, size: nil)
        let menu = try Snapshot.render(loaded, size: nil, page: "menu")
        // The button at (200, 360): home's red #ff3b30, the menu's green #34c759; (600, 360) is
        // the menu's blue back button, background (#1e2430) on home.
        #expect(near(rgb(home, 200, 360), [0xff, 0x3b, 0x30]))
        #expect(near(rgb(menu, 200, 360), [0x34, 0xc7, 0x59]))
        #expect(near(rgb(menu, 600, 360), [0x00, 0x7a, 0xff]))
        #expect(near(rgb(home, 600, 360), [0x1e, 0x24, 0x30]))
        // The shared title on both.
        #expect(near(rgb(home, 400, 30), [0x8e, 0x8e, 0x93]) && near(rgb(menu, 400, 30), [0x8e, 0x8e, 0x93]))
        // Dots: two 8 px discs 16 px apart centred at x 392 and 408, y 464; the page's bright.
        #expect(rgb(home, 392, 464)[0] > 200 && rgb(home, 408, 464)[0] < 140)
        #expect(rgb(menu, 392, 464)[0] < 140 && rgb(menu, 408, 464)[0] > 200)
        #expect(home.drawCalls == 1 && menu.drawCalls == 1, "dots join the board's batch")
    }

    @Test func anUnknownPageIsOneClearError() throws {
        let loaded = try board()
        #expect(throws: Snapshot.UnknownPage.self) { try Snapshot.render(loaded, size: nil, page: "nope") }
        let message = (try? Snapshot.render(loaded, size: nil, page: "nope")).map { _ in "" } ?? "\(Snapshot.UnknownPage(page: "nope", known: ["home", "menu"]))"
        #expect(message == "--page nope: unknown page (pages: home, menu)")
    }
}
