/// The HTML pages of the redirect path, as Mustache templates. `{{name}}` escapes HTML (quotes
/// included, so values are safe inside attributes); no template uses the unescaped `{{{…}}}`.
enum PageTemplates {
    /// Unknown or expired links.
    static let notFound = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>Link not found</title>
        <style nonce="{{nonce}}">body{font-family:-apple-system,system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;text-align:center}</style>
        </head>
        <body>
        <h1>This link does not exist or has expired</h1>
        {{#websiteURL}}<p><a href="{{websiteURL}}">Go to {{siteName}}</a></p>
        {{/websiteURL}}</body>
        </html>

        """
}
