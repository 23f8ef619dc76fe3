// swift-tools-version:6.0
// QRKit: encode QR codes with libqrencode, decode them with zbar and zxing-cpp
// racing each other, PNG in and out through libpng.
import PackageDescription

let package = Package(
    name: "QRKit",
    products: [
        .library(name: "QRKit", targets: ["QRKit"]),
        .library(name: "QRBench", targets: ["QRBench"]),
        .executable(name: "qr", targets: ["qr"]),
        // libFuzzer targets; useful only when built with --sanitize=fuzzer (make fuzz).
        .executable(name: "qr-fuzz", targets: ["QRFuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // zbar from Debian's static libzbar.a (libzbar-dev): only its scanner and decoder
        // objects are linked, so the X11, xcb, V4L and D-Bus libraries of libzbar.so stay
        // out of every process (czbar_nodbus.c says why D-Bus can go too).
        .target(
            name: "CZBar", path: "CZBar",
            linkerSettings: [.linkedLibrary(":libzbar.a")]),
        .systemLibrary(
            name: "CQREncode", path: "CQREncode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        // libpng and zlib from their static archives (see CPNG/module.modulemap).
        .systemLibrary(
            name: "CPNG", path: "CPNG",
            providers: [.apt(["libpng-dev", "zlib1g-dev"])]),
        // A C face on zxing-cpp 1.4 (C++ only, no C API in Debian's version).
        .target(
            name: "CZXing", path: "CZXing",
            cxxSettings: [.define("ZX_USE_UTF8")],
            linkerSettings: [.linkedLibrary("ZXing")]),
        .target(name: "QRKit", dependencies: ["CZBar", "CQREncode", "CPNG", "CZXing"]),
        .target(name: "QRBench", dependencies: ["QRKit"]),
        .executableTarget(
            name: "qr",
            dependencies: [
                "QRKit", "QRBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // libFuzzer targets (make fuzz): the targets in Swift, and a C entry point whose
        // weak `main` gives way to libFuzzer's when the fuzzer is linked in.
        .target(name: "QRFuzzTargets", dependencies: ["QRKit"]),
        .executableTarget(name: "QRFuzz", dependencies: ["QRFuzzTargets"]),
        // Helpers the test targets share: hand-made PNG files, hostile inputs, a seeded
        // generator, resource measurement. Not a product.
        .target(name: "QRTestSupport", dependencies: ["QRKit", "CQRTestSupport"], path: "Tests/QRTestSupport"),
        .target(name: "CQRTestSupport", path: "Tests/CQRTestSupport"),
        .testTarget(
            name: "QRKitTests", dependencies: ["QRKit", "QRTestSupport", "CZBar", "CQREncode", "CZXing"]),
        .testTarget(name: "QRBenchTests", dependencies: ["QRBench", "QRKit", "QRTestSupport"]),
        .testTarget(name: "QRCLITests", dependencies: ["QRKit", "QRTestSupport"], exclude: ["Fixtures"]),
    ],
    cxxLanguageStandard: .cxx17
)
