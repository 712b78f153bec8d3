import Foundation
import LinkCore
import Testing

@Suite("TOTP (RFC 6238)")
struct TOTPTests {
    static let rfcSecret = Array("12345678901234567890".utf8)

    @Test(
        "the codes are RFC 6238's SHA-1 test vectors (8 digits)",
        arguments: [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"), (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ] as [(Double, String)])
    func rfc6238Vectors(time: Double, code: String) {
        var totp = TOTP(secret: Self.rfcSecret)
        totp.digits = 8
        #expect(totp.code(at: Date(timeIntervalSince1970: time)) == code)
    }

    @Test("the six-digit codes are RFC 4226's HOTP test vectors for counters 0 to 9")
    func rfc4226Vectors() {
        let totp = TOTP(secret: Self.rfcSecret)
        let expected = [
            "755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489",
        ]
        #expect((0..<10).map { totp.code(counter: UInt64($0)) } == expected)
    }

    @Test("a code is accepted one step either side of now and refused two steps away")
    func window() {
        let totp = TOTP.generate()
        let now = Date(timeIntervalSince1970: 1_700_000_015)
        #expect(totp.verify(totp.code(at: now), at: now))
        #expect(totp.verify(totp.code(at: now.addingTimeInterval(-30)), at: now))
        #expect(totp.verify(totp.code(at: now.addingTimeInterval(30)), at: now))
        #expect(!totp.verify(totp.code(at: now.addingTimeInterval(-60)), at: now))
        #expect(!totp.verify(totp.code(at: now.addingTimeInterval(60)), at: now))
        #expect(totp.matchingCounter(totp.code(at: now.addingTimeInterval(-30)), at: now) == totp.counter(at: now) - 1)
        #expect(!totp.verify("12345", at: now))
        #expect(!totp.verify("abcdef", at: now))
    }

    @Test("the enrolment URI carries the base32 secret, issuer and parameters authenticator apps read")
    func enrolmentURI() {
        let totp = TOTP(secret: Self.rfcSecret)
        #expect(totp.base32Secret == "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")
        #expect(Base32.decode(totp.base32Secret) == Self.rfcSecret)
        #expect(Base32.decode("gezdgnbvgy3tqojq") == Array("1234567890".utf8))
        #expect(Base32.decode("GEZ1") == nil)
        #expect(
            totp.uri(account: "ada@example.com", issuer: "Wayfinder Links")
                == "otpauth://totp/Wayfinder%20Links:ada@example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
                + "&issuer=Wayfinder%20Links&algorithm=SHA1&digits=6&period=30")
    }

    @Test("a generated secret is 20 random bytes")
    func generated() {
        let first = TOTP.generate()
        let second = TOTP.generate()
        #expect(first.secret.count == 20)
        #expect(first.secret != second.secret)
    }
}
