// QRKit tests — strategies as policies: a new one is a type and a table line; answers are
// complete (a picture that shows more codes than those read waits for every engine that may
// add one).
import Foundation
import QRBench
import QRTestSupport
import Testing
@testable import QRCore
@testable import QRKit

/// A strategy a user might write: the first engine alone, then every other at once after
/// it misses.
struct RelayPolicy: DecodePolicy {
    let name = "relay"
    func enginesToStart(of count: Int) -> [Int] { Array((0..<count).prefix(1)) }
    func enginesAfterMiss(of engine: Int, in decode: DecodeProgress) -> [Int] { decode.waiting }
    func isFinal(_ decode: DecodeProgress) -> Bool { decode.winner != nil }
}

@Suite(.tags(.sanitized)) struct PolicyTests {
    static let registry = EngineRegistry.standard.addingStrategy("relay") { DecodeStrategy($0, policy: RelayPolicy()) }

    @Test func aNewStrategyIsOneTypeAndOneTableLine() throws {
        let name = try #require(StrategyName("relay", in: Self.registry))
        #expect(StrategyName.all(in: Self.registry).map(\.rawValue).contains("relay"))
        #expect(StrategyName("relay", in: .standard) == nil)
        let strategy = name.makeStrategy(in: Self.registry)
        #expect(strategy.name == "relay")
        let photo = PackagePaths.sample("photos/qrcode-2-30.png")
        let expected = try String(contentsOfFile: photo.replacingOccurrences(of: ".png", with: ".txt"), encoding: .utf8)
        let report = try QRDecoder(strategy: strategy).decode(try PNGReader().read(contentsOf: photo))
        #expect(report.symbols.map(\.text) == [expected])
        #expect(report.strategy == "relay")
    }

    /// On an executor of its own with a worker for each of the two engines started after
    /// the first one's miss: they run side by side, and the quicker one wins.
    @Test func theRelayStartsTheOthersTogetherAfterAMiss() throws {
        let first = TestEngine("first", passes: 2, passDelay: .milliseconds(1), .findsNothing)
        let second = TestEngine("second", passes: 50, passDelay: .milliseconds(200), .finds("second"))
        let third = TestEngine("third", passDelay: .milliseconds(5), .finds("third"))
        let strategy = DecodeStrategy([first, second, third], policy: RelayPolicy())
        let report = try QRDecoder(strategy: strategy, executor: DecodeExecutor(workers: 2)).decode(blankImage)
        #expect(report.strategy == "relay")
        #expect(report.winner == "third")
        #expect(report.engines.map(\.outcome) == [.none, .running, .found(1)])
        #expect(second.passCount < 50)
    }

    /// Symbols of `texts`, each in a box of its own, so that none repeats another.
    static func symbols(_ texts: [String], engine: String) -> [Symbol] {
        texts.enumerated().map { index, text in
            let x = index * 20
            return Symbol(
                text: text, bytes: Array(text.utf8),
                corners: [
                    Point(x: x, y: 0), Point(x: x + 10, y: 0), Point(x: x + 10, y: 10), Point(x: x, y: 10),
                ], engine: engine)
        }
    }

    /// A picture of `Samples/generated/multi` and every code in it as `all` reads it, the
    /// first picture with at least `codes` codes; nil when there is none.
    static func multiCodePicture(codes: Int) throws -> (image: GrayImage, symbols: [Symbol])? {
        for picture in multiCodePictures {
            let image = try PNGReader().read(contentsOf: picture)
            let all = try QRDecoder(strategy: .all(DecodeStrategy.standardEngines)).decode(image).symbols
            if all.count >= codes { return (image, all) }
        }
        return nil
    }

    /// Two of a picture's codes, where the third's finders show outside them: the answer is
    /// held for the other engine, and the two merged.
    @Test(arguments: Pool.both) func aRaceHoldsAnAnswerOfSeveralCodesWhereMoreShow(pool: Pool) throws {
        let (image, all) = try #require(try Self.multiCodePicture(codes: 3))
        let quick = TestEngine("quick", passDelay: .milliseconds(1), .findsSymbols(Array(all.prefix(2))))
        let thorough = TestEngine("thorough", passes: 2, passDelay: .milliseconds(20), .findsSymbols(all))
        for strategy in [
            DecodeStrategy.race([quick, thorough]), .hedged([quick, thorough]), .sequential([quick, thorough]),
        ] {
            let report = try QRDecoder(strategy: strategy, executor: pool.executor).decode(image)
            #expect(Set(report.symbols.map(\.text)) == Set(all.map(\.text)), "\(strategy.name)")
            // The first to answer is named; in a race on a busy machine that may be either.
            if strategy.name != "race" { #expect(report.winner == "quick", "\(strategy.name)") }
            #expect(report.heldForCompleteness != nil, "\(strategy.name)")
            #expect(report.engines.map(\.outcome) == [.found(2), .found(all.count)], "\(strategy.name)")
        }
    }

    /// Every code of a picture of several, and no finder pattern outside them: the answer is
    /// complete as one code's would be, given at once, and the slower engine stopped.
    @Test(arguments: Pool.both) func anAnswerOfEveryCodeAPictureShowsIsNotHeld(pool: Pool) throws {
        let (image, all) = try #require(try Self.multiCodePicture(codes: 2))
        let quick = TestEngine("quick", passDelay: .milliseconds(1), .findsSymbols(all))
        let slow = TestEngine("slow", passes: 100, passDelay: .milliseconds(20), .finds("b"))
        let report = try QRDecoder(strategy: .race([quick, slow]), executor: pool.executor).decode(image)
        #expect(report.symbols.map(\.text) == all.map(\.text))
        #expect(report.winner == "quick")
        #expect(report.heldForCompleteness == nil)
        #expect(slow.passCount < 100)
    }

    @Test(arguments: Pool.both) func anAnswerOfOneCodeIsNotHeld(pool: Pool) throws {
        let quick = TestEngine("quick", passDelay: .milliseconds(1), .finds("a"))
        let slow = TestEngine("slow", passes: 100, passDelay: .milliseconds(20), .finds("b"))
        let report = try QRDecoder(strategy: .race([quick, slow]), executor: pool.executor).decode(blankImage)
        #expect(report.symbols.map(\.text) == ["a"])
        #expect(report.heldForCompleteness == nil)
        #expect(slow.passCount < 100)
    }

    /// The pictures of `Samples/generated/multi`: two to four codes each, which the default
    /// race must read whole, as `all` does.
    static let multiCodePictures: [String] = {
        let folder = PackagePaths.sample("generated/multi")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted().map { folder + "/" + $0 }
    }()

    static func expectedPayloads(_ picture: String) throws -> [[UInt8]] {
        let all = try Data(contentsOf: URL(fileURLWithPath: picture.replacingOccurrences(of: ".png", with: ".all.txt")))
        let separator: [UInt8] = [0x0A, 0x1E, 0x0A]
        var parts: [[UInt8]] = [[]]
        var bytes = Array(all)[...]
        while !bytes.isEmpty {
            if bytes.starts(with: separator) {
                parts.append([])
                bytes = bytes.dropFirst(separator.count)
            } else {
                parts[parts.count - 1].append(bytes.removeFirst())
            }
        }
        return parts.sorted { $0.lexicographicallyPrecedes($1) }
    }

    @Test(arguments: multiCodePictures) func theDefaultRaceReadsEveryCodeOfAPictureOfSeveral(picture: String) throws {
        let image = try PNGReader().read(contentsOf: picture)
        let expected = try Self.expectedPayloads(picture)
        #expect(expected.count >= 2)
        let report = try QRDecoder().decode(image)
        #expect(report.symbols.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) } == expected)
    }

    @Test func aPhotoOfOneCodeIsAnsweredWithoutHolding() throws {
        for photo in PackagePaths.photos {
            let report = try QRDecoder().decode(try PNGReader().read(contentsOf: photo))
            #expect(report.symbols.count == 1, "\(photo)")
            #expect(report.heldForCompleteness == nil, "\(photo)")
        }
    }

    /// The finder look behind holding: the finders of a code not read show outside the
    /// ones read; the codes' own finders do not.
    @Test func findersOutsideTheCodesReadShowAnotherCode() throws {
        for picture in Self.multiCodePictures {
            let image = try PNGReader().read(contentsOf: picture)
            let all = try QRDecoder(strategy: .all(DecodeStrategy.standardEngines)).decode(image).symbols
            try #require(all.count >= 2)
            #expect(!image.showsFindersOutside(all.map(\.corners)), "\(picture)")
            for left in all.indices {
                let others = all.indices.filter { $0 != left }.map { all[$0].corners }
                #expect(image.showsFindersOutside(others), "\(picture): code \(left) left out")
            }
        }
    }
}
