// QRBench tests — corpora without expected texts: reads counted by agreement between strategies.
import Foundation
import QRKit
import QRTestSupport
import Testing
@testable import QRCorpus
@testable import QRBench

@Suite struct UnlabelledTests {
    /// Photographs from Samples/photos: the first `labelled` keep their NAME.txt, the rest
    /// are copied without it; plus `blank.png`, unlabelled, holding no code at all.
    static func mixedFolder(photos: Int, labelled: Int) throws -> String {
        let folder = try ScratchDirectory().path
        let fm = FileManager.default
        let source = PackagePaths.root.appendingPathComponent("Samples/photos").path
        let names = try fm.contentsOfDirectory(atPath: source).filter { $0.hasSuffix(".png") }.sorted().prefix(photos)
        for (index, name) in names.enumerated() {
            try fm.copyItem(atPath: source + "/" + name, toPath: folder + "/" + name)
            if index < labelled {
                let text = String(name.dropLast(4)) + ".txt"
                try fm.copyItem(atPath: source + "/" + text, toPath: folder + "/" + text)
            }
        }
        let blank = try PNGWriter.encode(GrayImage(width: 120, height: 90, filledWith: 255))
        try #require(fm.createFile(atPath: folder + "/blank.png", contents: Data(blank)))
        return folder
    }

    static let options = BenchOptions(strategies: [.race, .zbar, .zxing], runs: 1, seed: 2, warmUp: false)

    static let mixed: BenchResult = {
        let folder = try! mixedFolder(photos: 15, labelled: 1)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return BenchRunner(options: options).run(try! Corpus.load(from: folder))
    }()

