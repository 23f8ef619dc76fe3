// QRBench tests — `qr bench` end to end: the built binary, a generated corpus, every report.
import Foundation
import FoundationXML
import QRTestSupport
import Testing

@Suite(.serialized) struct BenchCommandTests {
    static func qr() throws -> String {
        try #require(TestSupport.qrExecutable, "build the qr product first (swift build)")
    }

    @Test func generatesACorpusAndWritesEveryReport() throws {
        let qr = try Self.qr()
        let folder = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = folder + "/corpus"

        let generated = try TestSupport.run(
            qr, ["bench", "--generate", corpus, "--count", "4", "--seed", "3", "--categories", "clean,multi"])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.text.contains("Wrote 4 pictures"))
        // A broken picture is named on stderr and skipped, not fatal.
        #expect(FileManager.default.createFile(atPath: corpus + "/clean/broken.png", contents: Data("not a png".utf8)))
        #expect(FileManager.default.createFile(atPath: corpus + "/clean/broken.txt", contents: Data("x".utf8)))

        let json = folder + "/out.json"
        let csv = folder + "/out.csv"
        let svg = folder + "/chart.svg"
        let run = try TestSupport.run(
            qr,
            [
                "bench", corpus, "--runs", "1", "--strategies", "race,zbar,zxing", "--seed", "5",
                "--json", json, "--csv", csv, "--svg", svg, "--category-table",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("skipped clean/broken.png"), "\(run.stderr)")
        let rows = run.text.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(rows.count == 4 + 3, "\(run.text)")  // strategies: header + 3; categories: header + 2
        #expect(rows[1].hasPrefix("| race | 4/4 |"), "\(run.text)")
        #expect(run.text.contains("| multi | 2 |"))

        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: json)))
        let report = try #require(object as? [String: Any])
        #expect((report["strategies"] as? [Any])?.count == 3)
        #expect(report["cold_call"] as? String == "fresh process")
        #expect((report["skipped"] as? [Any])?.count == 1)
        let csvLines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(csvLines.count == 4)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: svg), options: [])
        #expect(document.rootElement()?.name == "svg")
    }

    @Test func benchesAnUnlabelledFolder() throws {
        let folder = try UnlabelledTests.mixedFolder(photos: 3, labelled: 0)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let csv = folder + "/out.csv"
        let run = try TestSupport.run(
            try Self.qr(),
            [
                "bench", folder, "--runs", "1", "--no-warm-up", "--strategies", "race,zbar", "--cold-in-process",
                "--csv", csv,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains(": 4 pictures: 0 labelled (0 codes), 4 unlabelled, "), "\(run.text)")
        #expect(
            run.text.contains("| strategy | read (unlabelled) | missed (others read) | conflicts | mean ms |"),
            "\(run.text)")
        #expect(run.text.contains("4 unlabelled pictures (no NAME.txt; read = some symbol found): "))
        let rows = run.text.split(separator: "\n").filter { $0.hasPrefix("| race |") }
        #expect(rows.count == 1 && rows[0].hasPrefix("| race | 3/4 | 0 | 0 |"), "\(run.text)")
        let csvLines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(csvLines.count == 3 && csvLines[0].contains("unlabelled_read"))
    }

    @Test func withoutAFolderItFindsThePackageSamplesFromAnywhere() throws {
        let elsewhere = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let run = try ProgramRunner.run(
            try Self.qr(), ["bench", "--runs", "1", "--no-warm-up", "--strategies", "zbar", "--cold-in-process"],
            in: URL(fileURLWithPath: elsewhere))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.hasPrefix("`\(PackagePaths.root.path)/Samples`: "), "\(run.text)")
        #expect(run.text.contains("| zbar | "))
    }

    @Test func withoutAFolderOrSamplesItSaysWhatToPass() throws {
        // A copy of qr outside any package, run from a folder with no Samples/.
        let elsewhere = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let copy = elsewhere + "/qr"
        try FileManager.default.copyItem(atPath: try Self.qr(), toPath: copy)
        let run = try ProgramRunner.run(copy, ["bench"], in: URL(fileURLWithPath: elsewhere))
        #expect(run.status == 64)
        #expect(run.stderr.contains("pass a folder: qr bench DIR"), "\(run.stderr)")
        #expect(run.text.isEmpty)
    }

    @Test func peersRunAsWholeProcessesBesideTheStrategies() throws {
        let qr = try Self.qr()
        let folder = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photos = PackagePaths.root.appendingPathComponent("Samples/photos").path
        let json = folder + "/out.json"
        let csv = folder + "/out.csv"
        let svg = folder + "/chart.svg"
        let run = try TestSupport.run(
            qr,
            [
                "bench", photos, "--peers", "--runs", "1", "--no-warm-up", "--strategies", "race", "--cold-in-process",
                "--json", json, "--csv", csv, "--svg", svg,
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("--peers"), "\(run.stderr)")
        for row in ["| race | ", "| ZXingReader (process) | ", "| zbarimg (process) | ", "| qr decode (process) | "] {
            #expect(run.text.contains(row), "\(row) in \(run.text)")
        }
        #expect(run.text.contains("one whole process per picture"))

        // Each tool's read count, counted here: pictures whose expected text it printed.
        let pictures = try FileManager.default.contentsOfDirectory(atPath: photos).filter { $0.hasSuffix(".png") }
        func reads(_ tool: String, _ arguments: [String]) throws -> Int {
            let path = try #require(ProgramRunner.tool(tool))
            return try pictures.filter { name in
                let expected = try Data(contentsOf: URL(fileURLWithPath: photos + "/" + name.dropLast(4) + ".txt"))
                return try Data(TestSupport.run(path, arguments + [photos + "/" + name]).stdout).range(of: expected)
                    != nil
            }.count
        }
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let peers = try #require(object["peers"] as? [[String: Any]])
        #expect(peers.map { $0["name"] as? String } == ["ZXingReader", "zbarimg", "qr decode"])
        #expect(
            peers[0]["fully_read"] as? Double == Double(try reads("ZXingReader", ["-format", "QRCode,MicroQRCode"])))
        #expect(
            peers[1]["fully_read"] as? Double
                == Double(try reads("zbarimg", ["-q", "--raw", "-Sdisable", "-Sqrcode.enable"])))
        let race = try #require((object["strategies"] as? [[String: Any]])?.first)
        #expect(peers[2]["fully_read"] as? Double == race["fully_read"] as? Double)
        for peer in peers {
            #expect((peer["cpu_per_picture"] as? Double ?? 0) > 0 && peer["cold_milliseconds"] == nil)
            #expect((peer["latency"] as? [String: Any])?["count"] as? Int == pictures.count)
        }

        let csvLines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        #expect(csvLines.count == 5 && csvLines[0].contains(",kind,command"))
        #expect(csvLines.dropFirst(2).allSatisfy { $0.contains(",process,") })
        // On the chart: a hollow mark for each peer beside the strategy's point.
        let chart = try XMLDocument(contentsOf: URL(fileURLWithPath: svg), options: [])
        let marks = try chart.nodes(forXPath: "//*[@data-panel='read-vs-latency' and contains(@class, 'mark')]")
            .compactMap { $0 as? XMLElement }
        #expect(
            marks.map { ChartTests.attribute($0, "data-strategy") } == ["race", "ZXingReader", "zbarimg", "qr decode"])
        #expect(marks.dropFirst().allSatisfy { ChartTests.attribute($0, "data-kind") == "process" })
        let lint = try TestSupport.run(
            try #require(ProgramRunner.tool("xmllint"), "xmllint (libxml2-utils)"), ["--noout", svg])
        #expect(lint.status == 0, "\(lint.stderr)")
    }

    @Test func peersMissingFromPathAreNotedAndLeftOut() throws {
        let empty = try ScratchDirectory().path
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let photo = PackagePaths.root.appendingPathComponent("Samples/photos").path
        let run = try ProgramRunner.run(
            try Self.qr(),
            ["bench", photo, "--peers", "--runs", "1", "--no-warm-up", "--strategies", "zxing", "--cold-in-process"],
            environment: ["PATH": empty])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("--peers: ZXingReader is not on PATH (Debian: zxing-cpp-tools); its row is left out"))
        #expect(run.stderr.contains("--peers: zbarimg is not on PATH (Debian: zbar-tools)"))
        #expect(!run.text.contains("ZXingReader (process)") && !run.text.contains("zbarimg (process)"))
        #expect(run.text.contains("| qr decode (process) | "), "\(run.text)")
    }

    @Test func peersGoWithTheStrategyTableOnly() throws {
        let run = try TestSupport.run(try Self.qr(), ["bench", "--pass-table", "--peers"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--peers goes with the strategy table"))
    }

    @Test func unknownStrategyIsAUsageError() throws {
        let run = try TestSupport.run(try Self.qr(), ["bench", "--strategies", "race,fastest"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("Unknown strategy 'fastest'"))
    }

    @Test func onePictureIsACorpusOfOne() throws {
        let photo = PackagePaths.root.appendingPathComponent("Samples/photos/qrcode-2-17.png").path
        let run = try TestSupport.run(
            try Self.qr(),
            [
                "bench", photo, "--runs", "1", "--no-warm-up", "--strategies", "zbar,zxing", "--peers",
                "--cold-in-process",
            ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.contains(": 1 picture (1 code, "), "\(run.text)")
        #expect(
            run.text.contains("| zxing | 1/1 |") && run.text.contains("| qr decode (process) | 1/1 |"), "\(run.text)")
    }

    @Test func aMissingCorpusIsReported() throws {
        let run = try TestSupport.run(try Self.qr(), ["bench", "/no/such/corpus"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("/no/such/corpus: no such folder"))
    }

    @Test func helpListsTheOptions() throws {
        let run = try TestSupport.run(try Self.qr(), ["bench", "--help"])
        #expect(run.status == 0)
        for option in [
            "--strategies", "--runs", "--seed", "--json", "--csv", "--svg", "--peers", "--category-table", "--generate",
            "--count",
        ] {
            #expect(run.text.contains(option), "\(option)")
        }
        #expect(!run.text.contains("--cold-probe"))
    }
}
