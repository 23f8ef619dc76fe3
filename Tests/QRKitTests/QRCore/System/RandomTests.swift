// QRKit tests — SplitMix64: the seeded generator of the bench, the corpus and the tests.
import QRCorpus
import Testing

@testable import QRCore
@testable import QRKit

@Suite struct RandomTests {
    @Test func splitMix64MatchesTheReferenceSequence() {
        // The reference C implementation from state 0 gives these first outputs.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }

    @Test func sameSeedSameNumbers() {
        var a = SplitMix64(seed: 42, stream: 3)
        var b = SplitMix64(seed: 42, stream: 3)
        var c = SplitMix64(seed: 42, stream: 4)
        let x = (0..<20).map { _ in a.next() }
        #expect(x == (0..<20).map { _ in b.next() })
        #expect(x != (0..<20).map { _ in c.next() })
    }

    @Test func rangesAndShuffles() {
        var random = SplitMix64(seed: 9)
        for _ in 0..<1000 {
            #expect((3...7).contains(random.int(in: 3...7)))
            let d = random.double(in: 1.5..<2.5)
            #expect(d >= 1.5 && d < 2.5)
        }
        let items = Array(0..<50)
        let shuffled = random.shuffled(items)
        #expect(shuffled.sorted() == items)
        #expect(shuffled != items)
    }
}
