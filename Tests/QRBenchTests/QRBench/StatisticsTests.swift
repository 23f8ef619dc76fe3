// QRBench tests — statistics against values computed by hand.
import Testing
@testable import QRCorpus
@testable import QRBench

@Suite struct StatisticsTests {
    @Test func percentilesInterpolateBetweenRanks() {
        // rank h = p (n − 1); value x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋)
        let values: [Double] = [4, 1, 3, 2]  // sorted: 1 2 3 4
        #expect(Statistics.percentile(values, 0.5) == 2.5)  // h = 1.5
        #expect(abs(Statistics.percentile(values, 0.9)! - 3.7) < 1e-12)  // h = 2.7
        #expect(Statistics.percentile(values, 0) == 1)
        #expect(Statistics.percentile(values, 1) == 4)
        // [15 20 35 40 50], p40: h = 1.6 → 20 + 0.6 × 15 = 29
        #expect(abs(Statistics.percentile([50, 15, 40, 20, 35], 0.4)! - 29) < 1e-12)
        // 1…100, p99: h = 98.01 → 99 + 0.01 × 1 = 99.01
        #expect(abs(Statistics.percentile((1...100).map(Double.init), 0.99)! - 99.01) < 1e-9)
    }

    @Test func percentilesOfOneValueAndNone() {
        #expect(Statistics.percentile([7], 0.99) == 7)
        #expect(Statistics.percentile([], 0.5) == nil)
        #expect(Statistics.mean([]) == nil)
        #expect(Statistics.mean([1, 2, 6]) == 3)
    }

    @Test func latencySummary() throws {
        let summary = try #require(LatencySummary([10, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
        #expect(summary.count == 10)
        #expect(summary.mean == 5.5)
        #expect(summary.p50 == 5.5)  // h = 4.5
        #expect(abs(summary.p90 - 9.1) < 1e-12)  // h = 8.1
        #expect(abs(summary.p99 - 9.91) < 1e-12)  // h = 8.91
        #expect(summary.max == 10)
        #expect(LatencySummary([]) == nil)
    }

    @Test func exactLine() throws {
        let fit = try #require(LinearFit(x: [0, 1, 2, 3], y: [1, 3, 5, 7]))
        #expect(abs(fit.slope - 2) < 1e-12)
        #expect(abs(fit.intercept - 1) < 1e-12)
        #expect(abs(fit.rSquared! - 1) < 1e-12)
        #expect(fit.count == 4)
    }

    @Test func noisyLine() throws {
        // x̄ = 2.5, ȳ = 3.5; Sxx = 5, Sxy = 4, Syy = 5 → slope 0.8, intercept 1.5;
        // residuals −0.3, −0.1, 1.1, −0.7 → SSres = 1.8 → r² = 1 − 1.8 / 5 = 0.64.
        let fit = try #require(LinearFit(x: [1, 2, 3, 4], y: [2, 3, 5, 4]))
        #expect(abs(fit.slope - 0.8) < 1e-12)
        #expect(abs(fit.intercept - 1.5) < 1e-12)
        #expect(abs(fit.rSquared! - 0.64) < 1e-12)
    }

    @Test func degenerateLines() throws {
        #expect(LinearFit(x: [1], y: [1]) == nil)
        #expect(LinearFit(x: [2, 2, 2], y: [1, 5, 9]) == nil)  // no slope can be told
        let flat = try #require(LinearFit(x: [1, 2, 3], y: [4, 4, 4]))
        #expect(flat.slope == 0)
        #expect(flat.intercept == 4)
        #expect(flat.rSquared == nil)  // nothing to explain
    }
}
