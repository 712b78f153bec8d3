// What the link service's tests share (TestService, ConsoleClient, the test databases, ManualClock)
// and the generic helpers (TemporaryDirectory, eventually, Locked), in every file of the target.
@_exported import LinkServiceTesting
