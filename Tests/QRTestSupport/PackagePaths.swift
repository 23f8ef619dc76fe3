// QRKit test support — PackagePaths: the package's folders (Samples/, Tests/Fixtures/), found
// from this file's path, so that every test target finds them the same way.
import Foundation

/// Where the package's files are, found from this file's path.
public enum PackagePaths {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A file under `Samples/`.
    public static func sample(_ relative: String) -> String {
        root.appendingPathComponent("Samples").appendingPathComponent(relative).path
    }

    /// A file under `Tests/Fixtures/`.
    public static func fixture(_ relative: String) -> String {
        root.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative).path
    }

    /// The bytes of a file under `Samples/` (empty when it is missing, which the tests that
    /// use it then show).
    public static func sampleBytes(_ relative: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: sample(relative)) ?? Data())
    }

    /// The PNG samples under `Samples/photos`, sorted.
    public static var photos: [String] {
        let folder = sample("photos")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted().map { folder + "/" + $0 }
    }
}
