/// The console's pages (`/admin`), as Mustache templates. Every page extends ``layout``.
/// `{{name}}` escapes HTML (quotes included, so values are safe inside attributes); no template
/// uses the unescaped `{{{…}}}`. No inline script or style: the Content-Security-Policy allows
/// only the console's own stylesheet and script.
enum ConsoleTemplates {
    static let all: [String: String] = [
        "layout": layout, "signIn": signIn, "links": links, "linkForm": linkForm, "link": link,
        "deleteLink": deleteLink, "domains": domains, "message": message,
    ]

    static let layout = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <meta name="color-scheme" content="light dark">
        <title>{{pageTitle}} · Wayfinder console</title>
        <link rel="stylesheet" href="/admin/console.css">
        <script src="/admin/console.js" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">Skip to content</a>
        <header class="top">
        <span class="brand">Wayfinder</span>
        {{#signedIn}}
        <nav aria-label="Console">
        <a href="/admin/links"{{#navLinks}} aria-current="page"{{/navLinks}}>Links</a>
        <a href="/admin/domains"{{#navDomains}} aria-current="page"{{/navDomains}}>Domains</a>
        </nav>
        <span class="tenant" title="Signed in for this app">{{tenant}}</span>
        <form method="post" action="/admin/sign-out" class="sign-out">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <button type="submit" class="link-button">Sign out</button>
        </form>
        {{/signedIn}}
        </header>
        <main id="main">
        {{#notice}}<p class="notice" role="status">{{notice}}</p>
        {{/notice}}{{$content}}{{/content}}
        </main>
        </body>
        </html>

        """

    static let signIn = """
        {{<layout}}{{$content}}
        <h1>Sign in</h1>
        <p>Sign in with one of your app's API keys (<code>wayfinder keys create --tenant ID</code> makes one).</p>
        <form method="post" action="/admin/sign-in" class="card narrow">
        {{#error}}<p class="error" id="key-error" role="alert">{{error}}</p>
        {{/error}}<div class="field">
        <label for="key">API key</label>
        <input id="key" name="key" type="password" autocomplete="off" spellcheck="false" required{{#error}} aria-invalid="true" aria-describedby="key-error"{{/error}}>
        </div>
        <button type="submit">Sign in</button>
        </form>
        {{/content}}{{/layout}}
        """

    static let links = """
        {{<layout}}{{$content}}
        <div class="heading-row">
        <h1>Links</h1>
        <a class="button" href="/admin/new-link">New link</a>
        </div>
        <form method="get" action="/admin/links" class="search" role="search">
        <label for="q">Search</label>
        <input id="q" name="q" type="search" value="{{query}}" placeholder="Slug, destination, title or name">
        <button type="submit" class="secondary">Search</button>
        </form>
        {{#hasLinks}}
        <div class="table-wrap">
        <table class="links">
        <caption class="visually-hidden">{{caption}}</caption>
        <thead><tr><th scope="col">Short link</th><th scope="col">Destination</th><th scope="col">Title</th><th scope="col">Created</th></tr></thead>
        <tbody>
        {{#links}}
        <tr>
        <td><a href="/admin/links/{{slug}}">{{shortURL}}</a>{{#expired}} <span class="tag">expired</span>{{/expired}}{{#name}}<div class="link-name">{{name}}</div>{{/name}}</td>
        <td class="url">{{destination}}</td>
        <td>{{title}}</td>
        <td class="nowrap"><time datetime="{{createdAt}}">{{createdDay}}</time></td>
        </tr>
        {{/links}}
        </tbody>
        </table>
        </div>
        {{/hasLinks}}
        {{^hasLinks}}<p class="empty">{{#query}}No link matches “{{query}}”.{{/query}}{{^query}}No links yet. Make the first one with “New link”.{{/query}}</p>
        {{/hasLinks}}
        <nav class="pager" aria-label="Pages of results">
        {{#cursor}}<a href="/admin/links{{#query}}?q={{queryParameter}}{{/query}}">First page</a>{{/cursor}}
        {{#nextCursor}}<a href="/admin/links?{{#query}}q={{queryParameter}}&amp;{{/query}}cursor={{nextCursor}}" rel="next">Next page</a>{{/nextCursor}}
        </nav>
        {{/content}}{{/layout}}
        """

    static let linkForm = """
        {{<layout}}{{$content}}
        <h1>{{heading}}</h1>
        <form method="post" action="{{action}}" class="card link-form" novalidate>
        <input type="hidden" name="csrf" value="{{csrf}}">
        {{#formError}}<p class="error" role="alert">{{formError}}</p>
        {{/formError}}
        {{#fields}}
        <div class="field{{#error}} invalid{{/error}}">
        <label for="{{name}}">{{label}}</label>
        {{#readOnly}}<input id="{{name}}" type="text" value="{{value}}" readonly aria-describedby="{{name}}-hint">
        <p class="hint" id="{{name}}-hint">A link's slug cannot change.</p>
        {{/readOnly}}{{^readOnly}}{{#multiline}}<textarea id="{{name}}" name="{{name}}" rows="3"{{#error}} aria-invalid="true"{{/error}} aria-describedby="{{name}}-error {{name}}-hint">{{value}}</textarea>
        {{/multiline}}{{^multiline}}<input id="{{name}}" name="{{name}}" type="{{type}}" value="{{value}}" spellcheck="false" autocomplete="off"{{#error}} aria-invalid="true"{{/error}} aria-describedby="{{name}}-error {{name}}-hint">
        {{/multiline}}{{#error}}<p class="field-error" id="{{name}}-error">{{error}}</p>
        {{/error}}{{#hint}}<p class="hint" id="{{name}}-hint">{{hint}}</p>
        {{/hint}}{{/readOnly}}</div>
        {{/fields}}
        <div class="field{{#domainError}} invalid{{/domainError}}">
        <label for="domain">Domain</label>
        <select id="domain" name="domain"{{#domainError}} aria-invalid="true" aria-describedby="domain-error"{{/domainError}}>
        {{#domains}}<option value="{{name}}"{{#selected}} selected{{/selected}}>{{name}}</option>
        {{/domains}}</select>
        {{#domainError}}<p class="field-error" id="domain-error">{{domainError}}</p>
        {{/domainError}}</div>
        <div class="field checkbox">
        <input id="skipPreview" name="skipPreview" type="checkbox"{{#skipPreview}} checked{{/skipPreview}}>
        <label for="skipPreview">Skip the preview page on iOS (straight to the App Store)</label>
        </div>
        <div class="actions">
        <button type="submit">{{submit}}</button>
        <a href="{{cancel}}">Cancel</a>
        </div>
        </form>
        {{/content}}{{/layout}}
        """

    static let link = """
        {{<layout}}{{$content}}
        <p class="breadcrumb"><a href="/admin/links">Links</a></p>
        <h1>{{heading}}</h1>
        <section class="card" aria-labelledby="short-heading">
        <h2 id="short-heading">Short link</h2>
        <div class="copy-row">
        <label for="short-url" class="visually-hidden">Short URL</label>
        <input id="short-url" type="text" value="{{shortURL}}" readonly>
        <button type="button" class="secondary" data-copy="short-url" hidden>Copy</button>
        <a class="button secondary" href="{{shortURL}}" rel="noopener" target="_blank">Open</a>
        </div>
        <p class="copy-status" role="status" aria-live="polite"></p>
        <dl class="facts">
        {{#name}}<dt>Name</dt><dd>{{name}}</dd>
        {{/name}}<dt>Destination</dt><dd class="url">{{destination}}</dd>
        {{#title}}<dt>Title</dt><dd>{{title}}</dd>
        {{/title}}{{#description}}<dt>Description</dt><dd>{{description}}</dd>
        {{/description}}{{#imageURL}}<dt>Image URL</dt><dd class="url">{{imageURL}}</dd>
        {{/imageURL}}{{#iosFallback}}<dt>iOS fallback</dt><dd class="url">{{iosFallback}}</dd>
        {{/iosFallback}}{{#androidFallback}}<dt>Android fallback</dt><dd class="url">{{androidFallback}}</dd>
        {{/androidFallback}}{{#desktopFallback}}<dt>Desktop fallback</dt><dd class="url">{{desktopFallback}}</dd>
        {{/desktopFallback}}<dt>Expires</dt><dd>{{#expires}}<time datetime="{{expires}}">{{expiresText}}</time>{{#expired}} <span class="tag">expired</span>{{/expired}}{{/expires}}{{^expires}}Never{{/expires}}</dd>
        <dt>Created</dt><dd><time datetime="{{createdAt}}">{{createdText}}</time></dd>
        </dl>
        <div class="actions">
        <a class="button secondary" href="/admin/links/{{slug}}/edit">Edit</a>
        <a class="button danger" href="/admin/links/{{slug}}/delete">Delete</a>
        </div>
        </section>
        <section class="card" aria-labelledby="clicks-heading">
        <h2 id="clicks-heading">Clicks by day</h2>
        <p>{{clicks}} click{{^oneClick}}s{{/oneClick}} by people in all{{#botClicks}}, and {{botClicks}} by bots and crawlers (not counted){{/botClicks}}.</p>
        {{#chart}}
        <svg class="chart" viewBox="0 0 {{width}} {{height}}" role="img" aria-label="Clicks by day, last 30 days: {{total}} in all" aria-describedby="clicks-table-summary">
        <title>Clicks by day, last 30 days</title>
        {{#ticks}}<line class="grid" x1="{{plotLeft}}" x2="{{plotRight}}" y1="{{y}}" y2="{{y}}"></line>
        <text class="tick" x="{{tickLabelX}}" y="{{textY}}" text-anchor="end">{{value}}</text>
        {{/ticks}}<line class="axis" x1="{{plotLeft}}" x2="{{plotLeft}}" y1="{{plotTop}}" y2="{{plotBottom}}"></line>
        <line class="axis" x1="{{plotLeft}}" x2="{{plotRight}}" y1="{{plotBottom}}" y2="{{plotBottom}}"></line>
        {{#bars}}<rect class="bar" x="{{x}}" y="{{y}}" width="{{width}}" height="{{height}}"><title>{{day}}: {{count}} click{{#plural}}s{{/plural}}</title></rect>
        {{/bars}}{{#dayLabels}}<text class="day" x="{{x}}" y="{{labelY}}" text-anchor="middle">{{text}}</text>
        {{/dayLabels}}{{#empty}}<text class="empty-chart" x="{{emptyX}}" y="{{emptyY}}" text-anchor="middle">No clicks yet</text>
        {{/empty}}</svg>
        {{/chart}}
        <details>
        <summary id="clicks-table-summary">Clicks by day as a table</summary>
        {{#hasDays}}<table>
        <caption class="visually-hidden">Clicks by day</caption>
        <thead><tr><th scope="col">Day (UTC)</th><th scope="col" class="number">Clicks</th></tr></thead>
        <tbody>{{#days}}<tr><td>{{day}}</td><td class="number">{{count}}</td></tr>{{/days}}</tbody>
        </table>{{/hasDays}}{{^hasDays}}<p class="empty">No clicks yet.</p>{{/hasDays}}
        </details>
        </section>
        <div class="two-up">
        <section class="card" aria-labelledby="platforms-heading">
        <h2 id="platforms-heading">Platforms</h2>
        {{#hasPlatforms}}<table>
        <thead><tr><th scope="col">Platform</th><th scope="col" class="number">Clicks</th></tr></thead>
        <tbody>{{#platforms}}<tr><td>{{name}}</td><td class="number">{{count}}</td></tr>{{/platforms}}</tbody>
        </table>{{/hasPlatforms}}{{^hasPlatforms}}<p class="empty">No clicks yet.</p>{{/hasPlatforms}}
        </section>
        <section class="card" aria-labelledby="referrers-heading">
        <h2 id="referrers-heading">Referrers</h2>
        {{#hasReferrers}}<table>
        <thead><tr><th scope="col">Referrer</th><th scope="col" class="number">Clicks</th></tr></thead>
        <tbody>{{#referrers}}<tr><td>{{name}}</td><td class="number">{{count}}</td></tr>{{/referrers}}</tbody>
        </table>{{/hasReferrers}}{{^hasReferrers}}<p class="empty">No clicks yet.</p>{{/hasReferrers}}
        </section>
        </div>
        {{#funnel}}
        <section class="card" aria-labelledby="funnel-heading">
        <h2 id="funnel-heading">Deferred deep links</h2>
        <table>
        <thead><tr><th scope="col">Step</th><th scope="col" class="number">Count</th></tr></thead>
        <tbody>
        <tr><td>Clicks</td><td class="number">{{clicks}}</td></tr>
        <tr><td>Sent to a store</td><td class="number">{{issued}}</td></tr>
        <tr><td>Opened in the app after install</td><td class="number">{{claimed}}</td></tr>
        </tbody>
        </table>
        </section>
        {{/funnel}}
        {{#qr}}
        <section class="card" aria-labelledby="qr-heading">
        <h2 id="qr-heading">QR code</h2>
        <img class="qr" src="/admin/links/{{slug}}/qr?format=svg&amp;size=240" width="240" height="240" alt="QR code of {{shortURL}}">
        <div class="actions">
        <a class="button secondary" href="/admin/links/{{slug}}/qr?format=svg&amp;size=1024" download="{{slug}}-qr.svg">Download SVG</a>
        <a class="button secondary" href="/admin/links/{{slug}}/qr?format=png&amp;size=1024" download="{{slug}}-qr.png">Download PNG</a>
        </div>
        </section>
        {{/qr}}
        {{/content}}{{/layout}}
        """

    static let deleteLink = """
        {{<layout}}{{$content}}
        <h1>Delete {{shortURL}}?</h1>
        <form method="post" action="/admin/links/{{slug}}/delete" class="card narrow">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <p>The short link stops working at once and its click counts are deleted with it. This cannot be undone.</p>
        <div class="actions">
        <button type="submit" class="danger">Delete</button>
        <a href="/admin/links/{{slug}}">Cancel</a>
        </div>
        </form>
        {{/content}}{{/layout}}
        """

    static let domains = """
        {{<layout}}{{$content}}
        <h1>Domains</h1>
        <p>What each domain of {{tenant}} serves to Apple and Google, generated from the manifest, and what the validators find in it.</p>
        {{#domains}}
        <section class="card" aria-labelledby="domain-{{index}}">
        <h2 id="domain-{{index}}">{{name}}</h2>
        {{#files}}
        <h3>{{title}}</h3>
        <p><a class="url" href="{{url}}" rel="noopener" target="_blank">{{url}}</a></p>
        {{#hasFindings}}<ul class="findings">{{#findings}}<li class="{{severity}}"><strong>{{severity}}</strong> <code>{{path}}</code> {{message}}{{#hint}} <span class="hint">{{hint}}</span>{{/hint}} <code class="code">[{{code}}]</code></li>{{/findings}}</ul>{{/hasFindings}}
        {{^hasFindings}}<p class="ok">The validator finds nothing to fix.</p>{{/hasFindings}}
        <details><summary>{{fileName}} as served</summary><pre>{{json}}</pre></details>
        {{/files}}
        </section>
        {{/domains}}
        {{/content}}{{/layout}}
        """

    static let message = """
        {{<layout}}{{$content}}
        <h1>{{heading}}</h1>
        <p>{{text}}</p>
        <p><a href="{{back}}">{{backLabel}}</a></p>
        {{/content}}{{/layout}}
        """
}
