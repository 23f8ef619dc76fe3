// qr-serve tests — the read deadline set only for a request still unfinished when a read ends: never firing for one answered (ConnectionLimitTests has it cutting off a trickling body); a real server on 127.0.0.1.
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
}
