// QRKit tests — every error the library throws speaks of the library: no message of any
// case of EncodeError, ImageError or DecodeError names a command-line flag.
//
// Each error type has a kind per case (its nested conflicts included) and a switch from
// error to kind with no default: a new case does not compile until it has a kind, and the
// tests fail until the kind has an example.
import QRTestSupport
import Testing

@testable import QRCore
@testable import QRKit

@Suite struct LibraryErrorMessageTests {
    // MARK: - EncodeError

    enum EncodeKind: CaseIterable {
        case emptyInput, invalidUTF8, eciNeedsUTF8, notShiftJIS, kanjiNeedsText, shiftJISUnavailable
        case versionOutOfRange, levelUnavailableInMicro, invalidSplitCount, tooShortToSplit
        case strictVersionWithoutVersion, microVersionWithoutLevel, microWithECI, microWithSplit, eciWithKanji
        case characterSetWithMode, eciWithSingleMode, caseInsensitiveWithEightBit, characterSetWithBytes
        case payloadTooLarge, splitPartTooLarge, invalidInput, outOfMemory, libraryFailure, libraryUnavailable
        case scaleOutOfRange, marginOutOfRange, resolutionOutOfRange, invalidRenderOption, invalidColor
        case targetSizeTooSmall, lowContrast, characterNotInMode, unknownCharacterSet, notInCharacterSet
        case noECIDesignator, imageTooLarge, pngWriteFailed
    }

    static func kind(_ error: EncodeError) -> EncodeKind {
        switch error {
        case .emptyInput: .emptyInput
        case .invalidUTF8: .invalidUTF8
        case .eciNeedsUTF8: .eciNeedsUTF8
        case .notShiftJIS: .notShiftJIS
        case .kanjiNeedsText: .kanjiNeedsText
        case .shiftJISUnavailable: .shiftJISUnavailable
        case .versionOutOfRange: .versionOutOfRange
        case .levelUnavailableInMicro: .levelUnavailableInMicro
        case .invalidSplitCount: .invalidSplitCount
        case .tooShortToSplit: .tooShortToSplit
        case .conflictingOptions(.strictVersionWithoutVersion): .strictVersionWithoutVersion
        case .conflictingOptions(.microVersionWithoutLevel): .microVersionWithoutLevel
        case .conflictingOptions(.microWithECI): .microWithECI
        case .conflictingOptions(.microWithSplit): .microWithSplit
        case .conflictingOptions(.eciWithKanji): .eciWithKanji
        case .conflictingOptions(.characterSetWithMode): .characterSetWithMode
        case .conflictingOptions(.eciWithSingleMode): .eciWithSingleMode
        case .conflictingOptions(.caseInsensitiveWithEightBit): .caseInsensitiveWithEightBit
        case .conflictingOptions(.characterSetWithBytes): .characterSetWithBytes
        case .payloadTooLarge: .payloadTooLarge
        case .splitPartTooLarge: .splitPartTooLarge
        case .invalidInput: .invalidInput
        case .outOfMemory: .outOfMemory
        case .libraryFailure: .libraryFailure
        case .libraryUnavailable: .libraryUnavailable
        case .scaleOutOfRange: .scaleOutOfRange
        case .marginOutOfRange: .marginOutOfRange
        case .resolutionOutOfRange: .resolutionOutOfRange
        case .invalidRenderOption: .invalidRenderOption
        case .invalidColor: .invalidColor
        case .targetSizeTooSmall: .targetSizeTooSmall
        case .lowContrast: .lowContrast
        case .characterNotInMode: .characterNotInMode
        case .unknownCharacterSet: .unknownCharacterSet
        case .notInCharacterSet: .notInCharacterSet
        case .noECIDesignator: .noECIDesignator
        case .imageTooLarge: .imageTooLarge
        case .pngWriteFailed: .pngWriteFailed
        }
    }

