import LinkCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ConnectionLimits {
    /// The connection ceiling in force: ``maximumConnections``, or when it is `0` the one
    /// ``ceiling(forFileLimit:)`` derives from the process's file limit.
    public var effectiveMaximumConnections: Int {
        maximumConnections > 0 ? maximumConnections : Self.ceiling(forFileLimit: Self.fileLimit)
    }

    /// A ceiling that leaves a fifth of `fileLimit` descriptors (at least 128) for what is not a
    /// client connection: the database and its journal, PostgreSQL and ClickHouse connections,
    /// webhook deliveries, the metrics listener. At least 64.
    public static func ceiling(forFileLimit fileLimit: Int) -> Int {
        max(64, fileLimit - max(128, fileLimit / 5))
    }

    /// The process's soft limit on open files (`RLIMIT_NOFILE`), at most 1,048,576 (an unlimited
    /// one counts as that); 1,024 when it cannot be read.
    package static var fileLimit: Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let result = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
            let result = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        guard result == 0 else { return 1024 }
        // RLIM_INFINITY is the largest value (all bits set), so the bound covers it too.
        return Int(min(limit.rlim_cur, 1 << 20))
    }
}
