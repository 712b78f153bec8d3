import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A command the tests run (`wayfinder`, `zbarimg`, `openssl`, `python3`…), started with
/// `posix_spawn` rather than `Foundation.Process`.
///
/// `Process.run()` on Linux lists `/proc/self/fd` to find the descriptors to close in the child,
/// and copies each entry's name with a fixed 256-byte length; when the list is long (a test
/// process holds over a thousand sockets at busy moments) an entry at the end of the buffer makes
/// that copy read past it and the whole test process dies of `SIGSEGV`
/// (swift-corelibs-foundation, "buffer over-read in findMaximumOpenFromProcSelfFD"). Here the
/// child's descriptors above standard error are closed by `posix_spawn` itself (`closefrom`), and
/// the child's end is waited for by `waitpid` on a thread of its own, so no descriptor of the
/// test process outlives the spawn in the child, and no waiting holds a thread of the cooperative
/// pool the in-process servers answer on.
public final class ChildProcess: Sendable {
    /// Where one of the child's output streams goes.
    public enum Output: Sendable {
        /// `/dev/null`.
        case discard
        /// A pipe whose bytes ``Result`` gives back.
        case capture
        /// Appended to the file at this path (created if missing).
        case file(String)
        /// Wherever standard output goes (only for standard error).
        case standardOutput
    }

    /// How the child ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// It was killed by this signal.
        case signalled(Int32)

        /// The exit status, or 128 + the signal's number as a shell reports it.
        public var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// What a finished command printed and how it ended.
    public struct Result: Sendable {
        /// How the child ended.
        public var termination: Termination
        /// Its standard output, if captured.
        public var standardOutput: [UInt8]
        /// Its standard error, if captured.
        public var standardError: [UInt8]

        /// The exit status (128 + the signal's number when killed).
        public var status: Int32 { termination.status }
        /// Standard output as UTF-8 text.
        public var stdout: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var stderr: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// A command that could not be started.
    public struct StartFailed: Error, CustomStringConvertible {
        /// What was run and the system's reason.
        public var description: String
    }

    /// The child's process id.
    public let pid: pid_t
    private let state = Locked<State>(State())

    private struct State: Sendable {
        var ending: Termination?
        var waiters: [CheckedContinuation<Termination, Never>] = []
    }

    private init(pid: pid_t) {
        self.pid = pid
    }

    /// Whether the child has not ended yet.
    public var isRunning: Bool { state.withLock { $0.ending == nil } }

