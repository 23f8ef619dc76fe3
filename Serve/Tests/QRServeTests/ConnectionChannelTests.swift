// qr-serve tests — a connection's task on its channel's event loop: back on the loop after each await, and a real server's answers to bodies larger than a read buffer.
import HummingbirdCore
import NIOCore
import NIOPosix
import QRKit
import Testing

@testable import QRServe

@Suite struct ConnectionChannelTests {
    @Test func aTaskThatPrefersALoopComesBackToItAfterAwaitingOtherThreads() async throws {
        // A loop of its own: the live servers of the other suites run on the shared loops.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { group.shutdownGracefully { _ in } }
        let loop = group.next()
        let photo = try sample("photos/qrcode-2-17.png")
        let service = DecodeService(
            admissionLimit: 1, pixelLimit: ImageReader.defaultPixelLimit, metrics: ServerMetrics())
        let decoder = try service.decoder([:])
        let (onLoop, json) = await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
            () async -> ([Bool], String) in
            var onLoop = [loop.inEventLoop]
            // Resumed by a timer, then by a decode worker of the library's executor.
            try? await Task.sleep(for: .milliseconds(1))
            onLoop.append(loop.inEventLoop)
            let (json, _) = await service.decode(UploadedPicture(name: "photo", bytes: photo), with: decoder)
            onLoop.append(loop.inEventLoop)
            return (onLoop, json)
        }
        #expect(onLoop == [true, true, true])
        let objects = try decodeObjects(ByteBuffer(string: "[" + json + "]"))
        #expect(objects.map(symbolTexts) == [[try sampleText("photos/qrcode-2-17.txt")]])
    }

    @Test func aRealServerAnswersDecodesInTurnOnOneConnection() async throws {
        // Several times a connection's largest read buffer: the body arrives in parts.
        let photo = try sample("photos/qrcode-2-22.png")
        #expect(photo.count > 3 * ConnectionChannel<HTTP1Channel>.readBufferLimit)
        let expected = try sampleText("photos/qrcode-2-22.txt")
        try await withLiveConnection(liveSettings { _ in }) { _, connection in
            for _ in 0..<3 {
                #expect(await connection.send(postHead("/decode", length: photo.count)))
                #expect(await connection.send(photo))
                let answer = try #require(await connection.responseText(within: hangGuard))
                #expect(answer.hasPrefix("HTTP/1.1 200"))
                let body = try #require(answer.firstRange(of: "\r\n\r\n")).upperBound
                let objects = try decodeObjects(ByteBuffer(string: String(answer[body...])))
                #expect(objects.map(symbolTexts) == [[expected]])
            }
        }
    }
}
