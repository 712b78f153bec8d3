extension RedirectDecision {
    /// The decision with `wf_click=<id>` on each way it gives into the app, so that the app
    /// learns the click that opened it (`Manifest.Apps.clickParameter`):
    ///
    /// - an Android intent's URL (the `302` Chrome follows, and "Open in app" on the page other
    ///   browsers get): the URL the installed app receives;
    /// - the iOS page's "Open in app" and its Smart App Banner's `app-argument` (the URL the
    ///   banner's "Open" hands the app).
    ///
    /// A plain `302` goes to a store or a web page, never into the app, and is left alone, as are
    /// the fallbacks inside an intent. `pageValue` goes on pages (the page's placeholder, so that a
    /// page rendered once serves every visit), `id` on redirects.
    package func carryingClickID(_ id: String, onPages pageValue: String) -> RedirectDecision {
        switch self {
        case .redirect:
            return self
        case .intent(let intent):
            return .intent(intent.carrying(id))
        case .preview(var page):
            if let intent = page.androidIntent {
                page.setAndroidIntent(intent.carrying(pageValue))
                return .preview(page)
            }
            page.openAppURL = page.openAppURL.map { ClickID.adding(pageValue, to: $0) }
            if page.appStoreID != nil { page.destination = ClickID.adding(pageValue, to: page.destination) }
            return .preview(page)
        }
    }
}

extension AndroidIntent {
    /// The same intent opening its URL with `wf_click=<id>`.
    fileprivate func carrying(_ id: String) -> AndroidIntent {
        editingURL { ClickID.adding(id, to: $0) } ?? self
    }
}
