// qr CLI tests — no picture takes the machine: small files made to take minutes of CPU or
// gigabytes of memory end within the default budget, in bounded memory, with one line that
// names them and the documented exit status, however many are read in parallel; and the
// good pictures beside them are read.
import Foundation
import QRTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct BudgetCLITests {
    /// One hostile picture: its file, and what `qr decode` says of it.
    struct Bomb: Sendable, CustomStringConvertible {
        let description: String
        let fileName: String
        let bytes: @Sendable () -> [UInt8]
        let status: Int32
        /// What stderr says of it; nil for nothing.
        let message: (@Sendable (String) -> String)?
    }

    static let bombs: [Bomb] = [
        Bomb(
            description: "400 × 400 PNG tiled with finder patterns", fileName: "tiles.png",
            bytes: { BudgetBombs.finderTiles(side: 400) }, status: 1, message: nil),
        Bomb(
            description: "16-bit RGBA PNG of 10000 × 10000", fileName: "rgba16.png",
            bytes: { BudgetBombs.sixteenBitRGBA(side: 10_000) }, status: 2,
            message: { "qr: \($0): too large to decode in memory (it needs about 668 MB; the memory budget is 512 MB)" }
        ),
        Bomb(
            description: "JPEG of 10000 × 10000", fileName: "huge.jpg",
            bytes: { BudgetBombs.jpegClaiming(side: 10_000, HostileInputs.jpeg) }, status: 2,
            message: { "qr: \($0): too large to decode in memory (it needs about 668 MB; the memory budget is 512 MB)" }
        ),
        Bomb(
            description: "deflated TIFF of 10000 × 10000", fileName: "deflate.tif",
            bytes: { BudgetBombs.deflatedTIFF(side: 10_000) }, status: 2,
            message: {
                "qr: \($0): too large to decode in memory (it needs about 1240 MB; the memory budget is 512 MB)"
            }),
        Bomb(
            description: "animated WebP of a 10000 × 10000 canvas", fileName: "canvas.webp",
            bytes: { BudgetBombs.animatedWebP(canvas: 10_000, frame: HostileInputs.losslessWebP) }, status: 2,
            message: { "qr: \($0): too large to decode in memory (it needs about 859 MB; the memory budget is 512 MB)" }
        ),
    ]

    /// The default budget, and the second over it that a whole process may take.
    static let wallLimit = Duration.seconds(6)
    static let memoryLimitKilobytes = 300 * 1024

    @Test(arguments: bombs, [2, 8])
    func aBombEndsWithinTheBudgetInBoundedMemory(bomb: Bomb, jobs: Int) throws {
        let qr = try #require(ProgramRunner.qrExecutable)
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try scratch.file(bomb.fileName, bomb.bytes())
        let run = try MeasuredRun.run(qr, ["decode", "--jobs", "\(jobs)", path], scratch: scratch)
        #expect(run.status == bomb.status, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == (bomb.message.map { $0(path) + "\n" } ?? ""))
        #expect(run.elapsed < Self.wallLimit, "took \(run.elapsed)")
        #expect(run.peakKilobytes < Self.memoryLimitKilobytes, "peak \(run.peakKilobytes) KB")
    }

    /// Every bomb, four times over, beside a good photograph: each bomb is named, the
    /// photograph read, within bounded memory, with two workers or eight.
    @Test(arguments: [2, 8]) func aBatchOfBombsStillReadsTheGoodPicture(jobs: Int) throws {
        let qr = try #require(ProgramRunner.qrExecutable)
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        var paths: [String] = []
        for copy in 0..<4 {
            for bomb in Self.bombs { paths.append(try scratch.file("\(copy)-\(bomb.fileName)", bomb.bytes())) }
        }
        let photo = PackagePaths.sample("photos/qrcode-2-30.png")
        paths.insert(photo, at: paths.count / 2)
        let run = try MeasuredRun.run(qr, ["decode", "--jobs", "\(jobs)"] + paths, scratch: scratch)
        #expect(run.status == 2)
        #expect(run.text == "\(photo): MECARD:N:測試;;\n")
        let refused = run.stderr.split(separator: "\n").filter { $0.contains("too large to decode in memory") }
        #expect(refused.count == 16, "\(run.stderr)")
        #expect(run.peakKilobytes < Self.memoryLimitKilobytes, "peak \(run.peakKilobytes) KB")
    }

    /// A progressive JPEG whose scans take longer to decode than the picture's budget: its
    /// reading stops at the budget, and it is a picture cut short.
    @Test func aJPEGOfManyScansRunsOutOfItsBudgetWhileRead() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let path = try scratch.file("scans.jpg", BudgetBombs.progressiveJPEG(side: 3_000, in: scratch))
        let run = try QRProcess.run(["decode", "--timeout-ms", "50", path])
        #expect(run.status == 3)
        #expect(run.stderr == "qr: \(path): ran out of its CPU budget (50 ms) decoding the JPEG\n")
    }

    /// A picture cut short by --timeout-ms is named with what was found, in text and in
    /// JSON, and the exit status is 3.
    @Test func aPictureCutShortSaysSoWithExitStatus3() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        // Under the engines' limit of finder patterns, but each zxing-cpp pass weighs them
        // all for a good while.
        let path = try scratch.file("tiles.png", BudgetBombs.finderTiles(side: 136))
        let text = try QRProcess.run(["decode", "--timeout-ms", "100", path])
        #expect(text.status == 3)
        #expect(text.stdout.isEmpty)
        let line = try #require(text.stderr.split(separator: "\n").first.map(String.init))
        #expect(
            line == "qr: \(path): timed out after 100 ms; no code found before"
                || line == "qr: \(path): ran out of its CPU budget (100 ms); no code found before", "\(text.stderr)")
        let json = try QRProcess.run(["decode", "--json", "--timeout-ms", "100", path])
        #expect(json.status == 3)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        let error = try #require(object["error"] as? String)
        #expect(error == "timed out after 100 ms" || error == "ran out of its CPU budget (100 ms)")
        #expect((object["report"] as? [String: Any])?["timed_out"] as? Bool == true)
    }
}