    @Test func mixedCorpusCountsBothKinds() throws {
        let result = Self.mixed
        #expect(result.pictures == 16)
        #expect(result.unlabelled == 15)  // 14 photos and the blank
        #expect(result.labelled == 1 && result.codes == 1)
        let agreement = try #require(result.agreement)
        #expect(agreement.pictures == 15)
        #expect(agreement.readAlike + agreement.readByNone + agreement.readBySome + agreement.differentTexts == 15)
        // The blank picture: no strategy finds anything, and that is agreement, not a conflict.
        #expect(agreement.readByNone >= 1)
        #expect(!agreement.disagreements.contains { $0.name == "blank.png" })
        let blank = try #require(result.strategies[0].perPicture.first { $0.name == "blank.png" })
        #expect(blank.labelled == false && blank.texts == [] && blank.fullyReadRuns == 0 && blank.wrongReads == 0)
        for (s, strategy) in result.strategies.enumerated() {
            // The labelled picture is scored as before; unlabelled ones never count as wrong.
            #expect(strategy.wrongReads == 0, "\(strategy.name)")
            let read = try #require(strategy.unlabelledRead)
            #expect(read <= 14, "\(strategy.name)")
            // Missed where another read = pictures of "read by some" or "different texts" where it read nothing.
            let missed = agreement.disagreements.filter { $0.answers[s].texts.isEmpty }.count
            #expect(strategy.missedWhereOthersRead == missed, "\(strategy.name)")
            #expect(
                strategy.conflicts
                    == agreement.disagreements.filter { picture in
                        !picture.answers[s].texts.isEmpty && picture.kind == .differentTexts
                            && picture.answers.contains { !$0.texts.isEmpty && $0.texts != picture.answers[s].texts }
                    }.count)
            #expect(strategy.perPicture.filter { $0.labelled == false }.count == 15)
        }
        for picture in agreement.disagreements where picture.kind == .readBySome {
            #expect(picture.answers.contains { $0.texts.isEmpty } && picture.answers.contains { !$0.texts.isEmpty })
        }
        // Race runs both engines: it reads at least what each of them reads.
        #expect(result.strategies[0].unlabelledRead! >= result.strategies[1].unlabelledRead!)
        #expect(result.strategies[0].unlabelledRead! >= result.strategies[2].unlabelledRead!)
    }

    @Test func markdownShowsAgreementColumnsAndTable() throws {
        let table = MarkdownReport.table(Self.mixed)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(
            rows[0].hasPrefix(
                "| strategy | read | codes | wrong | missed | read (unlabelled) | missed (others read) | conflicts | mean ms |"
            ))
        #expect(rows[1].hasPrefix("| race | 1/1 | 1/1 | 0 | 0 | "), "\(table)")
        #expect(rows[1].contains("/15 | "))
        #expect(table.contains(": 16 pictures: 1 labelled (1 code), 15 unlabelled, "))
        #expect(table.contains("15 unlabelled pictures (no NAME.txt; read = some symbol found): "))
        let agreement = try #require(Self.mixed.agreement)
        if !agreement.disagreements.isEmpty {
            #expect(table.contains("| unlabelled picture | disagreement | race | zbar | zxing |"))
            #expect(
                table.contains("| \(agreement.disagreements[0].name) | \(agreement.disagreements[0].kind.rawValue) | "))
        }
    }

    @Test func csvAndJSONCarryTheAgreement() throws {
        let lines = CSVReport.text(Self.mixed).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        for column in ["unlabelled_pictures", "unlabelled_read", "missed_where_others_read", "conflicts"] {
            #expect(header.contains(column), "\(column)")
        }
        let race = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(race.count == header.count)
        #expect(race[header.firstIndex(of: "unlabelled_pictures")!] == "15")
        #expect(
            race[header.firstIndex(of: "missed_where_others_read")!]
                == String(Self.mixed.strategies[0].missedWhereOthersRead!))

        let object = try #require(
            try JSONSerialization.jsonObject(with: try JSONReport.data(Self.mixed)) as? [String: Any])
        #expect(object["unlabelled"] as? Int == 15)
        let agreement = try #require(object["agreement"] as? [String: Any])
        #expect(agreement["pictures"] as? Int == 15)
        #expect(agreement["read_by_none"] is Int && agreement["disagreements"] is [Any])
        let strategies = try #require(object["strategies"] as? [[String: Any]])
        #expect(strategies[0]["unlabelled_read"] is Double && strategies[0]["conflicts"] is Int)
    }

    @Test func anAllUnlabelledCorpusDropsTheLabelledColumns() throws {
        let folder = try Self.mixedFolder(photos: 2, labelled: 0)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = BenchRunner(options: Self.options).run(try Corpus.load(from: folder))
        #expect(result.labelled == 0 && result.unlabelled == 3)
        let header = try #require(MarkdownReport.table(result).split(separator: "\n").first { $0.hasPrefix("| ") })
        #expect(header.hasPrefix("| strategy | read (unlabelled) | missed (others read) | conflicts | mean ms |"))
    }

    @Test func labelledOutputIsUnchanged() throws {
        let result = RunnerAndReportTests.result
        #expect(result.unlabelled == 0 && result.agreement == nil)
        #expect(result.strategies.allSatisfy { $0.unlabelledRead == nil && $0.conflicts == nil })
        let table = MarkdownReport.table(result)
        #expect(
            table.contains(
                "| strategy | read | codes | wrong | missed | mean ms | p50 | p90 | p99 | max | CPU ms/pic | cold ms | ms/MP | R² |\n"
            ))
        #expect(!table.contains("unlabelled"))
        #expect(table.hasPrefix("`tiny`: 3 pictures ("))
        let json = String(decoding: try JSONReport.data(result), as: UTF8.self)
        #expect(!json.contains("\"agreement\"") && !json.contains("unlabelled_read"))
    }

    @Test func theCategoryTableHasARowOfUnlabelledPictures() throws {
        let table = MarkdownReport.categoryTable(Self.mixed)
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("| (unlabelled") }, "\(table)")
        let reads = Self.mixed.strategies.map { NumberFormat.count($0.unlabelledRead!) }
        #expect(row == "| (unlabelled: a symbol found) | 15 | " + reads.joined(separator: " | ") + " |")
    }

    @Test func aPeersConflictIsListedWithItsAnswer() throws {
        let pictures = ["same.png", "differ.png", "missed.png"].map {
            CorpusPicture(
                name: $0, category: "c", expected: [], image: GrayImage(width: 1, height: 1, filledWith: 0),
                labelled: false)
        }
        // The strategies agree on every picture; the peer reads one otherwise and misses one.
        let answers: [[Int: [String]]] = [[0: ["a"], 1: ["c"], 2: ["e"]], [0: ["a"], 1: ["c"], 2: ["e"]]]
        let peer: [[Int: [String]]] = [[0: ["a"], 1: ["d"], 2: []]]
        let summary = BenchRunner.agreement(["x", "y"], answers: answers, pictures: pictures, unlabelled: [0, 1, 2])
        #expect(summary.readAlike == 3 && summary.disagreements.isEmpty)
        let listed = BenchRunner.addingPeers(
            summary, strategies: ["x", "y"], answers: answers, peers: ["P (process)"], peerAnswers: peer,
            pictures: pictures, unlabelled: [0, 1, 2])
        #expect(listed.readAlike == 3)
        let counted = BenchRunner.disagreements(peer[0], others: answers, unlabelled: [0, 1, 2]).conflicts
        #expect(listed.disagreements.count == counted)
        #expect(listed.disagreements.map(\.name) == ["differ.png"])
        #expect(listed.disagreements.first?.kind == .processReadOtherwise)
        #expect(
            listed.disagreements.first?.answers == [
                StrategyAnswer(strategy: "x", texts: ["c"]), StrategyAnswer(strategy: "y", texts: ["c"]),
                StrategyAnswer(strategy: "P (process)", texts: ["d"]),
            ])
        var result = ChartTests.tied(reads: [1, 1])
        result.agreement = listed
        let text = MarkdownReport.agreement(result)
        #expect(text.contains("| unlabelled picture | disagreement | x | y | P (process) |"), "\(text)")
        #expect(text.contains("| differ.png | a process read otherwise | c | c | d |"), "\(text)")
    }

    @Test func differentTextsAreAConflict() {
        func picture(_ name: String) -> CorpusPicture {
            CorpusPicture(
                name: name, category: "c", expected: [], image: GrayImage(width: 1, height: 1, filledWith: 0),
                labelled: false)
        }
        let pictures = ["same.png", "none.png", "some.png", "differ.png"].map(picture)
        let answers: [[Int: [String]]] = [
            [0: ["a"], 1: [], 2: ["b"], 3: ["c"]],
            [0: ["a"], 1: [], 2: [], 3: ["d"]],
        ]
        let summary = BenchRunner.agreement(
            ["x", "y"], answers: answers, pictures: pictures, unlabelled: [0, 1, 2, 3])
        #expect(
            summary.readAlike == 1 && summary.readByNone == 1 && summary.readBySome == 1 && summary.differentTexts == 1)
        #expect(summary.disagreements.map(\.name) == ["some.png", "differ.png"])
        #expect(summary.disagreements[1].kind == .differentTexts)
        #expect(
            summary.disagreements[1].answers == [
                StrategyAnswer(strategy: "x", texts: ["c"]), StrategyAnswer(strategy: "y", texts: ["d"]),
            ])
        #expect(MarkdownReport.cell("a|b`c\u{7}") == "a\\|b\\`c\\u{7}")
    }
}