    /// Every case, and every branch of a message that branches (the hints of a payload
    /// too large, each mode a conflict can name).
    static let encodeErrors: [EncodeError] = {
        var errors: [EncodeError] = [
            .emptyInput, .invalidUTF8(offset: 2), .eciNeedsUTF8(offset: 1),
            .notShiftJIS(character: "é U+00E9", index: 2),
            .kanjiNeedsText, .shiftJISUnavailable, .versionOutOfRange(version: 41, micro: false),
            .versionOutOfRange(version: 5, micro: true), .levelUnavailableInMicro(.h), .invalidSplitCount(17),
            .tooShortToSplit(length: 1, parts: 2), .tooShortToSplit(length: 2, parts: 16),
            .conflictingOptions(.strictVersionWithoutVersion),
            .conflictingOptions(.microVersionWithoutLevel(version: 2, level: .q)), .conflictingOptions(.microWithECI),
            .conflictingOptions(.microWithSplit), .conflictingOptions(.eciWithKanji),
            .conflictingOptions(.caseInsensitiveWithEightBit), .conflictingOptions(.characterSetWithBytes),
            .invalidInput, .outOfMemory, .libraryFailure(errno: 5),
            .libraryUnavailable(reason: "libqrencode.so.4: cannot open shared object file"), .scaleOutOfRange(0),
            .marginOutOfRange(257),
            .resolutionOutOfRange(0), .invalidColor("zz"),
            .targetSizeTooSmall(size: 20, modules: 29, margin: 4),
            .lowContrast(
                foreground: RGBAColor(red: 255, green: 255, blue: 0), background: .white, ratio: 1.07, minimum: 3),
            .unknownCharacterSet("NO-SUCH-SET"),
            .notInCharacterSet(character: "€ U+20AC", position: 3, characterSet: "ISO-8859-1"),
            .noECIDesignator("EBCDIC-US"), .imageTooLarge(width: 9250, height: 9250, limit: RenderOptions.pixelLimit),
            .pngWriteFailed("libpng failed without a message"),
        ]
        // What each format refuses, as the renderers word it.
        let translucent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 128)
        let refusals: [() throws -> Void] = [
            { try EPSRenderer(options: RenderOptions(foreground: translucent)).checkColours() },
            {
                try EPSRenderer(
                    options: RenderOptions(background: RGBAColor(red: 255, green: 255, blue: 255, alpha: 128))
                ).checkColours()
            },
            {
                try PBMRenderer(options: RenderOptions(foreground: RGBAColor(red: 0, green: 0, blue: 128)))
                    .checkColours()
            },
            { try SVGRenderer(title: "bell \u{7}").checkSettings() },
            {
                _ = try PNGRenderer(options: RenderOptions(background: translucent), pixelFormat: .gray8).render(
                    QREncoder().encode(text: "x"))
            },
        ]
        for refusal in refusals {
            do { try refusal() } catch let error as EncodeError { errors.append(error) } catch {}
        }
        errors += EncodeMode.allCases.map { .conflictingOptions(.characterSetWithMode($0)) }
        for mode in QRDataMode.allCases {
            errors.append(.conflictingOptions(.eciWithSingleMode(mode)))
            errors.append(.characterNotInMode(character: "'a'", position: 3, mode: mode))
        }
        // Past any level: the fewest parts that hold it, or past 16 of them, no code does.
        for length in [4000, 50_000] {
            errors.append(
                .payloadTooLarge(
                    length: length, mode: .byte, capacity: 2331, version: 40, level: .m, micro: false, strict: false))
        }
        // Each hint: a strict version below the largest, Micro QR, neither; level L or higher.
        for level in ErrorCorrectionLevel.allCases {
            for (version, micro, strict) in [
                (1, false, true), (40, false, true), (40, false, false), (2, true, true), (4, true, false),
            ] {
                errors.append(
                    .payloadTooLarge(
                        length: 32, mode: .byte, capacity: 7, version: version, level: level, micro: micro,
                        strict: strict))
            }
            for (parts, strict) in [(4, true), (15, false), (16, false), (16, true)] {
                errors.append(
                    .splitPartTooLarge(
                        part: 1, parts: parts, length: 9, mode: .kanji, capacity: 1, version: 1, level: level,
                        strict: strict))
            }
        }
        return errors
    }()

    /// Each setting a message tells a caller to change is named in Swift, and some
    /// message names it.
    @Test(arguments: EncodeError.Setting.allCases)
    func everySettingIsNamedInSwift(_ setting: EncodeError.Setting) {
        #expect(CommandLineWords.first(in: setting.swiftName) == nil, "\(setting.swiftName)")
        #expect(setting.swiftName.contains("`"), "\(setting.swiftName) names no Swift property or value")
        #expect(
            Self.encodeErrors.contains { $0.description.contains(setting.swiftName) }, "no message names \(setting)")
    }

    // MARK: - ImageError

    enum ImageKind: CaseIterable {
        case unreadableFile, wrongFormat, unsupportedFormat, truncated, checksumError, tooLarge, corrupt,
            overMemoryBudget, overCPUBudget
    }

    static func kind(_ error: ImageError) -> ImageKind {
        switch error {
        case .unreadableFile: .unreadableFile
        case .wrongFormat: .wrongFormat
        case .unsupportedFormat: .unsupportedFormat
        case .truncated: .truncated
        case .checksumError: .checksumError
        case .tooLarge: .tooLarge
        case .corrupt: .corrupt
        case .overMemoryBudget: .overMemoryBudget
        case .overCPUBudget: .overCPUBudget
        }
    }

    /// Every case, with every format a message can name.
    static let imageErrors: [ImageError] = {
        let file = "photo.png"
        var errors: [ImageError] = [
            .unreadableFile(file: file, reason: "No such file or directory"), .checksumError(file: file),
            .tooLarge(file: file, width: 20_000, height: 20_000, limit: 100_000_000),
            .overMemoryBudget(file: file, needed: 700 << 20, budget: 512 << 20),
            .overCPUBudget(file: file, format: .jpeg, budget: .seconds(5)),
            .tooLarge(file: file, width: 1 << 31, height: 1, limit: 1 << 40),
        ]
        for format in ImageFormat.allCases {
            errors += [
                .wrongFormat(file: file, expected: .png, found: format), .unsupportedFormat(file: file, format: format),
                .truncated(file: file, format: format),
                .corrupt(file: file, format: format, reason: "Invalid IHDR data"),
            ]
        }
        return errors
    }()

    // MARK: - DecodeError

    enum DecodeKind: CaseIterable {
        case cancelled, engineFailure, allEnginesFailed
    }

    static func kind(_ error: DecodeError) -> DecodeKind {
        switch error {
        case .cancelled: .cancelled
        case .engineFailure: .engineFailure
        case .allEnginesFailed: .allEnginesFailed
        }
    }

    static let decodeErrors: [DecodeError] = [
        .cancelled, .engineFailure(engine: "zbar", reason: "could not create a scanner"),
        .allEnginesFailed(["zbar failed: zbar_scan_image failed", "zxing failed: out of memory"]),
    ]

    // MARK: - Every message

    @Test func everyCaseHasAnExample() {
        Self.expectEveryKind(Self.encodeErrors, Self.kind)
        Self.expectEveryKind(Self.imageErrors, Self.kind)
        Self.expectEveryKind(Self.decodeErrors, Self.kind)
    }

    static let messages =
        encodeErrors.map(\.description) + imageErrors.map(\.description) + decodeErrors.map(\.description)

    @Test(arguments: messages)
    func speaksOfTheLibrary(_ message: String) {
        let flag = CommandLineWords.first(in: message)
        #expect(flag == nil, "names \(flag ?? "")")
        #expect(!message.isEmpty && !message.contains("\n"))
    }

    /// Every kind has an example in `examples`.
    static func expectEveryKind<Failure, Kind: CaseIterable & Hashable>(
        _ examples: [Failure], _ kind: (Failure) -> Kind, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let missing = Set(Kind.allCases).subtracting(examples.map(kind))
        #expect(missing.isEmpty, "no example of \(missing)", sourceLocation: sourceLocation)
    }

    @Test func theCheckFindsFlags() {
        for message in ["lower --scale", "use -o FILE", "(-l L)", "give size-px 29", "'-8'"] {
            #expect(CommandLineWords.first(in: message) != nil, "\(message)")
        }
        for message in [
            "ISO-8859-1 to -16 (but -12)", "an 8-bit segment", "Micro QR (M1–M4)", "lower-case", "x-height",
        ] {
            #expect(CommandLineWords.first(in: message) == nil, "\(message)")
        }
    }
}
