// The shared test helpers (TemporaryDirectory, eventually, Locked, ChildProcess) in every file of
// the target and of the targets that import this one.
@_exported import TestSupport