    /// Sends `signal` to the child if it still runs.
    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Waits for the child to end.
    public func termination() async -> Termination {
        await withCheckedContinuation { continuation in
            let ended: Termination? = state.withLock { state in
                if state.ending == nil { state.waiters.append(continuation) }
                return state.ending
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    /// Starts `executable` (a path, or a name looked up in `PATH`) with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment; the test process's when `nil`.
    ///   - directory: the child's working directory; the test process's when `nil`.
    ///   - standardInput: a file to read from; `/dev/null` when `nil`.
    ///   - standardOutput, standardError: where the streams go: `.discard`, `.file`, and for
    ///     errors `.standardOutput` (capturing is for ``run(_:_:environment:directory:input:standardOutput:standardError:)``).
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        standardInput: String? = nil, standardOutput: Output = .discard, standardError: Output = .discard
    ) throws -> ChildProcess {
        precondition(!isCapture(standardOutput) && !isCapture(standardError), "use run(…) to capture output")
        let pid = try spawn(
            executable, arguments, environment: environment, directory: directory,
            input: .path(standardInput ?? "/dev/null"), output: descriptor(for: standardOutput, fd: 1),
            error: descriptor(for: standardError, fd: 2))
        return watch(pid)
    }

    /// Runs `executable` to its end: writes `input` to its standard input (then closes it),
    /// collects what `.capture` asks for, and waits for it. Blocks the calling thread; see
    /// ``runDetached(_:_:environment:directory:input:standardOutput:standardError:)`` from async code.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: [UInt8]? = nil, standardOutput: Output = .capture, standardError: Output = .capture
    ) throws -> Result {
        var pipes = Pipes()
        defer { pipes.closeAll() }
        let stdin: Descriptor = input == nil ? .path("/dev/null") : .fd(try pipes.make(\.input, childReads: true))
        let stdout: Descriptor =
            isCapture(standardOutput)
            ? .fd(try pipes.make(\.output, childReads: false)) : descriptor(for: standardOutput, fd: 1)
        let stderr: Descriptor =
            isCapture(standardError)
            ? .fd(try pipes.make(\.error, childReads: false)) : descriptor(for: standardError, fd: 2)
        let pid = try spawn(
            executable, arguments, environment: environment, directory: directory, input: stdin, output: stdout,
            error: stderr)
        pipes.closeChildEnds()
        // Each stream on a thread of its own, so that a child filling one pipe while the other is
        // being read or written never stalls.
        let group = DispatchGroup()
        let collected = Locked<(output: [UInt8], error: [UInt8])>(([], []))
        if let fd = pipes.take(\.input) {
            let bytes = input ?? []
            group.enter()
            Thread.detachNewThread {
                writeAll(bytes, to: fd)
                close(fd)
                group.leave()
            }
        }
        if let fd = pipes.take(\.error) {
            group.enter()
            Thread.detachNewThread {
                let bytes = readAll(fd)
                close(fd)
                collected.withLock { $0.error = bytes }
                group.leave()
            }
        }
        if let fd = pipes.take(\.output) {
            let bytes = readAll(fd)
            close(fd)
            collected.withLock { $0.output = bytes }
        }
        group.wait()
        let termination = waitForEnd(of: pid)
        let (output, error) = collected.withLock { $0 }
        return Result(termination: termination, standardOutput: output, standardError: error)
    }

    /// ``run(_:_:environment:directory:input:standardOutput:standardError:)`` on a thread of its
    /// own: waiting for a child must not hold one of the few threads that in-process test
    /// servers answer on.
    public static func runDetached(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        input: [UInt8]? = nil, standardOutput: Output = .capture, standardError: Output = .capture
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Swift.Result {
                        try run(
                            executable, arguments, environment: environment, directory: directory, input: input,
                            standardOutput: standardOutput, standardError: standardError)
                    })
            }
        }
    }

    /// The first executable file named `name` in the test process's `PATH`.
    public static func find(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    // MARK: - Spawning

    private enum Descriptor {
        case path(String, append: Bool = false)
        case fd(Int32)
        case standardOutput
    }

    private static func isCapture(_ output: Output) -> Bool {
        if case .capture = output { return true }
        return false
    }

    private static func descriptor(for output: Output, fd: Int32) -> Descriptor {
        switch output {
        case .discard, .capture: .path("/dev/null")
        case .file(let path): .path(path, append: true)
        case .standardOutput:
            fd == 2 ? .standardOutput : .path("/dev/null")
        }
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String]?, directory: String?,
        input: Descriptor, output: Descriptor, error: Descriptor
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The working directory first: relative paths below are the child's.
        if let directory { _ = GNUSpawn.addChdir(&actions, directory) }
        for (descriptor, fd) in [(input, Int32(0)), (output, 1), (error, 2)] {
            switch descriptor {
            case .path(let path, let append):
                let flags = fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
                posix_spawn_file_actions_addopen(&actions, fd, path, flags, 0o644)
            case .fd(let source):
                posix_spawn_file_actions_adddup2(&actions, source, fd)
            case .standardOutput:
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            }
        }
        _ = GNUSpawn.addClosefrom(&actions, 3)
        // Signals the test process ignores or blocks stay the child's defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environmentStrings: [UnsafeMutablePointer<CChar>?]? = environment.map { environment in
            environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in environmentStrings ?? [] { free(pointer) }
        }
        var pid: pid_t = 0
        let result: Int32
        if var environmentStrings {
            result = posix_spawnp(&pid, executable, &actions, &attributes, argv, &environmentStrings)
        } else {
            result = posix_spawnp(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard result == 0 else {
            throw StartFailed(description: "cannot run \(executable): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// The child, with a thread that waits for its end and tells whoever waits.
    private static func watch(_ pid: pid_t) -> ChildProcess {
        let child = ChildProcess(pid: pid)
        Thread.detachNewThread {
            let termination = waitForEnd(of: pid)
            let waiting = child.state.withLock { state in
                state.ending = termination
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiting { waiter.resume(returning: termination) }
        }
        return child
    }

    /// Blocks until `pid` ends, and reaps it.
    private static func waitForEnd(of pid: pid_t) -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
    }

    // MARK: - Pipes

    /// The pipes of one run: the parent's ends to read or write, the child's ends closed once the
    /// child has them.
    private struct Pipes {
        var input: (parent: Int32, child: Int32)?
        var output: (parent: Int32, child: Int32)?
        var error: (parent: Int32, child: Int32)?

        /// A new pipe; the child's end, which `dup2` turns into its 0, 1 or 2.
        mutating func make(_ slot: WritableKeyPath<Pipes, (parent: Int32, child: Int32)?>, childReads: Bool) throws
            -> Int32
        {
            var ends: [Int32] = [0, 0]
            // Not close-on-exec: every spawn here closes all descriptors above 2 in its child
            // (after the `dup2`s that give it its own ends).
            guard pipe(&ends) == 0 else {
                throw StartFailed(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            self[keyPath: slot] = childReads ? (ends[1], ends[0]) : (ends[0], ends[1])
            return self[keyPath: slot]!.child
        }

        mutating func closeChildEnds() {
            for slot in [\Pipes.input, \.output, \.error] {
                if let ends = self[keyPath: slot], ends.child >= 0 {
                    close(ends.child)
                    self[keyPath: slot] = (ends.parent, -1)
                }
            }
        }

        /// Hands the parent's end to the caller, who closes it.
        mutating func take(_ slot: WritableKeyPath<Pipes, (parent: Int32, child: Int32)?>) -> Int32? {
            guard let ends = self[keyPath: slot] else { return nil }
            self[keyPath: slot] = (-1, ends.child)
            return ends.parent >= 0 ? ends.parent : nil
        }

        mutating func closeAll() {
            for slot in [\Pipes.input, \.output, \.error] {
                if let ends = self[keyPath: slot] {
                    if ends.parent >= 0 { close(ends.parent) }
                    if ends.child >= 0 { close(ends.child) }
                }
                self[keyPath: slot] = nil
            }
        }
    }
}

/// glibc's `posix_spawn` extensions (2.29 and 2.34), which Swift's Glibc module does not declare
/// because they sit behind `_GNU_SOURCE`.
private enum GNUSpawn {
    typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
        Int32
    typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    static let addChdir: AddChdir = function("posix_spawn_file_actions_addchdir_np")
    static let addClosefrom: AddClosefrom = function("posix_spawn_file_actions_addclosefrom_np")

    private static func function<F>(_ name: String) -> F {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
            fatalError("\(name) is missing: the tests need glibc 2.34 or later")
        }
        return unsafeBitCast(symbol, to: F.self)
    }
}

private func readAll(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            bytes += buffer[0..<count]
        } else if count == 0 || errno != EINTR {
            return bytes
        }
    }
}

private func writeAll(_ bytes: [UInt8], to fd: Int32) {
    var offset = 0
    while offset < bytes.count {
        // MSG_NOSIGNAL is for sockets only; a child that stops reading early ends this loop with
        // EPIPE because the test process ignores SIGPIPE (set once below).
        _ = ignoreBrokenPipes
        let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written > 0 {
            offset += written
        } else if written < 0 && errno == EINTR {
            continue
        } else {
            return
        }
    }
}

/// A child that exits without reading all its input must not kill the test process.
private let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
