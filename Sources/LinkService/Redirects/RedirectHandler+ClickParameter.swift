import DeepLinkRouting
import LinkCore

extension RedirectHandler {
    /// Adds `wf_click` to the ways into the app `decision` offers when the destination opens a
    /// route and the manifest leaves `apps.clickParameter` on: a redirect to the destination,
    /// an Android intent, and a page's Smart App Banner argument and "Open in app" (there as the
    /// placeholder the visit's id is spliced into). Whether a page now holds the placeholder.
    func addClickParameter(
        to decision: inout RedirectDecision, target: RedirectTarget, tenant: Tenant, clickID: ClickID
    ) -> Bool {
        guard tenant.manifest.apps.clickParameter, target.linkID != nil,
            case .matched = tenant.routes.resolve(target.destination)
        else { return false }
        switch decision {
        case .redirect(let location):
            // Only the destination itself: a store or a fallback is no way into the app.
            guard location == target.destination else { return false }
            decision = .redirect(ClickParameter.appending(clickID.text, to: location))
            return false
        case .intent(let intent):
            guard
                let opening = AndroidIntent(
                    opening: ClickParameter.appending(clickID.text, to: intent.url), packageName: intent.packageName,
                    fallback: intent.fallback)
            else { return false }
            decision = .intent(opening)
            return false
        case .preview(var page):
            let placeholder = pages.placeholders.text(for: .clickID)
            page.destination = ClickParameter.appending(placeholder, to: page.destination)
            if let intent = page.androidIntent {
                page.setAndroidIntent(
                    AndroidIntent(
                        opening: ClickParameter.appending(placeholder, to: intent.url),
                        packageName: intent.packageName, fallback: intent.fallback) ?? intent)
            } else if let open = page.openAppURL {
                page.openAppURL = ClickParameter.appending(placeholder, to: open)
            }
            decision = .preview(page)
            return true
        }
    }
}
