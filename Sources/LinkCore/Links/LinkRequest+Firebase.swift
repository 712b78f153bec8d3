extension LinkRequest {
    /// A request made from Firebase Dynamic Links parameters (an imported row, FDL's REST body),
    /// checked and created like a JSON body of `POST /api/v1/links`.
    package init(slug: String?, domain: String?, unguessable: Bool, content: LinkContent) {
        self.slug = slug
        self.domain = domain
        self.unguessable = unguessable
        self.content = content
    }
}
