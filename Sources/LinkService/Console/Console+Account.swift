import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import QRCode

// The signed-in person's account page: one-time codes (TOTP) on and off. Turning them on shows a
// new secret (an `otpauth://` link, its QR code drawn by the page, its text) and stores it only
// once a current code of it is entered; turning them off asks for a current code. The forms carry
// the session's CSRF token (checked before these handlers run), each attempt counts against the
// sign-in rate limit (a code is six digits), and both changes are in the audit log without the
// secret. A key's session has no account: the page is a person's.
extension Console {
    /// The name authenticator apps show above the account's codes.
    static let oneTimeCodeIssuer = "Wayfinder"

    func registerAccount(on signedIn: RouterGroup<ConsoleRequestContext>) {
        signedIn.get("/account") { request, context in
            try await accountPage(context, notice: Self.notice(request))
        }
        signedIn.post("/account/one-time-code") { request, context in try await turnOnOneTimeCodes(request, context) }
        signedIn.post("/account/one-time-code/remove") { request, context in
            try await turnOffOneTimeCodes(request, context)
        }
    }

    /// The signed-in person as stored now; `404` for a key's session.
    private func accountHolder(_ context: ConsoleRequestContext) async throws -> Person {
        guard let id = context.signedIn.person?.id, let person = try await store.person(id: id) else {
            throw Problem.notFound("a key's session has no account page: it is a person's")
        }
        return person
    }

    private func accountPage(
        _ context: ConsoleRequestContext, notice: String? = nil, secret: String? = nil, error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let person = try await accountHolder(context)
        var enrolment: ConsoleAccountPage.Enrolment? = nil
        if person.totpSecret == nil {
            let totp = secret.flatMap(Self.enrolmentSecret).map(TOTP.init(secret:)) ?? TOTP.generate()
            let uri = totp.uri(account: person.email, issuer: Self.oneTimeCodeIssuer)
            let code: QRCode
            do {
                code = try QRCode(encoding: uri)
            } catch {
                // An otpauth URI of an email address (254 bytes at most) is far below what level M holds.
                throw Problem(
                    .internalServerError, .qrCodeFailed, title: "The QR code could not be made",
                    detail: error.description)
            }
            let letters = Array(totp.base32Secret)
            let groups = stride(from: 0, to: letters.count, by: 4).map {
                String(letters[$0..<min($0 + 4, letters.count)])
            }
            enrolment = ConsoleAccountPage.Enrolment(
                secret: totp.base32Secret, secretText: groups.joined(separator: " "), uri: uri,
                qrModules: code.size + 8, qrPath: code.svgPathData(quietZone: 4))
        }
        let page = ConsoleAccountPage(
            layout: layout(context.signedIn, title: "Your account", notice: notice, section: .account),
            email: person.email, enrolled: person.totpSecret != nil, enrolment: enrolment, error: error)
        return html(pages.render(page), status: status)
    }

    /// The secret of a base32 text when it is one this page makes (20 bytes).
    private static func enrolmentSecret(_ text: String) -> [UInt8]? {
        guard let bytes = Base32.decode(text), bytes.count == 20 else { return nil }
        return bytes
    }

    /// `429` with `Retry-After` when the client made too many attempts at a code.
    private func codeAttemptWait(_ request: Request, _ context: ConsoleRequestContext, secret: String?) async throws
        -> Response?
    {
        guard let wait = signInWait(request, context) else { return nil }
        var response = try await accountPage(
            context, secret: secret, error: "Too many attempts from your address; try again in \(wait) seconds.",
            status: .tooManyRequests)
        response.headers[.retryAfter] = String(wait)
        return response
    }

    private func turnOnOneTimeCodes(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let secret = context.form.text("secret")
        if let waiting = try await codeAttemptWait(request, context, secret: secret) { return waiting }
        var person = try await accountHolder(context)
        guard person.totpSecret == nil else {
            return try await accountPage(
                context, error: "One-time codes are on already; turn them off first to use another app.",
                status: .conflict)
        }
        guard let bytes = Self.enrolmentSecret(secret) else {
            return try await accountPage(
                context, error: "This form's key is not one this page made, so nothing was changed. Start again here.",
                status: .badRequest)
        }
        guard let step = TOTP(secret: bytes).matchingCounter(context.form.text("code"), at: clock.now()) else {
            return try await accountPage(
                context, secret: secret,
                error:
                    "The code is not right: enter the one your authenticator app shows now for this key. One-time codes stay off.",
                status: .badRequest)
        }
        person.totpSecret = secret
        // The code just typed is spent: it does not sign in again.
        person.totpLastStep = Int(step)
        _ = try await store.updatePerson(person)
        await recordChange(
            .totpEnabled, target: "person:" + person.email,
            changes: [AuditChange(field: "totp", before: "off", after: "on")], request, context)
        return redirect("/admin/account?done=totp-on")
    }

    private func turnOffOneTimeCodes(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        if let waiting = try await codeAttemptWait(request, context, secret: nil) { return waiting }
        var person = try await accountHolder(context)
        guard person.totpSecret != nil else { return redirect("/admin/account") }
        guard try await acceptsOneTimeCode(context.form.text("code"), of: &person) else {
            return try await accountPage(
                context, error: Self.oneTimeCodeRefused + " One-time codes stay on.", status: .unauthorized)
        }
        person.totpSecret = nil
        person.totpLastStep = nil
        _ = try await store.updatePerson(person)
        await recordChange(
            .totpDisabled, target: "person:" + person.email,
            changes: [AuditChange(field: "totp", before: "on", after: "off")], request, context)
        return redirect("/admin/account?done=totp-off")
    }
}
