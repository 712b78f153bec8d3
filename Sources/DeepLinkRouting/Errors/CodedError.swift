/// An error with a stable ``ErrorCode`` to match on and a message that says what to do.
///
/// Wayfinder's error types are structs that conform: each kind is an ``ErrorCode`` constant and a
/// static maker that writes the message, so a new kind is two additions and nothing else changes.
/// Match on ``code``; show ``message`` (also the ``description``).
public protocol CodedError: Error, Sendable, CustomStringConvertible {
    /// What kind of error this is.
    var code: ErrorCode<Self> { get }
    /// What is wrong and what to do about it, naming what was given.
    var message: String { get }
}

extension CodedError {
    /// The ``message``.
    public var description: String { message }
}
