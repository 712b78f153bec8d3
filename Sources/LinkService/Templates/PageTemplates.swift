/// The HTML pages of the redirect path, as Mustache templates. `{{name}}` escapes HTML (quotes
/// included, so values are safe inside attributes); no template uses the unescaped `{{{…}}}`.
enum PageTemplates {
    /// The page crawlers read (`og:*`, `twitter:*`, `al:*`) and iOS visitors see (Smart App
    /// Banner, "Get the app", "Continue on the web").
    static let preview = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}}</title>
        {{#appStoreID}}<meta name="apple-itunes-app" content="app-id={{appStoreID}}, app-argument={{destination}}">
        {{/appStoreID}}<meta property="og:type" content="website">
        <meta property="og:title" content="{{title}}">
        {{#description}}<meta property="og:description" content="{{description}}">
        <meta name="description" content="{{description}}">
        {{/description}}<meta property="og:url" content="{{shortURL}}">
        <meta property="og:site_name" content="{{siteName}}">
        {{#imageURL}}<meta property="og:image" content="{{imageURL}}">
        <meta name="twitter:image" content="{{imageURL}}">
        <meta name="twitter:card" content="summary_large_image">
        {{/imageURL}}{{^imageURL}}<meta name="twitter:card" content="summary">
        {{/imageURL}}<meta name="twitter:title" content="{{title}}">
        {{#description}}<meta name="twitter:description" content="{{description}}">
        {{/description}}{{#iosURL}}<meta property="al:ios:url" content="{{iosURL}}">
        {{/iosURL}}{{#appStoreID}}<meta property="al:ios:app_store_id" content="{{appStoreID}}">
        <meta property="al:ios:app_name" content="{{siteName}}">
        {{/appStoreID}}{{#androidURL}}<meta property="al:android:url" content="{{androidURL}}">
        {{/androidURL}}{{#androidPackage}}<meta property="al:android:package" content="{{androidPackage}}">
        <meta property="al:android:app_name" content="{{siteName}}">
        {{/androidPackage}}{{#webURL}}<meta property="al:web:url" content="{{webURL}}">
        {{/webURL}}<link rel="canonical" href="{{shortURL}}">
        <style>body{font-family:-apple-system,system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;text-align:center}img{max-width:100%;border-radius:8px}a.button{display:block;margin:1rem 0;padding:.9rem;border-radius:10px;text-decoration:none;background:#0a66ff;color:#fff}a.secondary{background:#eee;color:#111}</style>
        </head>
        <body>
        {{#imageURL}}<img src="{{imageURL}}" alt="">
        {{/imageURL}}<h1>{{title}}</h1>
        {{#description}}<p>{{description}}</p>
        {{/description}}{{#getAppURL}}<a class="button" href="{{getAppURL}}">Get the app</a>
        {{/getAppURL}}{{#webURL}}<a class="button secondary" href="{{webURL}}">Continue on the web</a>
        {{/webURL}}</body>
        </html>

        """

    /// Unknown or expired links.
    static let notFound = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>Link not found</title>
        <style>body{font-family:-apple-system,system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;text-align:center}</style>
        </head>
        <body>
        <h1>This link does not exist or has expired</h1>
        {{#websiteURL}}<p><a href="{{websiteURL}}">Go to {{siteName}}</a></p>
        {{/websiteURL}}</body>
        </html>

        """
}
