import Foundation
import HTTPTypes
import LinkCore
import LinkService
import Testing

@Suite("Person passwords")
struct PersonPasswordTests {
    @Test("a password shorter than 12 characters is refused with invalid-password before any hashing")
    func tooShort() async throws {
        #expect(throws: FieldError.self) { try PersonPassword.checked("eleven-char") }
        #expect(throws: FieldError.self) { try PersonPassword.checked(String(repeating: " ", count: 16)) }
        #expect(throws: FieldError.self) { try PersonPassword.checked(String(repeating: "a", count: 129)) }
        #expect(try PersonPassword.checked("twelve-chars") == "twelve-chars")
        do {
            _ = try await PasswordChecks.hashPersonPassword("short", on: nil)
            Issue.record("a short password was hashed")
        } catch {
            #expect(error.status.code == 400)
        }
    }

    @Test("a person's password is hashed with scrypt on the password workers and verifies there")
    func hashedOnWorkers() async throws {
        let checks = PasswordChecks(workers: 1, waiting: 4)
        let stored = try await PasswordChecks.hashPersonPassword("correct horse battery", on: checks)
        #expect(stored.hasPrefix("scrypt$14$8$1$"))
        #expect(!stored.contains("correct horse battery"))
        #expect(try await checks.verify("correct horse battery", against: stored))
        #expect(try await !checks.verify("correct horse battery!", against: stored))
    }
}
