// qr CLI tests — every file name works: a name that is not UTF-8 is read by its bytes,
// given as an argument, found in a folder or listed in --files-from; output shows it
// escaped, and --json gives its exact bytes.
import Foundation
import QRTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct FileNameCLITests {
    let photoText = "MECARD:N:測試;;"
    /// `bad`, the bytes 0xFF 0xFE (never UTF-8), `.png`.
    static let badName: [UInt8] = Array("bad".utf8) + [0xFF, 0xFE] + Array(".png".utf8)
    /// `badName` as output shows it.
    static let badShown = #"bad\xff\xfe.png"#

    /// A scratch folder holding a photo under `badName`, and the photo's path as bytes.
    static func folderWithBadName() throws -> (ScratchDirectory, [UInt8]) {
        let scratch = try ScratchDirectory()
        let photo = try #require(FileManager.default.contents(atPath: PackagePaths.sample("photos/qrcode-2-30.png")))
        return (scratch, try scratch.file(named: badName, Array(photo)))
    }

    /// Runs the built `qr` through the shell, as `sh -c script qr folder`: a name that is
    /// not UTF-8 can only be written in the script (printf), as Foundation's arguments are
    /// Strings. `stdin` is fed to it.
    static func runShell(_ script: String, folder: String, stdin: [UInt8]? = nil) throws -> ProgramOutput {
        let qr = try #require(ProgramRunner.qrExecutable)
        return try ProgramRunner.run("/bin/sh", ["-c", script, qr, folder], stdin: stdin)
    }

    /// The one JSON object of a line of `--json` output.
    static func object(_ line: some StringProtocol) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// The name a `--json` object gives by `file_bytes`.
    static func fileBytes(_ object: [String: Any]) throws -> [UInt8] {
        let base64 = try #require(object["file_bytes"] as? String, "no file_bytes in \(object)")
        return Array(try #require(Data(base64Encoded: base64)))
    }

    @Test func aNameThatIsNotUTF8IsReadAsAnArgument() throws {
        let (scratch, path) = try Self.folderWithBadName()
        defer { scratch.cleanUp() }
        let text = try Self.runShell(#"exec "$0" decode "$1/$(printf 'bad\377\376.png')""#, folder: scratch.path)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.text == photoText + "\n")

        let json = try Self.runShell(
            #"exec "$0" decode "$1/$(printf 'bad\377\376.png')" --json"#, folder: scratch.path)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try Self.object(json.text)
        #expect(try Self.fileBytes(object) == path)
        #expect(object["file"] as? String == scratch.path + "/" + Self.badShown)
        #expect((object["symbols"] as? [[String: Any]])?.first?["text"] as? String == photoText)
    }

    @Test func aNameThatIsNotUTF8IsReadInAFolder() throws {
        let (scratch, path) = try Self.folderWithBadName()
        defer { scratch.cleanUp() }
        let other = try scratch.file(
            "good.png",
            Array(try #require(FileManager.default.contents(atPath: PackagePaths.sample("photos/qrcode-2-30.png")))))

        let text = try QRProcess.run(["decode", scratch.path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.text.split(separator: "\n") == [
                "\(scratch.path)/\(Self.badShown): \(photoText)", "\(other): \(photoText)",
            ])

        let json = try QRProcess.run(["decode", scratch.path, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let objects = try json.text.split(separator: "\n").map(Self.object)
        #expect(objects.count == 2)
        #expect(try Self.fileBytes(objects[0]) == path)
        // A name that is UTF-8 is `file` alone, exactly.
        #expect(objects[1]["file"] as? String == other)
        #expect(objects[1]["file_bytes"] == nil)
    }

    @Test func aNameThatIsNotUTF8IsReadFromAList() throws {
        let (scratch, path) = try Self.folderWithBadName()
        defer { scratch.cleanUp() }
        let run = try QRProcess.run(["decode", "--files-from", "-", "--json"], stdin: Data(path + [0x0A]))
        #expect(run.status == 0, "\(run.stderr)")
        let object = try Self.object(run.text)
        #expect(try Self.fileBytes(object) == path)
        #expect((object["symbols"] as? [[String: Any]])?.count == 1)

        // The list itself under a name that is not UTF-8, as an argument.
        try scratch.file(named: Array("list".utf8) + [0xE9], path + [0x0A])
        let named = try Self.runShell(
            #"exec "$0" decode --files-from "$1/$(printf 'list\351')""#, folder: scratch.path)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.text == photoText + "\n")
    }

    @Test func aMissingNameThatIsNotUTF8IsNamedEscapedAndItsBytesGiven() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let missing = Array(scratch.path.utf8) + Array("/gone".utf8) + [0xFF] + Array(#"\x.png"#.utf8)
        let run = try QRProcess.run(["decode", "--files-from", "-", "--json"], stdin: Data(missing + [0x0A]))
        #expect(run.status == 2)
        let shown = scratch.path + #"/gone\xff\\x.png"#
        #expect(run.stderr == "qr: \(shown): cannot read: No such file or directory\n")
        let object = try Self.object(run.text)
        #expect(try Self.fileBytes(object) == missing)
        #expect(object["file"] as? String == shown)
        #expect(object["error"] as? String == "\(shown): cannot read: No such file or directory")

        let argument = try Self.runShell(#"exec "$0" decode "$1/$(printf 'gone\377')""#, folder: scratch.path)
        #expect(argument.status == 2)
        #expect(argument.stderr == "qr: \(scratch.path)/gone\\xff: cannot read: No such file or directory\n")
    }

    @Test func joinNamesAPartsFileThatIsNotUTF8EscapedAndByItsBytes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let payload = try scratch.file(
            "payload.txt", Array(String(repeating: "split over three codes ", count: 4).utf8))
        let encoded = try QRProcess.run(["encode", "-i", payload, "--split", "3", "-o", scratch.path("part.png")])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        // The first part under a name that is not UTF-8; the last one gone.
        let first = try #require(FileManager.default.contents(atPath: scratch.path("part-01.png")))
        let renamed = try scratch.file(named: Array("part".utf8) + [0xFF] + Array("-01.png".utf8), Array(first))
        try FileManager.default.removeItem(atPath: scratch.path("part-01.png"))
        try FileManager.default.removeItem(atPath: scratch.path("part-03.png"))

        let run = try QRProcess.run(["decode", "--join", "--json", scratch.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("index 0 in \(scratch.path)/part\\xff-01.png"), "\(run.stderr)")
        let last = try Self.object(try #require(run.text.split(separator: "\n").last))
        let sequence = try #require((last["sequences"] as? [[String: Any]])?.first)
        let part = try #require((sequence["parts"] as? [Any])?.first as? [String: Any])
        #expect(try Self.fileBytes(part) == renamed)
        #expect(part["file"] as? String == "\(scratch.path)/part\\xff-01.png")
    }

    @Test func aFolderWithoutPicturesIsNamedEscaped() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        try scratch.folder(named: Array("empty".utf8) + [0xFF])
        let run = try Self.runShell(#"exec "$0" decode "$1/$(printf 'empty\377')""#, folder: scratch.path)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "qr: \(scratch.path)/empty\\xff: no pictures in this folder (PNG, JPEG, WebP, TIFF, GIF, BMP, netpbm)\n"
        )
    }
}
