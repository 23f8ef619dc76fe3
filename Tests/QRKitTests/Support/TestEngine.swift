// QRKit tests — TestEngine: an engine of controlled delay and outcome, for strategy tests.
import Foundation
import Synchronization
@testable import QRCore
@testable import QRKit

/// An engine that runs `passes` passes of `passDelay` each, checking the cancel flag
/// between them like a real engine, and then finds `text`, finds nothing, or fails.
final class TestEngine: DecodeEngine {
    enum Outcome: Sendable {
        case finds(String)
        /// Returns these symbols as they are.
        case findsSymbols([Symbol])
        case findsNothing
        case fails(String)
    }

    let name: String
    let passes: Int
    let passDelay: Duration
    let outcome: Outcome
    /// Each pass keeps its thread busy (CPU time) rather than sleeping.
    let spins: Bool
    private let passesRun = Atomic<Int>(0)
    private let calls = Atomic<Int>(0)

    init(_ name: String, passes: Int = 1, passDelay: Duration, spins: Bool = false, _ outcome: Outcome) {
        self.name = name
        self.passes = passes
        self.passDelay = passDelay
        self.spins = spins
        self.outcome = outcome
    }

    /// Passes run so far, over every call.
    var passCount: Int { passesRun.load(ordering: .relaxed) }
    /// Times `decode` was called.
    var callCount: Int { calls.load(ordering: .relaxed) }

    func decode(_ image: GrayImage, cancel: CancellationFlag) throws -> [Symbol] {
        calls.add(1, ordering: .relaxed)
        for _ in 0..<passes {
            try cancel.check()
            passesRun.add(1, ordering: .relaxed)
            Thread.sleep(forTimeInterval: passDelay.seconds)
        }
        return try finalOutcome()
    }

    /// Passes one at a time, as a scheduler runs them: the outcome comes with the last.
    var passNames: [String] { (0..<passes).map { "pass \($0 + 1)" } }

    func decode(_ picture: PictureVariants, pass index: Int) throws -> [Symbol] {
        if index == 0 { calls.add(1, ordering: .relaxed) }
        passesRun.add(1, ordering: .relaxed)
        if spins {
            let end = threadCPUTime() + passDelay
            while threadCPUTime() < end {}
        } else {
            Thread.sleep(forTimeInterval: passDelay.seconds)
        }
        return index == passes - 1 ? try finalOutcome() : []
    }

    private func finalOutcome() throws -> [Symbol] {
        switch outcome {
        case .finds(let text):
            return [Symbol(text: text, bytes: Array(text.utf8), corners: TestEngine.box, engine: name)]
        case .findsSymbols(let symbols):
            return symbols
        case .findsNothing:
            return []
        case .fails(let reason):
            throw DecodeError.engineFailure(engine: name, reason: reason)
        }
    }

    static let box = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
}

extension Duration {
    var seconds: Double { milliseconds / 1000 }
}

let blankImage = GrayImage(width: 8, height: 8, filledWith: 255)

/// Starts a decode and waits for both its answer and its settling (every engine stopped);
/// `afterStart` runs once the decode has queued its first passes, before the wait.
func decodeAndSettle(
    _ decoder: QRDecoder, _ image: GrayImage = blankImage, afterStart: () -> Void = {}
) -> (answer: DecodeReport, settled: DecodeReport) {
    let done = DispatchSemaphore(value: 0)
    let box = Locked<(DecodeReport?, DecodeReport?)>((nil, nil))
    decoder.start(
        image,
        onAnswer: { report in
            box.withLock { $0.0 = report }
            done.signal()
        },
        onSettled: { report in
            box.withLock { $0.1 = report }
            done.signal()
        })
    afterStart()
    done.wait()
    done.wait()
    let (answer, settled) = box.withLock { $0 }
    return (answer!, settled!)
}

/// The answer of a decode all of whose passes run on the decoder's executor (the callback
/// entry point: a blocking `decode` runs its first pass on the caller's thread).
func decodeOnTheExecutor(_ decoder: QRDecoder, _ image: GrayImage) -> DecodeReport? {
    let done = DispatchSemaphore(value: 0)
    let answer = Locked<DecodeReport?>(nil)
    decoder.start(image) { report in
        answer.withLock { $0 = report }
        done.signal()
    }
    done.wait()
    return answer.withLock { $0 }.flatMap { try? QRDecoder.checked($0) }
}
