import DeepLinkRouting

/// `HOST[:PORT]` as given to `wayfinder check`.
struct CheckTarget: Equatable {
    /// Lowercase host name: the domain the files are for.
    var host: String
    var port: Int?

    /// Parses `example.com` or `127.0.0.1:8443`; the error message says what would be right.
    init(parsing text: String) throws(CheckTargetError) {
        if text.contains("://") {
            throw CheckTargetError(
                "\"\(text)\" has a scheme; give the host only, such as example.com (the check always uses HTTPS)")
        }
        let (host, digits) = SplitURL.hostAndPort(text)
        var port: Int?
        if let digits {
            guard let number = Int(digits), (1...65535).contains(number), digits.allSatisfy(\.isASCII) else {
                throw CheckTargetError("\"\(text)\" has a port that is not a number from 1 to 65535")
            }
            port = number
        }
        if let problem = HostName.problem(with: host) {
            throw CheckTargetError("\"\(host)\" is not a host name: it \(problem)")
        }
        self.host = host.lowercased()
        self.port = port
    }

    /// `https://host[:port]`
    var origin: String { "https://\(host)" + (port.map { ":\($0)" } ?? "") }
}

/// Why a `HOST[:PORT]` argument is unusable.
struct CheckTargetError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
