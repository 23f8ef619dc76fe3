// qr CLI tests — `qr decode`: stdout, stderr and exit status for good and bad invocations.
import Foundation
import QRTestSupport
import Testing

@Suite struct DecodeCLITests {
    let photo = PackagePaths.sample("photos/qrcode-2-30.png")
    let photoText = "MECARD:N:測試;;"

    @Test func printsTheTextAndExitsZero() throws {
        let run = try QRProcess.run(["decode", photo])
        #expect(run.status == 0)
        #expect(run.text == photoText + "\n")
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: ["race", "hedged", "sequential", "sequential-zbar-first", "all", "zbar", "zxing"])
    func everyStrategyReadsIt(_ strategy: String) throws {
        let run = try QRProcess.run(["decode", photo, "--strategy", strategy])
        #expect(run.status == 0)
        #expect(run.text == photoText + "\n")
    }

    @Test(arguments: ["race", "hedged", "sequential", "sequential-zbar-first", "all", "zbar", "zxing"])
    func reportsNameTheStrategyAsAskedFor(_ strategy: String) throws {
        let run = try QRProcess.run(["decode", photo, "--strategy", strategy, "--json", "--timing"])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        let report = try #require(object["report"] as? [String: Any])
        #expect(report["strategy"] as? String == strategy)
        #expect(run.stderr.hasPrefix("\(photo): \(strategy), winner "), "\(run.stderr)")
    }

    @Test func aFolderGivesOneJSONLinePerPicture() throws {
        let run = try QRProcess.run(["decode", PackagePaths.sample("photos"), "--json", "--jobs", "2"])
        #expect(run.status == 0)
        let lines = run.text.split(separator: "\n")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.sample("photos")).filter {
            $0.hasSuffix(".png")
        }
        #expect(lines.count == pngs.count)
        let files = try lines.map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let symbols = try #require(object["symbols"] as? [[String: Any]])
            #expect(!symbols.isEmpty)
            let symbol = try #require(symbols.first)
            #expect(symbol["text"] is String)
            #expect(Data(base64Encoded: symbol["bytes"] as? String ?? "") != nil)
            #expect((symbol["corners"] as? [[Int]])?.count == 4)
            let report = try #require(object["report"] as? [String: Any])
            #expect(report["strategy"] as? String == "race")
            #expect(report["elapsed_ms"] is Double)
            let engines = try #require(report["engines"] as? [[String: Any]])
            #expect(Set(engines.compactMap { $0["name"] as? String }) == ["zbar", "zxing"])
            #expect(object["error"] is NSNull)
            return try #require(object["file"] as? String)
        }
        // In input order (sorted), whatever order the workers finished in.
        #expect(files == files.sorted())
    }

    @Test func aPictureWithoutACodeExitsOne() throws {
        let run = try QRProcess.run(["decode", PackagePaths.fixture("no-code.png")])
        #expect(run.status == 1)
        #expect(run.text.isEmpty)
    }

    @Test func anUnreadableFileExitsTwoAndTheOthersAreStillDecoded() throws {
        let folder = try ScratchDirectory().url
        let missing = folder.appendingPathComponent("missing.png").path
        let notPNG = folder.appendingPathComponent("photo.png")
        try Data("this is not a picture\n".utf8).write(to: notPNG)
        let run = try QRProcess.run(["decode", missing, notPNG.path, photo])
        #expect(run.status == 2)
        #expect(run.text == "\(photo): \(photoText)\n")
        #expect(run.stderr.contains(missing))
        #expect(run.stderr.contains(notPNG.path))
        #expect(run.stderr.contains("not a picture that can be read"))
    }

    @Test func anUnreadableFileInJSONHasAnErrorField() throws {
        let run = try QRProcess.run(["decode", "/nonexistent/x.png", "--json"])
        #expect(run.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        #expect(object["file"] as? String == "/nonexistent/x.png")
        #expect((object["error"] as? String)?.contains("/nonexistent/x.png") == true)
        #expect(object["report"] is NSNull)
    }

    @Test func readsAPictureFromStandardInput() throws {
        let png = try Data(contentsOf: URL(fileURLWithPath: photo))
        let run = try QRProcess.run(["decode", "-"], stdin: png)
        #expect(run.status == 0)
        #expect(run.text == photoText + "\n")
    }

    @Test func garbageOnStandardInputIsNamedAsStdin() throws {
        let run = try QRProcess.run(["decode", "-"], stdin: Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]))
        #expect(run.status == 2)
        #expect(run.stderr.contains("<stdin>"))
    }

    @Test func bytesWritesThePayloadExactly() throws {
        let run = try QRProcess.run(["decode", photo, "--bytes"])
        #expect(run.status == 0)
        #expect(run.stdout == Array(photoText.utf8))
    }

    @Test func filesFromReadsTheListOnStandardInput() throws {
        let list = [photo, PackagePaths.sample("photos/qrcode-2-17.png"), ""].joined(separator: "\n")
        let run = try QRProcess.run(["decode", "--files-from", "-", "--jobs", "2"], stdin: Data(list.utf8))
        #expect(run.status == 0)
        #expect(run.text.split(separator: "\n").count == 2)
    }

    @Test func firstStopsAtTheFirstCode() throws {
        let run = try QRProcess.run(["decode", PackagePaths.sample("photos"), "--first", "--jobs", "1"])
        #expect(run.status == 0)
        #expect(run.text.split(separator: "\n").count == 1)
    }

    @Test func timingPrintsATableOnStandardError() throws {
        let run = try QRProcess.run(["decode", photo, "--timing", "--strategy", "all"])
        #expect(run.status == 0)
        #expect(run.text == photoText + "\n")
        #expect(run.stderr.contains("engine"))
        #expect(run.stderr.contains("zbar"))
        #expect(run.stderr.contains("zxing"))
    }

    @Test func quietPrintsNothing() throws {
        let run = try QRProcess.run(["decode", photo, "-q"])
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
    }

    // `qr decode` alone reads standard input, unless it is a terminal
    // (CommandLineConventionsTests).
    @Test(arguments: [
        ["decode", "x.png", "--jobs", "0"],
        ["decode", "x.png", "--strategy", "fastest"],
        ["decode", "x.png", "--json", "--bytes"],
        ["decode", "-", "-"],
    ])
    func usageErrorsExit64(_ arguments: [String]) throws {
        let run = try QRProcess.run(arguments)
        #expect(run.status == 64)
        #expect(!run.stderr.isEmpty)
        #expect(run.stdout.isEmpty)
    }

    @Test func helpExplainsTheContract() throws {
        let run = try QRProcess.run(["decode", "--help"])
        #expect(run.status == 0)
        for word in ["--strategy", "--json", "--files-from", "--jobs", "--bytes", "--first", "--timing", "Exit status"]
        {
            #expect(run.text.contains(word), "help lacks \(word)")
        }
    }
}
