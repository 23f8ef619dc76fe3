// qr encode — placeholder until the encoder lands.
import ArgumentParser

struct EncodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "encode", abstract: "Encode text or bytes as a QR code.")
}
