import LinkCore

/// The values of one HTML page: a `Sendable` struct whose stored properties are the names its
/// template reads (`{{title}}`, `{{#links}}…{{/links}}`), rendered by ``PageRenderer``.
///
/// An optional that is `nil` is empty text and a false section; it never falls through to a value
/// of the same name further out. Computed properties are not seen by the template: a value the
/// page shows is stored.
package protocol PageModel: Sendable {
    /// The template that draws the page.
    static var template: PageTemplate { get }
    /// A page with a value in every optional and an item in every list. ``PageRenderer`` checks
    /// the template against it when it is made, so a name the template uses but the model lacks
    /// stops the server from starting instead of rendering as nothing.
    static var example: Self { get }
}
