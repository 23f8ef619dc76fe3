// swift-tools-version:6.2
// qr-serve: QRKit over HTTP on Hummingbird 2. A package of its own, so that building QRKit
// (and its sanitizer, valgrind and fuzzing builds) never compiles swift-nio, and nothing of
// the server is linked into `qr`.
import PackageDescription

// A path dependency's identity is its folder's name, which is the clone's name, whatever it is.
let root = String(Context.packageDirectory.split(separator: "/").dropLast().last ?? "QRKit")

let package = Package(
    name: "QRServe",
    products: [
        .executable(name: "qr-serve", targets: ["qr-serve"])
    ],
    dependencies: [
        .package(path: ".."),
        // Neither trait is needed: no swift-configuration, and only Foundation's essentials.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .target(
            name: "QRServe",
            dependencies: [
                .product(name: "QRKit", package: root),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]),
        .executableTarget(
            name: "qr-serve",
            dependencies: ["QRServe", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "QRServeTests",
            dependencies: [
                "QRServe",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
    ]
)
