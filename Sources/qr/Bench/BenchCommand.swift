// qr bench — compare decode strategies side by side on a corpus, or generate a corpus.
import ArgumentParser
import FoundationEssentials
import QRBench
import QRCorpus
import QRKit

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Compare decode strategies side by side on a corpus of pictures.",
        discussion: """
            A corpus is a folder tree of pictures (NAME.png, or .jpg, .webp, .tif, .gif) \
            beside NAME.txt (the exact payload bytes); NAME.all.txt lists several payloads, separated by a line holding only \
            U+001E. Each sub-folder is a category. One picture named instead of a folder \
            is a corpus of one. Pictures are loaded before timing; \
            unreadable ones are named on stderr and skipped.

            A picture without NAME.txt is unlabelled: it counts as read when a strategy \
            finds a symbol, and the report adds the columns "read (unlabelled)", \
            "missed (others read)" and "conflicts" (read a text another strategy read \
            differently), then lists the pictures where strategies disagree.

            Every strategy gets a fresh decoder: its first decode is timed as the cold \
            call, then one untimed warm-up pass, then --runs timed passes in an order \
            shuffled by --seed. The table shows pictures fully read, codes read, wrong \
            reads, codes missed, time to the answer (mean, p50, p90, p99, max), CPU time \
            per picture (every engine, race losers included), the cold call, and how time \
            grows with size (ms per megapixel, R^2).

            --peers adds rows for the readers a user may know, each run as one whole \
            process per picture over the same pictures: ZXingReader (zxing-cpp-tools) \
            and zbarimg (zbar-tools) where they are on PATH, and qr decode itself for a \
            like-for-like time. Their times include start-up and reading the file.

            With --generate, writes a synthetic corpus instead: codes of varied payloads, \
            versions and levels in noisy, cluttered pictures, degraded by category.

            Examples:
              qr bench                                   # the shipped Samples/
              qr bench ~/photos --runs 10 --json out.json --csv out.csv --svg chart.svg
              qr bench --strategies race,hedged,zxing --category-table
              qr bench ~/photos --peers --svg chart.svg  # beside ZXingReader and zbarimg
              qr bench --pass-table                      # what each decode pass buys
              qr bench --batch-table                     # a whole folder at once, per strategy
              qr bench --generate corpus/ --count 300 --seed 7
              qr bench --generate sheets/ --count 30 --categories sheet
            """)

    @Argument(
        help:
            "The corpus folder, or one picture (default: Samples/ here, else the Samples/ of the package qr was built in)."
    )
    var corpus: String?

    @Option(
        help: ArgumentHelp(
            "Strategies to compare, comma-separated: \(StrategyName.allCases.map(\.rawValue).joined(separator: ", ")) (default: all).",
            valueName: "LIST"))
    var strategies: String?

    @Option(help: "Timed passes over the corpus per strategy.")
    var runs: Int = 5

    @Option(help: "Seed of the picture order (bench) or of the corpus (--generate).")
    var seed: UInt64 = 1

    @Flag(inversion: .prefixedNo, help: "Run an untimed warm-up pass first.")
    var warmUp = true

    @OptionGroup
    var limits: PictureLimitOptions

    @Option(help: ArgumentHelp("Write every measurement as JSON to FILE.", valueName: "FILE"))
    var json: String?

    @Option(help: ArgumentHelp("Write the table as CSV to FILE.", valueName: "FILE"))
    var csv: String?

    @Option(
        help: ArgumentHelp(
            "Write a chart as SVG to FILE: read against time, CPU, time percentiles, cost by picture size.",
            valueName: "FILE"))
    var svg: String?

    @Flag(
        help: "Also print pictures fully read per category and strategy, unlabelled ones as a row of their own.")
    var categoryTable = false

    @Flag(
        help: """
            Also run ZXingReader and zbarimg (those on PATH) and qr decode over the same \
            pictures, one whole process per picture, as rows of the same reports.
            """)
    var peers = false

    @Flag(
        help: """
            Instead of the strategy table, measure each engine's decode passes one by one \
            (and the race climbing both ladders): pictures read, and the latency each pass \
            adds where it is needed and where it is not.
            """)
    var passTable = false

    @Flag(
        help: """
            Instead of the strategy table, decode the whole corpus as one batch per \
            strategy, on a decode executor with a worker per core, as `qr decode DIR` does: \
            pictures read, wall time and CPU time (the whole process: every engine, race \
            losers included) per picture, and CPU as a multiple of sequential's.
            """)
    var batchTable = false

    @Option(help: ArgumentHelp("Write a synthetic corpus into DIR instead of benchmarking.", valueName: "DIR"))
    var generate: String?

    @Option(help: "Pictures to generate (with --generate).")
    var count: Int = 100

    @Option(
        help: ArgumentHelp(
            "Categories to generate, comma-separated: \(GeneratedCategory.allCases.map(\.rawValue).joined(separator: ", ")) (default: all but the opt-in ones: sheet, pages of 12, 20 or 30 codes, and the field studies' conditions, glare to halftone).",
            valueName: "LIST"))
    var categories: String?

    @Flag(
        help: "With --generate: keep only pictures that some engine reads whole and that no engine misreads.")
    var readableOnly = false

    /// Internal: time one strategy's first decode of the picture given as the corpus
    /// argument, in this fresh process, and print the milliseconds.
    @Option(help: .hidden)
    var coldProbe: StrategyName?

    @Flag(help: "Time the cold first calls in this process, not in fresh ones.")
    var coldInProcess = false

    func validate() throws {
        if runs < 1 { throw ValidationError("--runs must be at least 1.") }
        try limits.settings.validate()
        _ = try strategyList()
        if generate != nil {
            if count < 1 { throw ValidationError("--count must be at least 1.") }
            if corpus != nil { throw ValidationError("Give either a corpus to bench or --generate DIR, not both.") }
            _ = try categoryList()
        } else if categories != nil || readableOnly {
            throw ValidationError("--categories and --readable-only go with --generate.")
        }
        if peers && (generate != nil || passTable) {
            throw ValidationError("--peers goes with the strategy table, not with --generate or --pass-table.")
        }
    }

    func run() throws {
        if let coldProbe {
            try probeColdCall(coldProbe)
            return
        }
        if let generate {
            try runGenerator(into: generate)
            return
        }
        let folder = try corpusFolder()
        let loaded: Corpus
        do {
            loaded = try Corpus.load(from: folder, reader: limits.settings.corpusReader)
        } catch {
            StandardError.report("\(error)")
            throw QRExit.unreadable
        }
        for skipped in loaded.skipped {
            StandardError.report("skipped \(skipped.name): \(skipped.reason)")
        }
        if loaded.pictures.isEmpty {
            StandardError.report("no pictures (NAME.png, .jpg, .webp, .tif, .gif) in \(folder)")
            throw QRExit.noCode
        }
        if passTable {
            if loaded.labelled.isEmpty {
                StandardError.report(
                    "--pass-table counts full reads and needs pictures with an expected text (NAME.png or other picture beside NAME.txt) in \(folder)"
                )
                throw QRExit.noCode
            }
            let rungs = PassLadder(runs: runs).run(loaded) { phase in
                if StandardError.isTerminal { StandardError.status("passes: \(phase)") }
            }
            if StandardError.isTerminal { StandardError.clearStatus() }
            print(PassLadder.markdown(rungs, pictures: loaded.labelled.count), terminator: "")
            return
        }
        if batchTable {
            let workers = availableCores()
            let rows = BatchTable(runs: runs, workers: workers).run(loaded, strategies: try strategyList()) { name in
                if StandardError.isTerminal { StandardError.status("batch: \(name)") }
            }
            if StandardError.isTerminal { StandardError.clearStatus() }
            print(BatchTable.markdown(rows, pictures: loaded.pictures.count, workers: workers), terminator: "")
            return
        }
        let options = BenchOptions(
            strategies: try strategyList(), runs: runs, seed: seed, warmUp: warmUp,
            timeout: limits.settings.timeout,
            coldProbe: coldInProcess ? nil : Self.coldCallInFreshProcess,
            peers: peers ? Self.peerTools() : [], launcher: { ChildProcess.run($0, $1) })
        let bar = StandardError.isTerminal ? ProgressBar() : nil
        let result = BenchRunner(options: options).run(loaded) { bar?.update($0) }
        bar?.finish()

        print(MarkdownReport.table(result), terminator: "")
        if categoryTable {
            print("")
            print(MarkdownReport.categoryTable(result), terminator: "")
        }
        var failed = false
        if let json {
            failed = !write(path: json) { Array(try JSONReport.data(result)) } || failed
        }
        if let csv {
            failed = !write(path: csv) { Array(CSVReport.text(result).utf8) } || failed
        }
        if let svg {
            failed = !write(path: svg) { Array(SVGChart.document(result).utf8) } || failed
        }
        if failed { throw QRExit.unwritable }
    }

    // MARK: - Cold calls

    private func probeColdCall(_ strategy: StrategyName) throws {
        guard let corpus else { throw ValidationError("--cold-probe needs a picture.") }
        let image: GrayImage
        do {
            image = try limits.settings.corpusReader.read(contentsOf: corpus)
        } catch {
            StandardError.report("\(error)")
            throw QRExit.unreadable
        }
        print(BenchRunner.timeFirstDecode(strategy, image))
    }

    /// Runs this executable with `--cold-probe` and reads the milliseconds it prints.
    @Sendable static func coldCallInFreshProcess(_ strategy: StrategyName, _ picture: String) -> Double? {
        let arguments = ["bench", "--cold-probe", strategy.rawValue, picture]
        guard let output = ChildProcess.output(of: executablePath(), arguments) else { return nil }
        return Double(String(decoding: output, as: UTF8.self).trimming(\.isWhitespaceOrNewline))
    }

    // MARK: - Peers

    /// The peer programs found on PATH, then `qr decode` (this executable); a note on
    /// stderr for each one missing, whose row is then left out.
    static func peerTools() -> [PeerTool] {
        var tools: [PeerTool] = []
        for (program, package, make) in PeerTool.programs {
            if let path = ChildProcess.find(onPath: program) {
                tools.append(make(path))
            } else {
                StandardError.report("--peers: \(program) is not on PATH (Debian: \(package)); its row is left out")
            }
        }
        return tools + [PeerTool.qrDecode(at: executablePath())]
    }

    // MARK: - Generating

    private func runGenerator(into folder: String) throws {
        let options = GeneratorOptions(
            count: count, seed: seed, categories: try categoryList(), readableOnly: readableOnly)
        let bar = StandardError.isTerminal ? ProgressBar() : nil
        let summary: GenerationSummary
        do {
            summary = try CorpusGenerator(options: options).write(to: folder) { done, total in
                bar?.update(BenchProgress(done: done, total: total, phase: "generate"))
            }
        } catch {
            bar?.finish()
            StandardError.report("\(error)")
            if case .writeFailed = error { throw QRExit.unwritable }
            throw QRExit.unencodable
        }
        bar?.finish()
        let dropped = summary.dropped > 0 ? " (\(summary.dropped) unreadable left out)" : ""
        print("Wrote \(summary.written) pictures\(dropped) to \(folder), seed \(seed):")
        for (category, written) in summary.perCategory {
            print("  \(category): \(written)")
        }
    }

    // MARK: - Arguments

    private func strategyList() throws -> [StrategyName] {
        try Self.commaList(strategies, option: "--strategies", noun: "strategy")
    }

    private func categoryList() throws -> [GeneratedCategory] {
        // Not every category: an opt-in one (sheet, the study conditions) in the default
        // would change the category of most pictures of a corpus made before it.
        guard categories != nil else { return GeneratedCategory.defaultCategories }
        return try Self.commaList(categories, option: "--categories", noun: "category")
    }

    /// The values named in a comma-separated option, in order, each once; every value
    /// when the option is absent.
    private static func commaList<Value: RawRepresentable & CaseIterable & Equatable>(
        _ text: String?, option: String, noun: String
    ) throws -> [Value] where Value.RawValue == String {
        guard let text else { return Array(Value.allCases) }
        var list: [Value] = []
        for word in text.split(separator: ",").map({ $0.trimming(\.isSpace) }) where !word.isEmpty {
            guard let value = Value(rawValue: word) else {
                throw ValidationError(
                    "Unknown \(noun) '\(word)'; choose from \(Value.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            if !list.contains(value) { list.append(value) }
        }
        if list.isEmpty { throw ValidationError("\(option) needs at least one \(noun).") }
        return list
    }

    /// The corpus argument; else `Samples/` in the current folder; else the package's
    /// `Samples/`, found by looking upward from the executable (it lives at
    /// `PACKAGE/.build/TRIPLE/release/qr`; `.build/release` is a link to that folder).
    private func corpusFolder() throws -> String {
        if let corpus { return corpus }
        if FileSystem.isDirectory("Samples") { return "Samples" }
        if let samples = Self.packageSamples() { return samples }
        StandardError.report(
            "no corpus given, and no Samples/ folder here or in a package above the qr executable; "
                + "pass a folder: qr bench DIR")
        throw QRExit.usage
    }

    /// The first `Samples/` folder with the package's layout (`photos/` and `generated/`
    /// inside) beside the executable or in a folder above it; nil when there is none.
    static func packageSamples() -> String? {
        var folder = FileSystem.parent(executablePath())
        for _ in 0..<8 where !folder.isEmpty {
            let samples = FileSystem.join(folder, "Samples")
            if FileSystem.isDirectory(FileSystem.join(samples, "photos"))
                && FileSystem.isDirectory(FileSystem.join(samples, "generated"))
            {
                return samples
            }
            let above = FileSystem.parent(folder)
            if above == folder { break }
            folder = above
        }
        return nil
    }

    /// This executable's real path, links resolved (`/proc/self/exe`; else the path it was started by).
    static func executablePath() -> String {
        let proc = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        if proc != "/proc/self/exe" { return proc }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }

    /// Writes a report file; on failure names the file and why on stderr.
    private func write(path: String, _ contents: () throws -> [UInt8]) -> Bool {
        do {
            try FileSystem.write(try contents(), to: path)
            return true
        } catch let error as FileSystemError {
            StandardError.report("\(path): cannot write: \(error.reason)")
        } catch {
            StandardError.report("\(path): cannot write: \(error)")
        }
        return false
    }
}

extension StringProtocol {
    /// The text without the leading and trailing scalars that `isTrimmed` picks, as
    /// Foundation's `trimmingCharacters(in:)` trims (by scalar, not by character).
    fileprivate func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`: tab, the space separators, and U+200B.
    fileprivate var isSpace: Bool {
        self == "\t" || self == "\u{200B}" || properties.generalCategory == .spaceSeparator
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`: Unicode's white space, and U+200B.
    fileprivate var isWhitespaceOrNewline: Bool {
        self == "\u{200B}" || properties.isWhitespace
    }
}
