/// The console's stylesheet and its one script, served by the server itself (no fonts, scripts
/// or styles from elsewhere). The script only adds comfort: every task works without it.
enum ConsoleAssets {
    static let stylesheet = """
        :root {
          --bg: #f6f7f9; --surface: #ffffff; --text: #16181d; --muted: #5a6070; --border: #d5d9e0;
          --accent: #0b57d0; --accent-text: #ffffff; --danger: #b3261e; --danger-text: #ffffff;
          --error-bg: #fdecea; --notice-bg: #e7f1ff; --bar: #0b57d0; --grid: #e3e6eb; --focus: #ff9f1c;
          color-scheme: light dark;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #121418; --surface: #1c1f26; --text: #e8eaef; --muted: #a3a9b7; --border: #343a46;
            --accent: #8ab4f8; --accent-text: #0b1320; --danger: #f2867d; --danger-text: #1f0a08;
            --error-bg: #3a1d1b; --notice-bg: #1b2a40; --bar: #8ab4f8; --grid: #2c313c; --focus: #ffb95a;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; background: var(--bg); color: var(--text); }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
        .skip { position: absolute; left: -999px; top: 0; background: var(--surface); padding: .5rem 1rem; z-index: 2; }
        .skip:focus { left: .5rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        header.top { display: flex; flex-wrap: wrap; align-items: center; gap: .25rem 1rem; padding: .75rem 1rem; background: var(--surface); border-bottom: 1px solid var(--border); }
        header.top .brand { font-weight: 700; margin-right: auto; }
        header.top nav { display: flex; gap: 1rem; }
        header.top nav a { text-decoration: none; padding: .25rem 0; }
        header.top nav a[aria-current="page"] { font-weight: 700; border-bottom: 2px solid var(--accent); }
        header.top .tenant { color: var(--muted); font-size: .9rem; }
        .sign-out { margin: 0; }
        main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.6rem; line-height: 1.25; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.2rem; margin: 0 0 .75rem; }
        h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
        .heading-row { display: flex; align-items: center; justify-content: space-between; gap: 1rem; flex-wrap: wrap; }
        .heading-row h1 { margin-bottom: .5rem; }
        .card { background: var(--surface); border: 1px solid var(--border); border-radius: 10px; padding: 1rem; margin: 0 0 1rem; }
        .narrow { max-width: 32rem; }
        .two-up { display: grid; grid-template-columns: 1fr; gap: 0 1rem; }
        @media (min-width: 720px) { .two-up { grid-template-columns: 1fr 1fr; } }
        .field { margin: 0 0 1rem; }
        .field label { display: block; font-weight: 600; margin-bottom: .25rem; }
        .field.checkbox { display: flex; gap: .5rem; align-items: flex-start; }
        .field.checkbox label { font-weight: 400; margin: 0; }
        .field.checkbox input { width: auto; margin-top: .3rem; }
        input, select, textarea { width: 100%; font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--border); border-radius: 6px; padding: .55rem .65rem; min-height: 2.75rem; }
        input[readonly] { background: var(--surface); }
        .field.invalid input, .field.invalid textarea, .field.invalid select { border-color: var(--danger); border-width: 2px; }
        .field-error { color: var(--danger); margin: .25rem 0 0; font-weight: 600; overflow-wrap: anywhere; }
        .hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 0; }
        button, .button { display: inline-flex; align-items: center; justify-content: center; min-height: 2.75rem; padding: .5rem 1rem; font: inherit; font-weight: 600; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: var(--accent-text); text-decoration: none; cursor: pointer; }
        button.secondary, .button.secondary { background: transparent; color: var(--accent); }
        button.danger, .button.danger { background: var(--danger); border-color: var(--danger); color: var(--danger-text); }
        .link-button { background: none; border: none; color: var(--accent); padding: .25rem 0; min-height: 0; font-weight: 400; text-decoration: underline; }
        .actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin-top: .5rem; }
        .error { background: var(--error-bg); color: var(--danger); border-radius: 6px; padding: .5rem .75rem; font-weight: 600; overflow-wrap: anywhere; }
        .notice { background: var(--notice-bg); border-radius: 6px; padding: .5rem .75rem; }
        .search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin-bottom: 1rem; }
        .search label { font-weight: 600; }
        .search input { flex: 1 1 12rem; width: auto; }
        .table-wrap { overflow-x: auto; background: var(--surface); border: 1px solid var(--border); border-radius: 10px; }
        table { width: 100%; border-collapse: collapse; }
        th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid var(--border); vertical-align: top; }
        tbody tr:last-child td { border-bottom: none; }
        th { font-size: .85rem; color: var(--muted); font-weight: 600; }
        .number { text-align: right; font-variant-numeric: tabular-nums; }
        .nowrap { white-space: nowrap; }
        .url { overflow-wrap: anywhere; word-break: break-word; }
        table.links td.url { max-width: 22rem; }
        @media (max-width: 600px) {
          table.links thead { display: none; }
          table.links tr { display: block; padding: .5rem .75rem; border-bottom: 1px solid var(--border); }
          table.links td { display: block; border: none; padding: .1rem 0; max-width: none; }
          table.links td:first-child { font-weight: 600; }
          table.links td:empty { display: none; }
        }
        .tag { display: inline-block; font-size: .75rem; padding: 0 .4rem; border-radius: 4px; background: var(--error-bg); color: var(--danger); }
        .empty { color: var(--muted); }
        .pager { display: flex; gap: 1rem; margin: 1rem 0; }
        .breadcrumb { margin: 0; font-size: .9rem; }
        .copy-row { display: flex; gap: .5rem; flex-wrap: wrap; }
        .copy-row input { flex: 1 1 14rem; width: auto; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        .copy-status { min-height: 1.5rem; margin: .25rem 0; color: var(--muted); }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: .5rem 0 1rem; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; }
        @media (max-width: 480px) { dl.facts { grid-template-columns: 1fr; } dl.facts dd { margin-bottom: .5rem; } }
        svg.chart { width: 100%; max-width: 40rem; height: auto; display: block; margin: .5rem 0; }
        svg.chart .bar { fill: var(--bar); }
        svg.chart .axis { stroke: var(--muted); stroke-width: 1; }
        svg.chart .grid { stroke: var(--grid); stroke-width: 1; }
        svg.chart text { fill: var(--muted); font-size: 11px; font-family: inherit; }
        svg.chart .empty-chart { font-size: 14px; }
        @media (max-width: 600px) { svg.chart text { font-size: 15px; } svg.chart .empty-chart { font-size: 18px; } }
        details { margin-top: .5rem; }
        summary { cursor: pointer; color: var(--accent); }
        pre { overflow-x: auto; background: var(--bg); border: 1px solid var(--border); border-radius: 6px; padding: .75rem; font-size: .85rem; }
        code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; overflow-wrap: anywhere; }
        ul.findings { padding-left: 1.25rem; }
        ul.findings li { margin-bottom: .5rem; overflow-wrap: anywhere; }
        ul.findings li.error strong { color: var(--danger); }
        .ok { color: var(--muted); }
        img.qr { display: block; background: #fff; padding: 8px; border-radius: 6px; max-width: 100%; height: auto; }

        """

    static let script = """
        // Comfort only: copying the short URL, and a confirmation before a delete form is sent.
        document.addEventListener("DOMContentLoaded", function () {
          document.querySelectorAll("button[data-copy]").forEach(function (button) {
            var field = document.getElementById(button.getAttribute("data-copy"));
            var status = document.querySelector(".copy-status");
            if (!field || !navigator.clipboard) { return; }
            button.hidden = false;
            button.addEventListener("click", function () {
              navigator.clipboard.writeText(field.value).then(function () {
                if (status) { status.textContent = "Copied " + field.value; }
              }, function () {
                field.select();
                if (status) { status.textContent = "Select the link and copy it."; }
              });
            });
          });
        });

        """
}
