// Comfort only: copying the short URL, the link form's final URL kept current while typing
// (the server computes the same after "Show final URL" or a save), and focus on a refused form's
// error summary (without the script the summary is still at the top, its links still anchors).
document.addEventListener("DOMContentLoaded", function () {
  // A refused form: its summary takes focus (a screen reader reads it, the page shows it), and
  // each of its links puts the cursor in its field, opening the section that holds it.
  var summary = document.querySelector("[data-error-summary]");
  if (summary) {
    summary.focus();
    summary.querySelectorAll("a[href^='#']").forEach(function (link) {
      link.addEventListener("click", function (event) {
        var target = document.getElementById(link.getAttribute("href").slice(1));
        if (!target) { return; }
        event.preventDefault();
        for (var node = target.parentElement; node; node = node.parentElement) {
          if (node.tagName === "DETAILS") { node.open = true; }
        }
        target.scrollIntoView({ block: "center" });
        if (typeof target.focus === "function") { target.focus({ preventScroll: true }); }
      });
    });
  }
  var output = document.querySelector("output[data-final-url]");
  var destination = document.getElementById("destination");
  if (output && destination) {
    var names = ["source", "medium", "campaign", "term", "content"];
    var fields = names.map(function (name) {
      return document.getElementById("utm" + name.charAt(0).toUpperCase() + name.slice(1));
    });
    var update = function () {
      var text = destination.value.trim();
      if (!text) { output.textContent = "Type a destination."; return; }
      var url;
      try { url = new URL(text); } catch (error) { output.textContent = text; return; }
      if (url.protocol !== "http:" && url.protocol !== "https:") { output.textContent = text; return; }
      names.forEach(function (name, index) {
        var field = fields[index];
        if (field && field.value) { url.searchParams.delete("utm_" + name); }
      });
      names.forEach(function (name, index) {
        var field = fields[index];
        if (field && field.value) { url.searchParams.append("utm_" + name, field.value); }
      });
      output.textContent = url.toString();
    };
    [destination].concat(fields).forEach(function (field) {
      if (field) { field.addEventListener("input", update); }
    });
  }
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
