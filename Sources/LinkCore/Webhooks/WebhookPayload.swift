import DeepLinkRouting
import Foundation

/// The events' bodies, `{"type", "timestamp", "data"}`, with `data` as the API shows the object:
/// the one place an event becomes JSON.
package enum WebhookPayload {
    /// A new event id (`msg_` and 26 letters and digits, about 154 random bits): the
    /// `webhook-id`, never containing a `.` (the signed content is `{id}.{timestamp}.{body}`).
    package static func makeID() -> String {
        "msg_" + RandomText.make(length: 26, from: RandomText.lettersAndDigits)
    }

    /// The id of an outbox row holding a ``WebhookClickBatch`` (never sent: each event has its own).
    package static func makeBatchID() -> String {
        "batch_" + RandomText.make(length: 26, from: RandomText.lettersAndDigits)
    }

    /// `link.created`, `link.updated` or `link.deleted` for `link` at `date`, ordered per link.
    package static func linkEvent(_ type: WebhookEventType, _ link: Link, at date: Date) -> WebhookEvent {
        WebhookEvent(
            id: makeID(), tenant: link.tenant, type: type, payload: body(type, at: date, data: LinkJSON.node(link)),
            orderKey: link.id, createdAt: date)
    }

    /// `link.clicked` events for the clicks of a flush. Each link's JSON is written once, however
    /// many of its clicks the flush holds: writing it for every click cost more than the rest
    /// of the flush. The text is the same as ``body(_:at:data:)`` writes (a test compares them).
    package struct ClickEvents {
        private var linkTexts: [String: String] = [:]
        /// `msg_` and 20 random letters and digits (about 119 bits), drawn once for the flush:
        /// drawing 26 per event took the system's generator four calls per click.
        private lazy var idPrefix = "msg_" + RandomText.make(length: 20, from: RandomText.lettersAndDigits)
        private var issued = 0

        /// A flush's events, none made yet.
        package init() {}

        /// The event of `click` in parts, as a ``WebhookClickBatch`` keeps it. Its id is the
        /// flush's prefix and the event's number in it, six base-62 digits: 30 characters like
        /// ``makeID()``'s.
        package mutating func part(_ click: Click, of link: Link) -> WebhookClickBatch.Event {
            let linkText: String
            if let written = linkTexts[link.id] {
                linkText = written
            } else {
                linkText = LinkJSON.node(link).jsonText(style: .compact)
                linkTexts[link.id] = linkText
            }
            // The id, the timestamp and the click's JSON in one buffer: a String each, and the
            // line put together from them later, cost an allocation and a copy per piece.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(192)
            bytes.append(contentsOf: idPrefix.utf8)
            var number = issued
            issued += 1
            let digitsStart = bytes.count
            for _ in 0..<6 {
                bytes.append(RandomText.lettersAndDigits[number % 62])
                number /= 62
            }
            bytes[digitsStart...].reverse()
            let idEnd = bytes.count
            // An RFC 3339 time needs no escape: quoted as it is.
            bytes.append(UInt8(ascii: "\""))
            ISO8601.write(click.time, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
            let clickStart = bytes.count
            var text = JSONObjectText(after: bytes)
            WebhookPayload.writeClick(click, to: &text)
            return WebhookClickBatch.Event(
                linkID: link.id, linkText: linkText, bytes: text.finishedBytes(), idEnd: idEnd, clickStart: clickStart)
        }

        /// The event of `click`, whole.
        package mutating func event(_ click: Click, of link: Link) -> WebhookEvent {
            let part = part(click, of: link)
            return WebhookEvent(
                id: part.id, tenant: link.tenant, type: .linkClicked, payload: part.payload, orderKey: nil,
                createdAt: click.time)
        }
    }

    /// The `click` member of a `link.clicked` event's data, as compact JSON: `at`, `platform`,
    /// `os`, `browser`, `inApp` (the app of an in-app browser), `referrer`, `country` (each when
    /// known), `bot`, then `rule` and `variant` when a rule or an A/B variant decided the visit. `at`: the click's time as ``ISO8601``
    /// writes it (the event's timestamp too).
    package static func writeClick(_ click: Click, to text: inout JSONObjectText) {
        text.member("at", time: click.time)
        text.member("platform", click.platform.rawValue)
        text.member("os", click.os)
        text.member("browser", click.browser)
        text.member("inApp", click.inApp?.name)
        text.member("referrer", click.referrerHost)
        text.member("country", click.country)
        text.member("bot", click.isBot)
        text.member("rule", click.rule)
        text.member("variant", click.variant)
    }

    /// `webhook.test` for one endpoint.
    package static func testEvent(tenant: String, endpointID: String, at date: Date) -> WebhookEvent {
        let data = JSONNode.object([
            "endpointId": JSONNode(.string(endpointID)),
            "message": JSONNode(.string("a test event sent from the API or the console")),
        ])
        return WebhookEvent(
            id: makeID(), tenant: tenant, type: .webhookTest, payload: body(.webhookTest, at: date, data: data),
            orderKey: nil, createdAt: date)
    }

    /// `deferred.claimed` for a claim of `link`'s token.
    package static func claimEvent(_ claim: DeferredClaim, of link: Link, at date: Date) -> WebhookEvent {
        let data = JSONNode.object([
            "link": LinkJSON.node(link),
            "claim": LinkRequest.stringObject([
                ("claimedAt", ISO8601.string(from: date)), ("platform", claim.platform?.rawValue),
            ]),
        ])
        return WebhookEvent(
            id: makeID(), tenant: link.tenant, type: .deferredClaimed,
            payload: body(.deferredClaimed, at: date, data: data), orderKey: link.id, createdAt: date)
    }

    /// `domain.health_changed` for `health`, found by the check at `health.checkedAt`; ordered
    /// per domain.
    package static func domainHealthEvent(_ health: DomainHealth, previous: DomainHealthState?) -> WebhookEvent {
        WebhookEvent(
            id: makeID(), tenant: health.tenant, type: .domainHealthChanged,
            payload: body(
                .domainHealthChanged, at: health.checkedAt,
                data: DomainHealthJSON.changeNode(health, previous: previous)),
            orderKey: "domain:" + health.domain, createdAt: health.checkedAt)
    }

    /// `event.created` for an attributed app event.
    package static func appEvent(_ event: AppEvent) -> WebhookEvent {
        WebhookEvent(
            id: makeID(), tenant: event.tenant, type: .eventCreated,
            payload: body(.eventCreated, at: event.receivedAt, data: .object(["event": event.node])),
            orderKey: event.linkID, createdAt: event.receivedAt)
    }

    /// `member.invited` for `invitation`, whose link is `url`, made by `invitedBy` (an audit
    /// actor: `person:<email>` or `key:<prefix>`): what a team's endpoint needs to send the
    /// email the server does not. The URL is the invitation itself (anyone with it may accept
    /// it), so the event goes only to the endpoints that name it.
    package static func memberInvited(_ invitation: Invitation, url: String, invitedBy: String) -> WebhookEvent {
        let data = JSONNode.object([
            "email": JSONNode(.string(invitation.email)),
            "role": JSONNode(.string(invitation.role.rawValue)),
            "tenant": JSONNode(.string(invitation.tenant)),
            "url": JSONNode(.string(url)),
            "expiresAt": JSONNode(.string(ISO8601.string(from: invitation.expiresAt))),
            "invitedBy": JSONNode(.string(invitedBy)),
        ])
        return WebhookEvent(
            id: makeID(), tenant: invitation.tenant, type: .memberInvited,
            payload: body(.memberInvited, at: invitation.createdAt, data: data),
            orderKey: "member:" + invitation.email, createdAt: invitation.createdAt)
    }

    /// The compact JSON text of an event's body.
    package static func body(_ type: WebhookEventType, at date: Date, data: JSONNode) -> String {
        JSONNode(
            .object([
                .init(key: "type", value: JSONNode(.string(type.rawValue))),
                .init(key: "timestamp", value: JSONNode(.string(ISO8601.string(from: date)))),
                .init(key: "data", value: data),
            ])
        ).jsonText(style: .compact)
    }
}
