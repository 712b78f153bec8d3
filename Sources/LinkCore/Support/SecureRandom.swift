import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cryptographically secure random numbers for the request path (claim token nonces, CSP nonces,
/// ids), read from the kernel's generator 4 KiB at a time instead of 8 bytes per system call.
///
/// `SystemRandomNumberGenerator` makes a `getrandom` call per `next()`: a claim token's 16-byte
/// nonce drawn byte by byte was 16 system calls, a measurable share of an Android redirect. The
/// bytes here are the kernel's own, handed out once each in order and overwritten as they go; only
/// the system call is amortised. That is as safe as the system generator for a process that does
/// not fork (the server starts children only through `posix_spawn`, which replaces the child's
/// memory at once), and no key material is derived from the block. Long-lived secrets (the claim
/// secrets, webhook secrets, password salts) keep drawing from the system generator directly.
package struct SecureRandom: RandomNumberGenerator {
    private static let blockSize = 4096
    private static let pool = Mutex(Pool())

    private struct Pool: ~Copyable {
        var bytes = [UInt8](repeating: 0, count: SecureRandom.blockSize)
        /// The next byte not yet handed out; at `blockSize` the block is spent.
        var next = SecureRandom.blockSize

        mutating func take(into target: UnsafeMutableRawBufferPointer) {
            var filled = 0
            while filled < target.count {
                if next == bytes.count { refill() }
                let count = min(target.count - filled, bytes.count - next)
                bytes.withUnsafeMutableBytes { block in
                    let source = UnsafeMutableRawBufferPointer(rebasing: block[next..<(next + count)])
                    UnsafeMutableRawBufferPointer(rebasing: target[filled..<(filled + count)])
                        .copyMemory(from: UnsafeRawBufferPointer(source))
                    // A byte handed out is not kept: a later read of this memory shows no past value.
                    source.initializeMemory(as: UInt8.self, repeating: 0)
                }
                next += count
                filled += count
            }
        }

        private mutating func refill() {
            bytes.withUnsafeMutableBytes { block in
                SecureRandom.fillFromSystem(block)
            }
            next = 0
        }
    }

    package init() {}

    package mutating func next() -> UInt64 {
        var value: UInt64 = 0
        withUnsafeMutableBytes(of: &value) { Self.fill($0) }
        return value
    }

    /// `count` random bytes.
    package static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// Fills `buffer` with random bytes.
    package static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count > 0 else { return }
        pool.withLock { $0.take(into: buffer) }
    }

    /// Fills `buffer` straight from the kernel: `getrandom` (looked up at run time: Swift's Glibc
    /// module does not export it), `arc4random_buf` on Darwin, and the standard library's system
    /// generator 8 bytes at a time where neither exists.
    private static func fillFromSystem(_ buffer: UnsafeMutableRawBufferPointer) {
        #if canImport(Darwin)
            arc4random_buf(buffer.baseAddress, buffer.count)
        #else
            guard let getrandom = systemGetRandom else {
                var generator = SystemRandomNumberGenerator()
                for offset in stride(from: 0, to: buffer.count, by: 8) {
                    var word = generator.next()
                    withUnsafeBytes(of: &word) { word in
                        let count = min(8, buffer.count - offset)
                        UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
                            .copyMemory(from: UnsafeRawBufferPointer(rebasing: word[0..<count]))
                    }
                }
                return
            }
            var filled = 0
            while filled < buffer.count {
                let read = getrandom(buffer.baseAddress! + filled, buffer.count - filled, 0)
                if read > 0 {
                    filled += read
                } else if errno != EINTR {
                    // The kernel's generator does not fail once it is seeded; without it there is
                    // no safe value to hand out.
                    fatalError("getrandom failed: errno \(errno)")
                }
            }
        #endif
    }

    #if !canImport(Darwin)
        private typealias GetRandom = @convention(c) (UnsafeMutableRawPointer?, Int, UInt32) -> Int

        /// glibc's (2.25 and later) and musl's `getrandom`, when the C library has it.
        private static let systemGetRandom: GetRandom? = dlsym(dlopen(nil, RTLD_NOW), "getrandom").map {
            unsafeBitCast($0, to: GetRandom.self)
        }
    #endif
}
