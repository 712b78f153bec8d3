import DeepLinkRouting
import LinkCore
import PostgresNIO

extension PostgresLinkStore: LinkChangeFeed {
    /// The `NOTIFY` channel of the links in `schema` (the `links` trigger sends on it).
    package static func changeChannel(schema: String) -> String {
        "wayfinder_links." + schema
    }

    /// Listens on one pooled connection; after the connection is lost, tries again after 50 ms,
    /// doubling up to 2 s, while the pool reconnects. Changes made through this store are not
    /// reported: whoever made them through it updates its cache as it writes.
    package func followLinkChanges(_ handler: @escaping @Sendable (LinkChange) -> Void) async {
        let channel = Self.changeChannel(schema: url.schema)
        var delay = Duration.milliseconds(50)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        handler(.resynchronize)
                        delay = .milliseconds(50)
                        for try await notification in notifications {
                            if let (change, writer) = Self.change(fromPayload: notification.payload) {
                                if writer != writerID { handler(change) }
                            } else {
                                logger.warning(
                                    "unreadable link change notification",
                                    metadata: ["payload": "\(notification.payload)"])
                                handler(.resynchronize)
                            }
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning(
                    "not listening for link changes; retrying",
                    metadata: ["error": "\(Self.translate(error, url: url))"])
            }
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(2))
        }
    }

    /// `["tenant","slug","writer"]`, as the trigger writes it (the writer may be `null`),
    /// `{"revokedKeyPrefix": prefix}` from a key revocation, or `{"domain": name}` from a runtime
    /// domain's change (both reported whoever made them).
    package static func change(fromPayload payload: String) -> (LinkChange, writer: String?)? {
        guard let node = try? JSONParser().parse(payload) else { return nil }
        if let prefix = node["revokedKeyPrefix"]?.stringValue {
            return (.apiKeysRevoked(prefix: prefix), nil)
        }
        if let name = node["domain"]?.stringValue {
            return (.domainChanged(name: name), nil)
        }
        guard let items = node.arrayValue, items.count == 3,
            let tenant = items[0].stringValue, let slug = items[1].stringValue
        else { return nil }
        return (.changed(tenant: tenant, slug: slug), items[2].stringValue)
    }
}
