// qr-serve tests — the read deadline set only for a request still unfinished when a read ends: never firing for one answered; a real server on 127.0.0.1.
import Testing

@testable import QRServe

@Suite struct RequestReadDeadlineTests {
    /// A photo with one code: the body of the /decode requests here.
    let photo: [UInt8]

    init() throws {
        photo = try sample("photos/qrcode-2-17.png")
    }

    /// A read deadline of three seconds (room for a loaded machine to read a request in
    /// time), an idle timeout far past it.
    let settings = liveSettings {
        $0.requestReadTimeout = .seconds(3)
        $0.idleTimeout = .seconds(120)
    }

    @Test func aRequestReadWholeLeavesNoDeadlineBehind() async throws {
        let photo = photo
        try await withLiveConnection(settings) { _, connection in
            // Head and body in one write: read whole, answered, no timer left running.
            #expect(await connection.send(Array(postHead("/decode", length: photo.count).utf8) + photo))
            #expect(await connection.response(within: hangGuard) == 200)
            // Idle past the read deadline: no 408 and no close...
            #expect(await connection.receive(waiting: .milliseconds(3500)) == .nothingYet)
            // ...and the connection still answers.
            #expect(await connection.send(healthz))
            #expect(await connection.response(within: hangGuard) == 200)
        }
    }

    @Test func aBodyThatEndsInTimeStopsItsDeadline() async throws {
        let photo = photo
        try await withLiveConnection(settings) { _, connection in
            // The head and a little of the body, then the rest a moment later: the deadline
            // is set when the first read ends, and stopped by the body's end.
            #expect(await connection.send(Array(postHead("/decode", length: photo.count).utf8) + photo.prefix(8)))
            #expect(await connection.receive(waiting: .milliseconds(100)) == .nothingYet)
            #expect(await connection.send(Array(photo.dropFirst(8))))
            #expect(await connection.response(within: hangGuard) == 200)
            #expect(await connection.receive(waiting: .milliseconds(3500)) == .nothingYet)
            #expect(await connection.send(healthz))
            #expect(await connection.response(within: hangGuard) == 200)
        }
    }

    @Test func theDeadlineCountsFromTheHeadNotFromTheLastRead() async throws {
        try await withLiveConnection(settings) { _, connection in
            // The head, then a byte of the body every 300 ms: every read ends unfinished,
            // and the 408 comes three seconds after the head, however often bytes arrive.
            #expect(await connection.send(postHead("/decode", length: 1000)))
            var status: Int?
            for _ in 0..<100 {
                guard await connection.send([0]) else { break }
                if case .bytes(let bytes) = await connection.receive(waiting: .milliseconds(300)) {
                    status = Int(String(decoding: bytes, as: UTF8.self).split(separator: " ").dropFirst().first ?? "")
                    break
                }
            }
            // Within the 30 s of bytes: a deadline renewed by each read would never come.
            #expect(status == 408)
        }
    }
}
