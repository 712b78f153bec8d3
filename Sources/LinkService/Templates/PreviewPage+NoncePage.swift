import LinkCore

/// The planner decides what a preview page says (`PreviewPage`); drawing it is the server's.
extension PreviewPage: NoncePage {
    package static let template = PageTemplate.preview
}
