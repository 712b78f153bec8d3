extension PageTemplates {
    /// The page crawlers read (`og:*`, `twitter:*`, `al:*`) and people without the app see: the
    /// app's icon and name, the link's card, "Get the app" and "Continue on the web", the Smart App
    /// Banner; light and dark, phone and desktop widths.
    ///
    /// No external script or font. The inline style and script carry the response's CSP nonce.
    /// The script runs only when the page has a claim URL (iOS visitors): tapping "Get the app"
    /// copies the claim URL, then opens the store; without the tap nothing is copied, and without
    /// JavaScript the button is a plain link to the store.
    static let preview = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="light dark">
        <meta name="referrer" content="strict-origin-when-cross-origin">
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
        {{/webURL}}{{#iconURL}}<link rel="icon" href="{{iconURL}}">
        <link rel="apple-touch-icon" href="{{iconURL}}">
        {{/iconURL}}<link rel="canonical" href="{{shortURL}}">
        <style nonce="{{nonce}}">
        :root{--bg:#f2f2f7;--card:#fff;--text:#1c1c1e;--muted:#6c6c70;--line:rgba(60,60,67,.16);--accent:#0a66ff;--on-accent:#fff;--soft:rgba(118,118,128,.12);--shadow:0 1px 2px rgba(0,0,0,.05),0 10px 30px rgba(0,0,0,.07)}
        @media (prefers-color-scheme:dark){:root{--bg:#000;--card:#1c1c1e;--text:#f5f5f7;--muted:#a1a1a6;--line:rgba(84,84,88,.6);--accent:#0a84ff;--soft:rgba(118,118,128,.24);--shadow:0 0 0 1px rgba(255,255,255,.06)}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
        body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:17px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-font-smoothing:antialiased;display:flex;flex-direction:column;align-items:center;padding:max(20px,env(safe-area-inset-top)) 16px max(24px,env(safe-area-inset-bottom))}
        main{width:100%;max-width:440px}
        .app{display:flex;align-items:center;gap:14px;margin:4px 4px 18px}
        .icon{width:60px;height:60px;border-radius:14px;flex:none;object-fit:cover;background:var(--soft);box-shadow:0 0 0 .5px var(--line)}
        .letter{display:flex;align-items:center;justify-content:center;background:linear-gradient(140deg,#62a0ff,#0a5cf0);color:#fff;font-size:28px;font-weight:700}
        .app-name{font-size:19px;font-weight:650;margin:0;line-height:1.2}
        .app-note{color:var(--muted);font-size:15px;margin:3px 0 0;line-height:1.3}
        .card{background:var(--card);border-radius:20px;overflow:hidden;box-shadow:var(--shadow)}
        .card img{display:block;width:100%;aspect-ratio:1.91/1;object-fit:cover;background:var(--soft)}
        .text{padding:16px 18px 18px}
        h1{font-size:22px;line-height:1.25;margin:0;font-weight:700;overflow-wrap:anywhere}
        .text p{margin:8px 0 0;color:var(--muted);font-size:16px;overflow-wrap:anywhere}
        .host{display:block;margin-top:12px;color:var(--muted);font-size:13px;letter-spacing:.01em}
        .actions{margin-top:20px;display:grid;gap:12px}
        .button{display:block;text-align:center;padding:15px 20px;border-radius:14px;font-size:17px;font-weight:600;text-decoration:none;-webkit-tap-highlight-color:transparent;background:var(--accent);color:var(--on-accent)}
        .button:active{opacity:.85}
        .button.secondary{background:var(--soft);color:var(--accent)}
        .hint{color:var(--muted);font-size:13px;line-height:1.4;text-align:center;margin:14px 12px 0}
        .offscreen{position:fixed;top:-1000px;left:0;opacity:0}
        @media (min-width:720px){body{justify-content:center;padding-top:48px;padding-bottom:48px}main{max-width:480px}h1{font-size:26px}.app{margin-bottom:22px}}
        </style>
        </head>
        <body>
        <main>
        <header class="app">
        {{#iconURL}}<img class="icon" src="{{iconURL}}" alt="" width="60" height="60">
        {{/iconURL}}{{^iconURL}}<div class="icon letter" aria-hidden="true">{{initial}}</div>
        {{/iconURL}}<div>
        <p class="app-name">{{siteName}}</p>
        <p class="app-note">{{#getAppURL}}Opens in the {{siteName}} app{{/getAppURL}}{{^getAppURL}}Shared with {{siteName}}{{/getAppURL}}</p>
        </div>
        </header>
        <article class="card">
        {{#imageURL}}<img src="{{imageURL}}" alt="">
        {{/imageURL}}<div class="text">
        <h1>{{title}}</h1>
        {{#description}}<p>{{description}}</p>
        {{/description}}{{#host}}<span class="host">{{host}}</span>
        {{/host}}</div>
        </article>
        <div class="actions">
        {{#getAppURL}}<a class="button" href="{{getAppURL}}"{{#claimURL}} id="get-app" data-claim="{{claimURL}}"{{/claimURL}}>Get the app</a>
        {{/getAppURL}}{{#webURL}}<a class="button secondary" href="{{webURL}}">Continue on the web</a>
        {{/webURL}}</div>
        {{#claimURL}}<p class="hint">“Get the app” copies this link, so {{siteName}} opens right here after you install it.</p>
        {{/claimURL}}</main>
        {{#claimURL}}<script nonce="{{nonce}}">
        (function () {
          var button = document.getElementById("get-app");
          if (!button) return;
          button.addEventListener("click", function (event) {
            var claim = button.getAttribute("data-claim");
            if (!claim) return;
            event.preventDefault();
            var store = button.href, gone = false;
            function go() { if (!gone) { gone = true; window.location.href = store; } }
            if (navigator.clipboard && navigator.clipboard.writeText) {
              try { navigator.clipboard.writeText(claim).then(go, go); } catch (e) { go(); }
              setTimeout(go, 800);
              return;
            }
            try {
              var field = document.createElement("textarea");
              field.value = claim;
              field.setAttribute("readonly", "");
              field.className = "offscreen";
              document.body.appendChild(field);
              field.select();
              document.execCommand("copy");
              document.body.removeChild(field);
            } catch (e) {}
            go();
          });
        })();
        </script>
        {{/claimURL}}</body>
        </html>

        """
}
