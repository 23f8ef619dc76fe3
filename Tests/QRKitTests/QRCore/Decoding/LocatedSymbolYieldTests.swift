// QRKit tests — an engine's later passes wait behind the other engines' passes on a picture
// that shows a symbol whose fitted grids read nothing.
import Dispatch
import Testing
@testable import QRCore
@testable import QRKit

@Suite(.tags(.sanitized)) struct LocatedSymbolYieldTests {
    /// A white picture with a code drawn at 6 pixels a module: finders that a redrawn read
    /// by the finders' runs fits grids to.
    static func picture() throws -> GrayImage {
        let matrix = try QREncoder().encode(text: "https://example.org/located", options: EncodeOptions())
        return try GrayImageRenderer(options: RenderOptions(scale: 6)).render(matrix)
    }

    /// Misses in its first pass; in its second fits grids to the picture's finders and
    /// reads none of them (as a redrawn pass that cannot read a bent symbol); answers in
    /// its third, dear by its typical cost.
    struct Locator: DecodeEngine {
        let name = "locator"
        let log: RecordingLog
        var passNames: [String] { ["miss", "locate", "read"] }
        var typicalPassCosts: [Duration] { [.microseconds(100), .microseconds(100), .milliseconds(50)] }
        func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
        func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
            log.append("\(name)\(index)")
            switch index {
            case 1: return try picture.readRedrawn(finders: .byRuns) { _ in [] }
            case 2:
                // The whole picture: no finder shows outside the symbol read, so it answers.
                let (w, h) = (picture.original.width, picture.original.height)
                let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
                return [Symbol(text: "read", bytes: Array("read".utf8), corners: corners, engine: name)]
            default: return []
            }
        }
    }

    /// Two cheap passes that find nothing, the second yielding to a located symbol when
    /// `yields`.
    struct Backup: DecodeEngine {
        let name = "backup"
        let log: RecordingLog
        let yields: Bool
        var passNames: [String] { ["first", "second"] }
        var typicalPassCosts: [Duration] { [.microseconds(300), .milliseconds(1)] }
        var laterPassesYieldToLocatedSymbols: Bool { yields }
        func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] { [] }
        func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
            log.append("\(name)\(index)")
            return []
        }
    }

    /// The passes run, in order, of a race of the two on `image`, every pass on one worker.
    /// The worker is held until both engines' first passes are queued: otherwise, on a
    /// loaded machine, it could run the locator's passes before the backup's first is queued.
    static func passes(yields: Bool, on image: GrayImage) -> [String] {
        let log = RecordingLog()
        let executor = DecodeExecutor(workers: 1)
        let gate = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        executor.submit(copies: 1, rank: -1, order: 0, picture: nil) {
            held.signal()
            gate.wait()
        }
        held.wait()
        let decoder = QRDecoder(
            strategy: .race([Locator(log: log), Backup(log: log, yields: yields)]), executor: executor)
        let (report, _) = decodeAndSettle(decoder, image, afterStart: { gate.signal() })
        #expect(report.symbols.map(\.text) == ["read"])
        return log.entries
    }

    /// Ranked by cost alone the backup's second pass comes before the locator's dear read;
    /// once the locator has fitted grids to the symbol's finders it waits behind it, and the
    /// read answers before it runs.
    @Test func aYieldingPassWaitsBehindTheOtherEngineOnceASymbolIsLocated() throws {
        let image = try Self.picture()
        #expect(Self.passes(yields: false, on: image) == ["locator0", "locator1", "backup0", "backup1", "locator2"])
        #expect(Self.passes(yields: true, on: image) == ["locator0", "locator1", "backup0", "locator2"])
    }

    /// Where no grid was fitted (a blank picture shows no finders), the pass keeps its rank.
    @Test func aYieldingPassKeepsItsRankWhereNoSymbolIsLocated() {
        let blank = GrayImage(width: 64, height: 64, filledWith: 255)
        #expect(Self.passes(yields: true, on: blank) == ["locator0", "locator1", "backup0", "backup1", "locator2"])
    }
}
