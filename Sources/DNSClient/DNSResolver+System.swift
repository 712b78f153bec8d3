import Foundation
import NIOCore
import NIOPosix

extension DNSResolver {
    /// A resolver that asks the first name server the system names in `/etc/resolv.conf`
    /// (127.0.0.1 when it names none, as the C library does).
    public static func system(
        configuration path: String = "/etc/resolv.conf", timeout: Duration = .seconds(2), attempts: Int = 2,
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) -> DNSResolver {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let server =
            firstNameServer(inResolverConfiguration: text)
            ?? firstNameServer(inResolverConfiguration: "nameserver 127.0.0.1")
        return DNSResolver(server: server!, timeout: timeout, attempts: attempts, group: group)
    }

    /// The first usable `nameserver` line of a resolv.conf text. Link-local IPv6 servers with
    /// a zone (`fe80::1%eth0`) are skipped: a socket address cannot carry the zone here.
    static func firstNameServer(inResolverConfiguration text: String) -> SocketAddress? {
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, fields[0] == "nameserver", !fields[1].contains("%") else { continue }
            if let address = try? SocketAddress(ipAddress: String(fields[1]), port: 53) { return address }
        }
        return nil
    }
}
