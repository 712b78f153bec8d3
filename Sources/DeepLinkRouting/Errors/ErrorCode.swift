/// A stable kind of error of the error type `Owner`: what a caller matches on and what logs and
/// diagnostics print.
///
/// Every error type of Wayfinder carries one (`error.code == .unclosedBrace`). The kinds are the
/// static members of a constrained extension, `extension ErrorCode where Owner == RouterError`,
/// so a new kind is one constant and never breaks a caller's `switch`: there is no enum to make
/// exhaustive. Two codes are equal when their names are; ``description`` is the kebab-case name.
public struct ErrorCode<Owner>: Sendable, Hashable, CustomStringConvertible {
    /// The kebab-case name, as written in diagnostics and logs.
    public let description: String

    /// The code named `name`. Only Wayfinder's modules make codes, so the set is the documented one.
    package init(_ name: String) { description = name }
}
