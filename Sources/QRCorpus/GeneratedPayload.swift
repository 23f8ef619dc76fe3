// QRCorpus — GeneratedPayload: the varied contents the corpus generator puts in its codes.
import QRKit

/// One payload and how to encode it.
struct GeneratedPayload {
    var kind: PayloadKind
    /// The exact bytes a reader should give: UTF-8 of the text, or the raw bytes.
    var expected: [UInt8]
    var payload: QRPayload
    var mode: EncodeMode
    var eci: Bool

    /// A random payload of about `budget` characters at most.
    static func random(_ random: inout SplitMix64, budget: Int, textOnly: Bool = false) -> GeneratedPayload {
        let roll = random.unit()
        let kind: PayloadKind
        switch roll {
        case ..<0.15: kind = .numeric
        case ..<0.30: kind = .alphanumeric
        case ..<0.55: kind = .url
        case ..<0.80: kind = .text
        case ..<0.88: kind = .kanji
        default: kind = textOnly ? .url : .binary
        }
        return make(kind, &random, budget: max(8, budget))
    }

    static func make(_ kind: PayloadKind, _ random: inout SplitMix64, budget: Int) -> GeneratedPayload {
        switch kind {
        case .numeric:
            let length = random.int(in: 6...max(6, min(budget * 2, 160)))
            let digits = String((0..<length).map { _ in Character(String(random.int(in: 0...9))) })
            return text(kind, digits, mode: .automatic)
        case .alphanumeric:
            let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
            let length = random.int(in: 6...max(6, min(budget, 90)))
            var value =
                random.chance(0.5) ? random.pick(["HTTPS://QR.EXAMPLE/", "ORDER ", "WIFI:", "SN-", "TEL:+"]) : ""
            while value.count < length { value.append(random.pick(alphabet)) }
            return text(kind, value, mode: .automatic)
        case .url:
            var url = random.pick(["https://", "http://", "https://www."])
            url += random.pick([
                "example.org", "example.com", "qr.example.net", "shop.example.co.uk", "docs.example.io",
            ])
            let segments = random.int(in: 0...4)
            let words = [
                "a", "menu", "product", "id", "2024", "track", "ticket", "view", "z9", "en-gb", "offer", "pay",
            ]
            for _ in 0..<segments { url += "/" + random.pick(words) }
            if random.chance(0.6) {
                url +=
                    "?" + random.pick(["id", "ref", "utm_source", "q", "session"]) + "="
                    + token(&random, length: random.int(in: 4...24))
            }
            if random.chance(0.3) { url += "#" + random.pick(words) }
            while url.count > max(budget, 24), let slash = url.lastIndex(of: "/"),
                slash > url.index(url.startIndex, offsetBy: 12)
            {
                url = String(url[..<slash])
            }
            return text(kind, url, mode: .automatic)
        case .text:
            var value = ""
            let script = random.pick(scripts)
            repeat {
                if !value.isEmpty { value += random.pick([" ", " · ", ", ", " — ", "\n"]) }
                value += random.pick(script)
            } while value.count < budget / 3 && random.chance(0.7)
            if random.chance(0.3) { value += " " + String(random.int(in: 1...9999)) }
            return text(kind, value, mode: random.chance(0.5) ? .eightBit : .automatic, eci: random.chance(0.3))
        case .kanji:
            var value = ""
            repeat {
                value += random.pick(japanese)
            } while value.count < budget / 4 && random.chance(0.6)
            return text(kind, value, mode: .kanji)
        case .binary:
            let length = random.int(in: 8...max(8, min(budget, 120)))
            var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // Keep a NUL and some high bytes in most payloads: what text handling breaks.
            if random.chance(0.7) { bytes[random.int(in: 0..<length)] = 0 }
            return GeneratedPayload(kind: kind, expected: bytes, payload: .bytes(bytes), mode: .eightBit, eci: false)
        }
    }

    private static func text(_ kind: PayloadKind, _ value: String, mode: EncodeMode, eci: Bool = false)
        -> GeneratedPayload
    {
        GeneratedPayload(kind: kind, expected: Array(value.utf8), payload: .text(value), mode: mode, eci: eci)
    }

    private static func token(_ random: inout SplitMix64, length: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        return String((0..<length).map { _ in random.pick(alphabet) })
    }

    /// Phrases in several scripts, for UTF-8 text payloads.
    static let scripts: [[String]] = [
        ["Καλημέρα κόσμε", "Ευχαριστώ πολύ", "Αθήνα 2004", "ψυχή και σώμα"],  // Greek
        ["Привет, мир", "Добро пожаловать", "Москва — Санкт-Петербург", "съешь же ещё"],  // Cyrillic
        ["こんにちは世界", "ありがとうございます", "東京駅 八重洲口", "カタカナとひらがな"],  // Japanese
        ["你好，世界", "欢迎光临", "北京市朝阳区", "二维码测试"],  // Chinese
        ["안녕하세요 세계", "감사합니다", "서울특별시", "큐알 코드"],  // Korean
        ["مرحبا بالعالم", "شكرا جزيلا", "القاهرة", "رمز الاستجابة السريعة"],  // Arabic
        ["שלום עולם", "תודה רבה", "ירושלים"],  // Hebrew
        ["नमस्ते दुनिया", "धन्यवाद", "नई दिल्ली"],  // Devanagari
        ["สวัสดีชาวโลก", "ขอบคุณครับ", "กรุงเทพมหานคร"],  // Thai
        // Latin
        ["Crème brûlée à la française", "Grüße aus München", "Ærøskøbing", "¿Dónde está la estación?", "Łódź, Kraków"],
        ["☕ café 🍰", "🚲 → 🏠", "✓ done ✗ failed", "🎉🎂🎁"],  // Symbols and emoji
    ]

    /// Japanese phrases that Shift_JIS can hold, for Kanji-mode payloads.
    static let japanese = ["日本語", "東京都千代田区", "漢字モード", "ありがとう", "お問い合わせ", "新宿駅", "株式会社", "品質管理", "二次元コード"]
}
