import LinkCore

extension MemoryLinkStore {
    package func insertEvents(_ events: [AppEvent]) async throws {
        for event in events {
            if let key = event.dedupeKey,
                storedEvents.contains(where: { $0.tenant == event.tenant && $0.dedupeKey == key })
            {
                continue
            }
            // Millisecond times, as the SQL stores keep them.
            var event = event
            event.occurredAt = event.occurredAt.truncatedToMilliseconds
            event.receivedAt = event.receivedAt.truncatedToMilliseconds
            storedEvents.append(event)
            if event.attributed { _ = webhooks.enqueue(Self.stored(WebhookPayload.appEvent(event))) }
        }
    }

    package func event(tenant: String, dedupeKey: String) async throws -> AppEvent? {
        storedEvents.first { $0.tenant == tenant && $0.dedupeKey == dedupeKey }
    }

    package func eventTotals(tenant: String, linkID: String) async throws -> [String: EventTotals] {
        Self.totals(storedEvents.filter { $0.tenant == tenant && $0.linkID == linkID })
    }
}

extension MemoryLinkStore {
    package func funnel(tenant: String, linkID: String?, from: String?, to: String?) async throws -> AppFunnel {
        let (start, end) = AppFunnel.instants(from: from, to: to)
        let totals = Self.totals(
            storedEvents.filter {
                $0.tenant == tenant && (linkID == nil || $0.linkID == linkID) && $0.occurredAt >= start
                    && $0.occurredAt < end
            })
        return AppFunnel(try await funnelSteps(tenant: tenant, linkID: linkID, from: from, to: to), totals: totals)
    }

    package func funnelSteps(tenant: String, linkID: String?, from: String?, to: String?) async throws -> FunnelSteps {
        let (first, last) = (from ?? "0000-00-00", to ?? "9999-99-99")
        let (start, end) = AppFunnel.instants(from: from, to: to)
        let links = Set(
            rows.values.filter { $0.link.tenant == tenant && (linkID == nil || $0.link.id == linkID) }.map(\.link.id))
        var clicks = 0
        for id in links {
            for (day, count) in dailyTotals[id] ?? [:] where day >= first && day <= last { clicks += count }
        }
        let issued = issuedClaims.filter { links.contains($0.key.linkID) && $0.key.day >= first && $0.key.day <= last }
            .values.reduce(0, +)
        let claimed = claims.values.filter {
            $0.tenant == tenant && (linkID == nil || $0.linkID == linkID) && $0.claimedAt >= start && $0.claimedAt < end
        }.count
        return FunnelSteps(clicks: clicks, sentToStore: issued, claims: claimed)
    }
}

extension MemoryLinkStore {
    /// Totals per name, values summed in millionths as the SQL stores sum them.
    static func totals(_ events: [AppEvent]) -> [String: EventTotals] {
        var counts: [String: Int] = [:]
        var micros: [String: [String: Int]] = [:]
        for event in events {
            counts[event.name, default: 0] += 1
            if let value = event.valueMicros, let currency = event.currency {
                micros[event.name, default: [:]][currency, default: 0] += value
            }
        }
        return counts.reduce(into: [:]) { totals, entry in
            totals[entry.key] = EventTotals(
                count: entry.value, value: (micros[entry.key] ?? [:]).mapValues { Double($0) / 1_000_000 })
        }
    }
}
