// qr CLI tests — `qr decode` reads JPEG, WebP, TIFF, GIF, BMP and netpbm as well as PNG,
// by content: a folder of every format is read whole, standard input takes any of them,
// what `qr encode` writes as PBM and PAM reads back, and what it does not read is named.
import Foundation
import QRTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct FormatCLITests {
    /// The expected text of a sample: its NAME.txt.
    static func text(of sample: String) throws -> String {
        let stem = sample[..<(sample.lastIndex(of: ".") ?? sample.endIndex)]
        return try String(contentsOfFile: String(stem) + ".txt", encoding: .utf8)
    }

    @Test func aFolderOfEveryFormatIsReadWhole() throws {
        let folder = PackagePaths.sample("formats")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasSuffix(".txt") }
            .sorted()
        #expect(pictures.count == 34)
        let run = try QRProcess.run(["decode", folder, "--json", "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let objects = try run.text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["file"] as? String } == pictures.map { folder + "/" + $0 })
        for object in objects {
            let file = try #require(object["file"] as? String)
            let texts = (object["symbols"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
            #expect(texts == [try Self.text(of: file)], "\(file)")
        }
    }

    @Test func aMixedFolderIsReadWholeWhateverTheCaseOfTheNames() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let samples = [
            ("photos/qrcode-2-30.png", "a.png"), ("formats/qrcode-3-03.q75.jpg", "b.JPG"),
            ("formats/qrcode-2-17.q95.jpg", "c.jpeg"), ("formats/qrcode-2-qr-inv-2.lossless.webp", "d.WebP"),
            ("formats/qrcode-3-03.g4.tif", "e.TIF"), ("formats/qrcode-2-17.deflate.tif", "f.tiff"),
            ("formats/qrcode-2-qr-inv-2.gif", "g.gif"),
        ]
        var expected: [String] = []
        for (sample, name) in samples {
            let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.sample(sample)))
            let path = try scratch.file(name, Array(bytes))
            // Text output escapes a backslash (`http\://` in a bookmark) and a line end.
            let text = try Self.text(of: PackagePaths.sample(sample)).replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\r\n", with: "\\r\\n")
            expected.append("\(path): \(text)")
        }
        try scratch.file("notes.txt", Array("not a picture".utf8))
        try scratch.file("thumbs.db", [0, 1, 2])
        let run = try QRProcess.run(["decode", scratch.path, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text.split(separator: "\n").map(String.init) == expected)
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: [
        "formats/qrcode-3-03.q85-progressive.jpg", "formats/qrcode-3-03.lossy.webp", "formats/qrcode-3-03.lzw.tif",
        "formats/qrcode-3-03.interlaced.gif",
    ])
    func standardInputTakesAnyFormat(_ sample: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: PackagePaths.sample(sample)))
        let run = try QRProcess.run(["decode", "-"], stdin: bytes)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text == (try Self.text(of: PackagePaths.sample(sample))) + "\n")
    }

    @Test func whatQREncodeWritesAsPBMOrPAMAndBMPsOfNetpbmReadBack() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let pbm = scratch.path("code.pbm")
        let pam = scratch.path("code.pam")
        for file in [pbm, pam] {
            let encode = try QRProcess.run(["encode", "read me back", "-o", file])
            #expect(encode.status == 0, "\(encode.stderr)")
        }
        let run = try QRProcess.run(["decode", pbm, pam])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.text == "\(pbm): read me back\n\(pam): read me back\n")
        // A folder of BMPs (ppmtobmp's, through PPM) and netpbm files is searched and read,
        // and standard input takes them too.
        let ppmtobmp = try #require(ProgramRunner.tool("ppmtobmp"), "netpbm is not installed (make test-deps)")
        let pamtopnm = try #require(ProgramRunner.tool("pamtopnm"), "netpbm is not installed (make test-deps)")
        let ppm = try ProgramRunner.run(pamtopnm, [pam]).stdout
        let folder = scratch.path("shots")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try scratch.file("shots/a.PPM", ppm)
        let bmp = try ProgramRunner.run(ppmtobmp, [scratch.path("shots/a.PPM")]).stdout
        try scratch.file("shots/b.bmp", bmp)
        let folderRun = try QRProcess.run(["decode", folder])
        #expect(folderRun.status == 0, "\(folderRun.stderr)")
        #expect(folderRun.text == "\(folder)/a.PPM: read me back\n\(folder)/b.bmp: read me back\n")
        let standardInput = try QRProcess.run(["decode", "-"], stdin: Data(bmp))
        #expect(standardInput.text == "read me back\n")
    }

    @Test func aFormatThatIsNotReadIsNamed() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let heic = try scratch.file(
            "IMG_0001.HEIC", [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 64))
        let pdf = try scratch.file("scan.png", Array("%PDF-1.7\n".utf8) + [UInt8](repeating: 0, count: 64))
        let run = try QRProcess.run(["decode", heic, pdf])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == """
                qr: \(heic): a HEIF/HEIC picture, which cannot be read (only PNG, JPEG, WebP, TIFF, GIF, BMP and netpbm can)
                qr: \(pdf): a PDF, which cannot be read (only PNG, JPEG, WebP, TIFF, GIF, BMP and netpbm can)

                """)
    }

    @Test func helpNamesTheFormatsAndWhatIsReadOfThem() throws {
        let run = try QRProcess.run(["decode", "--help"])
        #expect(run.status == 0)
        let help = run.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Read the QR codes in pictures: PNG, JPEG, WebP, TIFF, GIF, BMP, netpbm."))
        #expect(help.contains("a TIFF gives its first page, a GIF or an animated WebP its first frame"))
        #expect(
            help.contains(
                ".png, .jpg, .jpeg, .jfif, .webp, .tif, .tiff, .gif, .bmp, .dib, .pbm, .pgm, .ppm, .pnm and .pam"))
        #expect(help.contains("a folder without one names the files it skipped"))
    }
}
