import Testing
import GadgetCore

@Suite struct TextFitTests {
    @Test func aSizeThatFitsIsKeptAndAskedOnce() {
        var asked: [Double] = []
        let size = TextFit.largestFitting(size: 40, minimum: 20) { s in asked.append(s); return true }
        #expect(size == 40 && asked == [40])
    }

    @Test func shrinksToTheLargestSizeThatFits() {
        // Fits at 31.3 px and below: the answer is within the resolution under it.
        let size = TextFit.largestFitting(size: 40, minimum: 20) { $0 <= 31.3 }
        #expect(size.map { $0 <= 31.3 && 31.3 - $0 <= TextFit.resolution } == true)
    }

    @Test func nilWhenEvenTheMinimumDoesNotFit() {
        #expect(TextFit.largestFitting(size: 40, minimum: 20) { $0 < 10 } == nil)
    }

    @Test func theDefaultMinimumIsHalfButNotBelowEight() {
        #expect(TextFit.defaultMinimum(size: 40) == 20)
        #expect(TextFit.defaultMinimum(size: 12) == 8)
        #expect(TextFit.defaultMinimum(size: 6) == 6)
    }
}
