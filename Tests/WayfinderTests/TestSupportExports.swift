// The shared test helpers (TemporaryDirectory, eventually, Locked) in every file of the target.
@_exported import TestSupport
