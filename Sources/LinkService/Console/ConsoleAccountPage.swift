import LinkCore

/// The signed-in person's page (`console-account.mustache`, `/admin/account`, linked from their
/// email in the top bar): one-time codes turned on (a new secret as an `otpauth://` link, its QR
/// code and its text, confirmed with a current code before it is stored) or off (with a current
/// code).
package struct ConsoleAccountPage: PageModel {
    package static let template = PageTemplate.consoleAccount

    /// A new secret offered for enrolment: it is stored only once a code of it is confirmed.
    package struct Enrolment: Sendable {
        /// The secret in base32, posted back with the confirming code.
        package var secret: String
        /// The secret in groups of four letters, for typing into an app.
        package var secretText: String
        /// The `otpauth://` URI an authenticator app reads.
        package var uri: String
        /// The URI's QR code, drawn by the page as an inline SVG (an image's URL would carry the
        /// secret into logs): its modules across, quiet zone included, and its path's `d`.
        package var qrModules: Int
        package var qrPath: String
    }

    package var layout: ConsoleLayout
    package var email: String
    /// Whether one-time codes are on (the form turns them off).
    package var enrolled: Bool
    /// The secret to turn them on with; `nil` while they are on.
    package var enrolment: Enrolment?
    /// Why the last attempt failed.
    package var error: String?

    package static let example = ConsoleAccountPage(
        layout: .example, email: "ada@example.com", enrolled: true,
        enrolment: Enrolment(
            secret: "JBSWY3DPEHPK3PXP", secretText: "JBSW Y3DP EHPK 3PXP",
            uri: "otpauth://totp/Wayfinder:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Wayfinder",
            qrModules: 29, qrPath: "M4 4h7v1h-7z"),
        error: "The code is not right.")
}
