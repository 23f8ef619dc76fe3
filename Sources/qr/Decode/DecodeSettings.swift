// qr decode — DecodeSettings: the options of `qr decode` as values, from either parser.
import ArgumentParser
import Dispatch
import FoundationEssentials
import QRBench
import QRKit
#if canImport(Glibc)
import Glibc
#endif

/// What `qr decode` was asked to do, and the doing of it. ``DecodeCommand`` fills it from
/// ArgumentParser; ``QuickParse`` fills it straight from an everyday command line.
struct DecodeSettings: Equatable {
    /// The defaults of every option.
    static let defaults = DecodeSettings()

    var inputs: [String] = []
    var filesFrom: String?
    var strategy: StrategyName = .race
    var jobs: Int?
    var limits = PictureLimits()
    var json = false
    var bytes = false
    /// --bytes with a NUL after each code.
    var null = false
    var withFilename = false
    var noFilename = false
    var first = false
    /// Join structured-append parts across all inputs, not only within one picture.
    var join = false
    var timing = false
    var quiet = false

    func validate() throws(ValidationError) {
        if inputs.isEmpty && filesFrom == nil && isatty(STDIN_FILENO) == 1 {
            throw ValidationError("Give a picture, a folder, '-' for standard input, or --files-from.")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        try limits.validate()
        if json && (bytes || null) {
            throw ValidationError("--json and --\(bytes ? "bytes" : "null") cannot be used together.")
        }
        if withFilename && noFilename {
            throw ValidationError("--with-filename and --no-filename cannot be used together.")
        }
        // --first stops before every part is read: nothing would be left to join.
        if join && first { throw ValidationError("--join and --first cannot be used together.") }
        if inputs.filter({ $0 == "-" }).count > 1 || (inputs.contains("-") && filesFrom == "-") {
            throw ValidationError("Standard input can be read only once.")
        }
    }

    func run() throws {
        let list: PathListReader?
        do {
            list = try filesFrom.map { path throws(InputList.ListError) in try PathListReader(path) }
        } catch {
            StandardError.report(error.file, error.reason)
            throw QRExit.unreadable
        }
        // Paths go by their bytes, as the command line gave them (see ArgumentBytes).
        // Nothing named and a pipe or file on stdin: read it, as `qr encode` does.
        let inputs = self.inputs.isEmpty && filesFrom == nil ? ["-"] : self.inputs
        let paths = inputs.map { PathName(bytes: ArgumentBytes.bytes(of: $0)) }
        var start = PictureFeed(arguments: paths, list: list, quiet: quiet)
        // Text output names the files when there are several: know that before the first
        // line. JSON and the others need not wait for a list's second line.
        if case .text = outputStyle(pictureCount: 2) { start.lookAhead(2) }
        let count = start.count
        let feed = Locked(start)
        let output = DecodeOutput(
            count: count, style: outputStyle(pictureCount: count ?? 2), joinAcrossInputs: join, timing: timing,
            progress: StandardError.isTerminal && (count ?? 2) > 1 && !quiet && !json,
            noteNoCode: (count ?? 2) > 1 && !quiet && !json)
        let reader = limits.reader
        let stop = CancellationFlag()
        let strategyName = strategy.rawValue
        let first = self.first
        /// The names of the pictures handed out and not yet answered.
        let names = Locked([Int: PathName]())
        /// Reports name the strategy as it was asked for (`sequential-zbar-first`, `zbar`),
        /// not as the library models it (`sequential`, `single`).
        let deliver: @Sendable (Int, PictureOutcome) -> Void = { index, outcome in
            var outcome = outcome
            if case .decoded(var report) = outcome {
                report.strategy = strategyName
                outcome = .decoded(report)
            }
            if first, case .decoded(let report) = outcome, !report.symbols.isEmpty { stop.cancel() }
            let name = names.withLock { $0.removeValue(forKey: index) } ?? PathName("")
            output.deliver(index, name: name, outcome)
        }
        var decoder = QRDecoder(
            strategy: strategy.makeStrategy(), timeout: limits.timeout, cpuBudget: limits.cpuBudget)
        if count == 1, let (index, picture) = feed.withLock({ $0.next() }) {
            // One picture: no pool, the strategy's own low-latency path (see QRDecoder).
            names.withLock { $0[index] = picture.name }
            deliver(index, Self.decode(picture, reader: reader, decoder: decoder))
        } else if count != 0 {
            // Many, or a list: one executor over all of them, sized to the cores
            // (asked for only here), so cheap passes of every picture run before
            // expensive ones.
            decoder.executor = DecodeExecutor(workers: min(jobs ?? availableCores(), count ?? .max))
            // A list is decoded in runs of the paths that have come: a batch takes what the
            // list holds, up to `batchLimit`, without waiting on it (a batch that waited
            // for its next path would hold a worker and its pictures' passes with it); the
            // next batch begins when more has come. So each path is answered as it
            // arrives, and no more than `batchLimit` answers wait for a slow one.
            let limit = count == nil ? Self.batchLimit : .max
            while !stop.isCancelled, feed.withLock({ $0.waitForPicture() }) {
                let base = feed.withLock { $0.handedOut }
                decoder.decodeBatch(
                    next: {
                        let taken = feed.withLock { f in f.handedOut - base < limit ? f.next(waiting: false) : nil }
                        guard !stop.isCancelled, let (index, picture) = taken else { return nil }
                        names.withLock { $0[index] = picture.name }
                        return { try Self.read(picture, reader: reader) }
                    },
                    deliver: { index, result in
                        switch result {
                        case .success(let report): deliver(base + index, .decoded(report))
                        case .failure(let error): deliver(base + index, .failed(error))
                        }
                    })
            }
        }
        output.finish()
        let (decoded, emptyFolders, failure) = feed.withLock { ($0.handedOut, $0.emptyFolders, $0.failure) }
        if let failure {
            StandardError.report(failure.file, failure.reason)
            throw QRExit.unreadable
        }
        if decoded == 0 {
            // Every argument gives a picture or an empty folder (named already): only a
            // list of nothing comes here.
            if let list, emptyFolders == 0 && !quiet { StandardError.report(list.name, "no paths in this list") }
            throw QRExit.noCode
        }
        let status = output.exitStatus(stoppedEarly: stop.isCancelled)
        if status == QRExit.success, emptyFolders > 0, !stop.isCancelled { throw QRExit.noCode }
        throw status
    }

    /// The most pictures of a list in one batch: the most answers that can wait for an
    /// earlier, slower picture, so that an endless list runs in bounded memory.
    static let batchLimit = 256

    private func outputStyle(pictureCount: Int) -> DecodeOutput.Style {
        if quiet { return .quiet }
        if json { return .json }
        if bytes || null { return .bytes(firstOnly: first, nulTerminated: null) }
        let withFileNames = withFilename || (!noFilename && pictureCount > 1)
        return .text(withFileNames: withFileNames, firstOnly: first)
    }

    /// Reads and decodes one picture; never throws: failures become outcomes.
    static func decode(_ input: PictureInput, reader: ImageReader, decoder: QRDecoder) -> PictureOutcome {
        do {
            // Reading counts against the picture's CPU budget.
            let start = threadCPUTime()
            let image = try read(input, reader: reader)
            return .decoded(try decoder.decode(image, spentReading: threadCPUTime() - start))
        } catch {
            return .failed(error)
        }
    }

    /// Reads one picture.
    static func read(_ input: PictureInput, reader: ImageReader) throws -> GrayImage {
        switch input {
        case .file(let path): return try reader.read(contentsOfPath: path.bytes, name: path.readable)
        case .standardInput: return try reader.read(descriptor: STDIN_FILENO, name: input.name.readable)
        }
    }
}

/// The cores this process may use (its CPU affinity and cgroup quota count).
func availableCores() -> Int {
    max(1, ProcessInfo.processInfo.activeProcessorCount)
}
