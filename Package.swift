// swift-tools-version:6.0
// QRKit: encode QR codes with libqrencode, decode them with zbar and zxing-cpp
// racing each other, PNG in and out through libpng; JPEG, WebP, TIFF and GIF in through
// libjpeg-turbo, libwebp, libtiff and giflib.
import PackageDescription

let package = Package(
    name: "QRKit",
    products: [
        .library(name: "QRKit", targets: ["QRKit"]),
        .library(name: "QRBench", targets: ["QRBench"]),
        .library(name: "QRCorpus", targets: ["QRCorpus"]),
        .executable(name: "qr", targets: ["qr"]),
        // libFuzzer targets; useful only when built with --sanitize=fuzzer (make fuzz).
        .executable(name: "qr-fuzz", targets: ["QRFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (make docs): the DocC catalog of QRKit,
        // with the getting-started article's code taken from Snippets/. A command plugin:
        // nothing of it is built into qr or the library.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // zbar from Debian's static libzbar.a (libzbar-dev): only its scanner and decoder
        // objects are linked, so the X11, xcb, V4L and D-Bus libraries of libzbar.so stay
        // out of every process (czbar_nodbus.c says why D-Bus can go too).
        .target(
            name: "CZBar", path: "CZBar",
            linkerSettings: [.linkedLibrary(":libzbar.a")]),
        // libqrencode (libqrencode-dev), opened when the first code is encoded rather than
        // linked, so that processes that only decode never load it (see CQREncode/cqrencode.c).
        .target(name: "CQREncode", path: "CQREncode"),
        // libpng and zlib from Debian's static archives (libpng-dev, zlib1g-dev): no libpng
        // or zlib to load and relocate at each start of qr. A C shim holds the setjmp that
        // libpng's full write API needs, and reads the 8-bit gray and RGB pictures photos
        // mostly are with libdeflate (libdeflate-dev), inflated in one call
        // (see CPNG/include/cpng.h).
        .target(
            name: "CPNG", path: "CPNG",
            linkerSettings: [
                .linkedLibrary(":libpng16.a"), .linkedLibrary(":libdeflate.a"), .linkedLibrary(":libz.a"),
                .linkedLibrary("m"),
            ]),
        // libjpeg-turbo from Debian's static libjpeg.a (libjpeg62-turbo-dev), behind a C
        // shim that holds the setjmp libjpeg's errors return to (see CJPEG/include/cjpeg.h).
        .target(
            name: "CJPEG", path: "CJPEG",
            linkerSettings: [.linkedLibrary(":libjpeg.a")]),
        // libwebp and its demuxer (animated WebP) from their static archives (libwebp-dev).
        .systemLibrary(
            name: "CWebP", path: "CWebP",
            providers: [.apt(["libwebp-dev"])]),
        // giflib from its static archive (libgif-dev).
        .systemLibrary(
            name: "CGIF", path: "CGIF",
            providers: [.apt(["libgif-dev"])]),
        // libtiff from Debian's static libtiff.a (libtiff-dev), with the static archives of
        // the codecs it was built with, each listed after the archives that call it; libjpeg
        // and zlib again, as libtiff calls parts of them the other readers do not.
        .target(
            name: "CTIFF", path: "CTIFF",
            linkerSettings: [
                .linkedLibrary(":libtiff.a"), .linkedLibrary(":libwebp.a"), .linkedLibrary(":libLerc.a"),
                .linkedLibrary(":libjbig.a"), .linkedLibrary(":libzstd.a"), .linkedLibrary(":liblzma.a"),
                .linkedLibrary(":libjpeg.a"), .linkedLibrary(":libdeflate.a"), .linkedLibrary(":libz.a"),
                .linkedLibrary("m"),
            ]),
        // A C face on zxing-cpp 1.4 (C++ only, no C API in Debian's version), which opens
        // libZXing when the first picture is decoded rather than linking it, so that
        // processes that only encode never load it (see CZXing/CZXing.cpp).
        .target(
            name: "CZXing", path: "CZXing",
            cxxSettings: [.define("ZX_USE_UTF8")]),
        // The core: pictures, symbols, the reader and its strategies, the pass scheduler,
        // encode options, payload preparation and the renderers that need no C library. It
        // depends on no C module, so that "a Swift core with no C" is a boundary.
        .target(name: "QRCore"),
        // Each C library behind one module of its own, and the only module that imports it.
        .target(name: "QRZBar", dependencies: ["QRCore", "CZBar"]),
        .target(name: "QRZXing", dependencies: ["QRCore", "CZXing"]),
        .target(name: "QRQREncode", dependencies: ["QRCore", "CQREncode"]),
        .target(name: "QRPNG", dependencies: ["QRCore", "CPNG"]),
        .target(name: "QRJPEG", dependencies: ["QRCore", "CJPEG"]),
        .target(name: "QRWebP", dependencies: ["QRCore", "CWebP"]),
        .target(name: "QRTIFF", dependencies: ["QRCore", "CTIFF"]),
        .target(name: "QRGIF", dependencies: ["QRCore", "CGIF"]),
        // The umbrella users import: every module above, the standard engines (zxing-cpp,
        // zbar) and the strategies named over them, and the reader of every picture format.
        .target(
            name: "QRKit",
            dependencies: [
                "QRCore", "QRZBar", "QRZXing", "QRQREncode", "QRPNG", "QRJPEG", "QRWebP", "QRTIFF", "QRGIF",
            ]),
        // The synthetic corpus generator: codes drawn, then degraded as photos degrade them.
        .target(name: "QRCorpus", dependencies: ["QRKit"]),
        // The benchmark harness: strategies and peers over a corpus, reports and charts.
        .target(name: "QRBench", dependencies: ["QRKit", "QRCorpus"]),
        // The command line of `qr` as the C runtime gives it, so that the standard library
        // linked into qr need not find it by reading /proc/self/maps at every start (see
        // CQRStartup/argv.c). For the executable only: it stands in for a piece of the
        // Swift runtime, which a library must leave to the program that links it.
        .target(name: "CQRStartup", path: "CQRStartup"),
        .executableTarget(
            name: "qr",
            dependencies: [
                "QRKit", "QRBench", "QRCorpus", "CQRStartup",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // libFuzzer targets (make fuzz): the targets in Swift, and a C entry point whose
        // weak `main` gives way to libFuzzer's when the fuzzer is linked in.
        .target(name: "QRFuzzTargets", dependencies: ["QRKit"]),
        .executableTarget(name: "QRFuzz", dependencies: ["QRFuzzTargets"]),
        // Helpers the test targets share: hand-made PNG files, hostile inputs, a seeded
        // generator, resource measurement. Not a product.
        .target(
            name: "QRTestSupport", dependencies: ["QRKit", "QRCorpus", "CQRTestSupport"], path: "Tests/QRTestSupport"),
        .target(name: "CQRTestSupport", path: "Tests/CQRTestSupport"),
        .testTarget(
            name: "QRKitTests",
            dependencies: [
                "QRKit", "QRCore", "QRZBar", "QRZXing", "QRQREncode", "QRPNG", "QRGIF", "QRTestSupport",
                // the strategy names of qr and the bench (StrategyName), which some suites iterate,
                // and the seeded random numbers of generated inputs (SplitMix64)
                "QRBench", "QRCorpus",
                // libraries the tests call directly, as oracles independent of QRKit's own calls
                // (<qrencode.h>'s functions themselves, linked here: QRKit opens libqrencode
                // on first use instead)
                "CZBar", "CQREncode", "CZXing", "CPNG",
            ],
            linkerSettings: [.linkedLibrary("qrencode")]),
        .testTarget(name: "QRBenchTests", dependencies: ["QRBench", "QRCorpus", "QRKit", "QRTestSupport"]),
        .testTarget(name: "QRCLITests", dependencies: ["QRKit", "QRBench", "QRTestSupport", "CQRStartup"]),
    ],
    cxxLanguageStandard: .cxx17
)
