// Table Companion: connection state, updates pushed by the server, re-sync when a phone
// wakes, Wake Lock, the phone's randomness for the deal.
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
  // The browser knows it lost the network: its stream is dead even if no error came yet.
  window.addEventListener("offline", function () { body.classList.add("offline"); hush(); });
  window.addEventListener("online", function () { listen(); resync(); });

  // A slow poll must never paint an older table over a newer one (versions only grow).
  // Nor answer into a fragment another answer already replaced (a fetch the stream asked
  // for while this phone's own action was on its way): that swap would show nothing and
  // would carry off the open list of choices (hx-preserve) from the screen.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target && !event.detail.target.isConnected) {
      event.detail.shouldSwap = false;
      window.setTimeout(catchUp, 0);
      return;
    }
    var live = document.getElementById("live");
    if (!live || event.detail.target !== live) { return; }
    var found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && Number(found[1]) < Number(live.dataset.version)) {
      event.detail.shouldSwap = false;
    }
  });

  // Updates pushed (companion/live.py): the screen's event stream names the table's
  // version the moment it changes, and the live fragment is fetched at once. While the
  // stream is open, or the page hidden, the fragment's 1 s poll stays quiet; where no
  // stream can be held (an old browser, a buffering proxy) polling carries on as before.
  var eventsUrl = body.dataset.events;
  var stream = null;
  var streaming = false;
  var announced = 0;
  var heard = 0;
  function catchUp() {
    var live = document.getElementById("live");
    if (live && announced > Number(live.dataset.version)) { resync(); }
  }
  function listen() {
    if (!eventsUrl || !window.EventSource || stream || document.hidden) { return; }
    stream = new EventSource(eventsUrl);
    stream.onopen = function () {
      streaming = true;
      heard = Date.now();
      body.classList.remove("offline");
    };
    stream.onmessage = function (event) {
      heard = Date.now();
      announced = Math.max(announced, Number(event.data) || 0);
      catchUp();
    };
    stream.onerror = function () { streaming = false; };  // it reconnects by itself
  }
  // The server repeats the version every 4 s: 10 s of silence is a lost connection.
  window.setInterval(function () {
    if (streaming && Date.now() - heard > 10000) {
      body.classList.add("offline");
      hush();
      listen();
    }
  }, 1000);
  // A version announced while the fragment was being swapped is fetched after the swap.
  document.addEventListener("htmx:afterSettle", catchUp);
  function hush() {
    if (stream) { stream.close(); stream = null; }
    streaming = false;
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var config = event.detail.requestConfig;
    var polled = config && config.verb === "get" && !config.triggeringEvent;
    if (polled && event.detail.elt.id === "live" && (streaming || document.hidden)) {
      event.preventDefault();
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { hush(); } else { listen(); }
  });
  listen();

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

  // The phone's randomness (companion/deal.py): while the game gathers, commit to 32
  // random bytes (send their SHA-256, keep the bytes); once every commitment is in,
  // reveal them. The bytes are kept per seat and game in localStorage. A second device
  // on the same seat link never replaces the first one's commitment; a device that lost
  // its bytes leaves the host to deal without them.
  var joinUrl = body.dataset.joinUrl;
  var revealUrl = body.dataset.revealUrl;
  var busy = false;
  var crypto = window.crypto && window.crypto.getRandomValues ? window.crypto : null;

  function stored(round, make) {
    var key = "tc-randomness:" + location.pathname + ":" + round;
    var hex = null;
    try { hex = window.localStorage.getItem(key); } catch (e) { hex = null; }
    if (!hex && make && crypto) {
      hex = Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(32)), function (b) {
        return ("0" + b.toString(16)).slice(-2);
      }).join("");
      try { window.localStorage.setItem(key, hex); } catch (e) { /* kept for this page only */ }
    }
    return hex;
  }

  function contribute() {
    var live = document.getElementById("live");
    if (!joinUrl || busy || !live || !live.dataset.deal) { return; }
    var d = live.dataset;
    var hex = stored(d.round, false);
    var mine = hex && sha256(hex).slice(0, 8) === d.short;
    var send = null;
    if (d.deal === "gathering" && crypto && d.committed !== "1") {
      send = [joinUrl, "commitment=" + sha256(stored(d.round, true))];
    } else if (d.claimed !== "1") {
      send = [joinUrl, ""];
    } else if (d.deal === "revealing" && mine && d.revealed !== "1") {
      send = [revealUrl, "contribution=" + hex];
    }
    if (!send) { return; }
    busy = true;
    var headers = JSON.parse(body.getAttribute("hx-headers") || "{}");
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    fetch(send[0], { method: "POST", headers: headers, body: send[1], credentials: "same-origin" })
      .then(function () { busy = false; resync(); })
      .catch(function () { busy = false; body.classList.add("offline"); });
  }
  document.addEventListener("htmx:afterSettle", contribute);
  contribute();

  // SHA-256 of bytes given as hex (crypto.subtle needs https; phones use plain http).
  function sha256(hex) {
    var K = [
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2];
    var H = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var bytes = (hex.match(/../g) || []).map(function (h) { return parseInt(h, 16); });
    var bits = bytes.length * 8;
    bytes.push(0x80);
    while (bytes.length % 64 !== 56) { bytes.push(0); }
    for (var shift = 56; shift >= 0; shift -= 8) {
      bytes.push(shift >= 32 ? 0 : (bits >>> shift) & 0xff);
    }
    function rotr(x, n) { return (x >>> n) | (x << (32 - n)); }
    var w = new Array(64);
    for (var block = 0; block < bytes.length; block += 64) {
      for (var i = 0; i < 16; i++) {
        var j = block + i * 4;
        w[i] = (bytes[j] << 24) | (bytes[j + 1] << 16) | (bytes[j + 2] << 8) | bytes[j + 3];
      }
      for (i = 16; i < 64; i++) {
        var s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        var s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
      }
      var a = H[0], b = H[1], c = H[2], e = H[4], f = H[5], g = H[6], dd = H[3], h = H[7];
      for (i = 0; i < 64; i++) {
        var t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g; g = f; f = e; e = (dd + t1) | 0; dd = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      H[0] = (H[0] + a) | 0; H[1] = (H[1] + b) | 0; H[2] = (H[2] + c) | 0; H[3] = (H[3] + dd) | 0;
      H[4] = (H[4] + e) | 0; H[5] = (H[5] + f) | 0; H[6] = (H[6] + g) | 0; H[7] = (H[7] + h) | 0;
    }
    return H.map(function (x) { return ("0000000" + (x >>> 0).toString(16)).slice(-8); }).join("");
  }
})();
