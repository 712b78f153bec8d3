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
