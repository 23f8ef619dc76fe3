// QRCorpus — CorpusGenerator: a synthetic corpus of degraded QR pictures, the same for a seed.
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import QRKit

/// Makes a corpus of QR pictures in pure Swift (our encoder for the modules, our PNG
/// writer for the files), the same bytes for the same seed. The random numbers are our
/// own; the shading uses the C library's `exp`, `cos` and `sin`, so another platform's
/// maths library could, in principle, move a pixel by one level. A sheet
/// (``GeneratedCategory/sheet``) is drawn again while zbar misses one of its codes, so
/// its bytes also depend on the zbar linked.
///
/// Each picture holds codes of varied payloads (``PayloadKind``), versions and levels,
/// placed in a larger picture with a shaded, noisy ground and clutter (boxes, discs,
/// lines, lines of "text"), then degraded according to its ``GeneratedCategory``. Picture
/// *i* draws from its own random stream, so pictures can be made in parallel and a
/// corpus of 300 begins with the corpus of 100.
///
///     let generator = CorpusGenerator(options: GeneratorOptions(count: 300, seed: 7))
///     let summary = try generator.write(to: "corpus")
public struct CorpusGenerator: Sendable {
    public var options: GeneratorOptions

    public init(options: GeneratorOptions) {
        self.options = options
    }

    /// Writes the corpus: `CATEGORY/NAME.png`, `NAME.txt` (the first payload, exact
    /// bytes) and for several codes `NAME.all.txt`.
    ///
    /// - Parameters:
    ///   - folder: where to write; made when missing.
    ///   - progress: called with (pictures done, total) from worker threads.
    /// - Returns: how many pictures were written per category.
    /// - Throws: ``GeneratorError`` when a file cannot be written or a code encoded.
    public func write(
        to folder: String, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) throws(GeneratorError) -> GenerationSummary {
        let options = self.options
        let done = Locked((count: 0, kept: [Bool](repeating: false, count: options.count), error: GeneratorError?.none))
        DispatchQueue.concurrentPerform(iterations: options.count) { index in
            if done.withLock({ $0.error != nil }) { return }
            var failure: GeneratorError?
            var kept = false
            do throws(GeneratorError) {
                let picture = try self.picture(at: index)
                if !options.readableOnly || Self.isReadable(picture) {
                    try Self.save(picture, in: folder)
                    kept = true
                }
            } catch {
                failure = error
            }
            let count = done.withLock { state -> Int in
                state.count += 1
                state.kept[index] = kept
                if state.error == nil, let failure { state.error = failure }
                return state.count
            }
            progress?(count, options.count)
        }
        let state = done.withLock { $0 }
        if let error = state.error { throw error }
        var perCategory: [(String, Int)] = options.categories.map { ($0.rawValue, 0) }
        for index in 0..<options.count where state.kept[index] {
            perCategory[index % options.categories.count].1 += 1
        }
        let written = state.kept.filter { $0 }.count
        return GenerationSummary(written: written, dropped: options.count - written, perCategory: perCategory)
    }

    /// Makes picture number `index` (it does not write it).
    ///
    /// - Throws: ``GeneratorError/encodingFailed(name:reason:)`` if the encoder refuses a
    ///   payload (it should not: payloads are sized to fit).
    public func picture(at index: Int) throws(GeneratorError) -> GeneratedPicture {
        let category = options.categories[index % options.categories.count]
        let name = "\(category.rawValue)/\(category.rawValue)-\(Self.number(index))"
        var scene = Scene(category: category, random: SplitMix64(seed: options.seed, stream: UInt64(index)))
        do {
            try scene.render()
        } catch {
            throw .encodingFailed(name: name, reason: "\(error)")
        }
        return GeneratedPicture(
            name: name, category: category, image: scene.canvas.grayImage(),
            payloads: scene.payloads.map(\.expected), kinds: scene.payloads.map(\.kind))
    }

    private static func number(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// True when some engine reads the picture whole and none reads part of it or
    /// misreads it.
    static func isReadable(_ picture: GeneratedPicture) -> Bool {
        var anyWhole = false
        for engine in EngineRegistry.standard.engines() {
            guard let symbols = try? engine.decode(picture.image, cancel: CancellationFlag()) else { return false }
            let score = ReadScore(symbols: symbols, expected: picture.payloads)
            if score.wrongReads > 0 { return false }
            if score.codesRead > 0 && !score.fullyRead { return false }
            if score.fullyRead { anyWhole = true }
        }
        return anyWhole
    }

    private static func save(_ picture: GeneratedPicture, in folder: String) throws(GeneratorError) {
        let stem = FileSystem.join(folder, picture.name)
        let directory = FileSystem.parent(stem)
        do {
            try FileSystem.createDirectories(directory)
        } catch {
            throw .writeFailed(path: directory, reason: error.reason)
        }
        let png: [UInt8]
        do {
            png = try PNGWriter.encode(picture.image)
        } catch {
            throw .writeFailed(path: stem + ".png", reason: "\(error)")
        }
        var files: [(String, [UInt8])] = [(stem + ".png", png), (stem + ".txt", picture.payloads[0])]
        if picture.payloads.count > 1 {
            files.append((stem + ".all.txt", Corpus.joinPayloads(picture.payloads)))
        }
        for (path, bytes) in files {
            do {
                try FileSystem.write(bytes, to: path)
            } catch {
                throw .writeFailed(path: path, reason: error.reason)
            }
        }
    }
}
