// Table Companion: connection state, re-sync when a phone wakes, Wake Lock, joining a seat.
(function () {
  "use strict";
  var body = document.body;

  function resync() {
    if (window.htmx) { window.htmx.trigger(body, "resync"); }
  }

  // A visible "reconnecting…" state instead of silently stale screens.
  document.addEventListener("htmx:sendError", function () { body.classList.add("offline"); });
  document.addEventListener("htmx:timeout", function () { body.classList.add("offline"); });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && xhr.status > 0) { body.classList.remove("offline"); }
  });
  window.addEventListener("offline", function () { body.classList.add("offline"); });
  window.addEventListener("online", resync);

  // A slow poll must never paint an older table over a newer one (versions only grow).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var live = document.getElementById("live");
    if (!live || event.detail.target !== live) { return; }
    var found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && Number(found[1]) < Number(live.dataset.version)) {
      event.detail.shouldSwap = false;
    }
  });

  // Keep the screen awake while a game runs (needs a secure context: https or localhost).
  var lock = null;
  function wake() {
    if (!body.dataset.wake || !("wakeLock" in navigator) || lock || document.hidden) { return; }
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      lock.addEventListener("release", function () { lock = null; });
    }).catch(function () { lock = null; });
  }

  // Phones sleep and drop connections: catch up the moment the screen is back.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { resync(); wake(); }
  });
  document.addEventListener("click", wake, { once: true });
  wake();

  // A seat opened for the first time claims itself and mixes 32 random bytes from this
  // phone into every later shuffle and roll (sent after the commitment is on screen).
  var joinUrl = body.dataset.join;
  if (joinUrl && window.crypto && window.crypto.getRandomValues) {
    var bytes = window.crypto.getRandomValues(new Uint8Array(32));
    var hex = Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
    var headers = JSON.parse(body.getAttribute("hx-headers") || "{}");
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    fetch(joinUrl, { method: "POST", headers: headers, body: "contribution=" + hex,
                     credentials: "same-origin" })
      .then(function () { delete body.dataset.join; resync(); })
      .catch(function () { body.classList.add("offline"); });
  }
})();
