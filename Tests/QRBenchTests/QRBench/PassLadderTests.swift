// QRBench tests — the pass ladder: one rung per pass of each engine, and the race.
import QRKit
import Testing
@testable import QRCorpus
@testable import QRBench

@Suite struct PassLadderTests {
    @Test func oneRungPerPassAndTheRaceClimbsBoth() throws {
        let corpus = try RunnerAndReportTests.tinyCorpus()
        let rungs = PassLadder(runs: 1).run(corpus)
        let zbar = rungs.filter { $0.engine == "zbar" }
        let zxing = rungs.filter { $0.engine == "zxing" }
        let race = rungs.filter { $0.engine == "race" }
        #expect(zbar.map(\.passes.count) == Array(1...ZBarEngine.Pass.allCases.count))
        #expect(zxing.map(\.passes.count) == Array(1...ZXingEngine.Pass.allCases.count))
        #expect(race.count == max(ZBarEngine.Pass.allCases.count, ZXingEngine.Pass.allCases.count))
        #expect(race.last?.passes.count == ZBarEngine.Pass.allCases.count + ZXingEngine.Pass.allCases.count)
        for rung in rungs {
            // Clean generated codes: every rung reads every picture, and never wrongly.
            #expect(rung.fullyRead == 3, "\(rung.engine) \(rung.passes)")
            #expect(rung.wrongReads == 0)
            #expect(rung.medianOnFirstRungReads != nil)
            #expect(rung.meanOnTheRest == nil)  // nothing is left for later passes
        }
        let table = PassLadder.markdown(rungs, pictures: 3)
        #expect(table.split(separator: "\n").count == rungs.count + 2)
    }
}
