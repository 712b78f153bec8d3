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
