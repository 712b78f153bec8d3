import Foundation
import LinkCore

/// How a ``Link`` is stored in `links` (besides `seq`, the position the database gives it): the one
/// place that lists its columns. A new field of a link is a column here and a migration in
/// `SQLiteMigrations` and `PostgresMigrations`.
package enum LinkRow {
    package static let description = RowDescription<Link>(
        table: "links", key: ["tenant", "slug"],
        columns: [
            .init("id", \.id, identity: true),
            .init("tenant", \.tenant, identity: true),
            .init("domain", \.domain),
            .init("slug", \.slug, identity: true),
            .init("destination", \.content.destination),
            .init("social_title", \.content.socialTitle),
            .init("social_description", \.content.socialDescription),
            .init("social_image_url", \.content.socialImageURL),
            .init("fallback_ios", \.content.fallbacks.ios),
            .init("fallback_android", \.content.fallbacks.android),
            .init("fallback_desktop", \.content.fallbacks.desktop),
            .init("skip_preview", \.content.skipPreview),
        ]
            + UTMParameters.names.map { name in .init("utm_" + name, \.content.utm[name]) }
            + [
                .init("expires_at", \.content.expiresAt),
                .init("created_at", \.createdAt),
                .init("updated_at", \.updatedAt),
                .init("firebase", \.content.firebaseText),
                .init("expired_url", \.content.expiredURL),
                .init("rules", \.content.rulesText),
                .init("variants", \.content.variantsText),
                .init("password_hash", \.content.passwordHash),
                .init("tags", \.content.tagsText),
                .init("imported_clicks", \.importedClicks),
            ],
        blank: Link(
            id: "", tenant: "", domain: "", slug: "", content: LinkContent(destination: ""),
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0)),
        finish: { link in
            var link = link
            if link.content.social?.isEmpty == true { link.content.social = nil }
            return link
        })
}

extension LinkContent {
    /// The social card's fields one by one, as columns hold them.
    fileprivate var socialTitle: String? {
        get { social?.title }
        set { social = (social ?? SocialCard()).with { $0.title = newValue } }
    }

    fileprivate var socialDescription: String? {
        get { social?.description }
        set { social = (social ?? SocialCard()).with { $0.description = newValue } }
    }

    fileprivate var socialImageURL: String? {
        get { social?.imageURL }
        set { social = (social ?? SocialCard()).with { $0.imageURL = newValue } }
    }

    /// The rules as JSON text (`nil` when there are none).
    fileprivate var rulesText: String? {
        get { RuleJSON.storedText(rules) }
        set { rules = RuleJSON.rules(storedText: newValue) }
    }

    /// The variants as JSON text (`nil` when there are none).
    fileprivate var variantsText: String? {
        get { RuleJSON.storedText(variants) }
        set { variants = RuleJSON.variants(storedText: newValue) }
    }

    /// The tags separated by spaces (`nil` when there are none); `link_tags` indexes them.
    fileprivate var tagsText: String? {
        get { LinkTags.storedText(tags) }
        set { tags = LinkTags.tags(storedText: newValue) }
    }

    /// The Firebase parameters as JSON text (`nil` when there are none).
    fileprivate var firebaseText: String? {
        get { firebase?.storedText }
        set { firebase = FirebaseParameters(storedText: newValue) }
    }
}

extension SocialCard {
    fileprivate func with(_ change: (inout SocialCard) -> Void) -> SocialCard {
        var card = self
        change(&card)
        return card
    }
}

extension LinkRow {
    /// The tables whose rows belong to a link (by `link_id`) and go when it is deleted.
    package static let ownedTables = [
        "clicks", "click_daily_totals", "click_totals", "claims_issued_daily", "deferred_claims", "choice_clicks",
        "in_app_clicks", "link_tags",
    ]
}
