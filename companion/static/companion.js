// Table Companion: connection state, updates pushed by the server, re-sync when a phone
// wakes, keeping the screen awake, a tap made offline, this device's id and its opened
// tables, the phone's randomness for the deal.
(function () {
  "use strict";
  var body = document.body;

  function load(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function keep(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private mode: no memory */ }
  }
  function randomHex(bytes) {
    var out = new Uint8Array(bytes);
    if (window.crypto && window.crypto.getRandomValues) { window.crypto.getRandomValues(out); }
    else { for (var i = 0; i < bytes; i++) { out[i] = Math.floor(Math.random() * 256); } }
    return Array.prototype.map.call(out, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // This device's id, sent with every poll: a seat open on two devices is told on both.
  var deviceId = load("tc-device");
  if (!deviceId || !/^[0-9a-f]{32}$/.test(deviceId)) { deviceId = randomHex(16); keep("tc-device", deviceId); }
  document.addEventListener("htmx:configRequest", function (event) {
    event.detail.headers["X-Device"] = deviceId;
  });

  // The seats and host screens opened here, newest first: the lobby and /me list them, so
  // the host link and a seat renewed by "New link" are found again.
  function opened() {
    try { return JSON.parse(load("tc-opened") || "[]").filter(function (e) { return e && e.path; }); }
    catch (e) { return []; }
  }
  var list = opened();
  if (body.dataset.opened) {
    list = list.filter(function (e) { return e.path !== location.pathname; });
    list.unshift({ kind: body.dataset.opened, path: location.pathname,
                   title: body.dataset.openedTitle || document.title, when: Date.now() });
    keep("tc-opened", JSON.stringify(list.slice(0, 20)));
  } else if (document.querySelector(".error-box") && /^\/[sh]\//.test(location.pathname)) {
    list = list.filter(function (e) { return e.path !== location.pathname; });
    keep("tc-opened", JSON.stringify(list));
  }
  Array.prototype.forEach.call(document.querySelectorAll(".mine-list"), function (section) {
    var ul = section.querySelector(".my-opened");
    list.forEach(function (entry) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.className = "button";
      a.href = entry.path;
      a.textContent = entry.title;
      var small = document.createElement("small");
      small.className = "muted";
      small.textContent = " " + (ul.dataset[entry.kind] || "") + " · " +
        new Date(entry.when).toLocaleString();
      li.appendChild(a);
      li.appendChild(small);
      ul.appendChild(li);
    });
    if (list.length) {
      section.hidden = false;
      section.querySelector(".my-none").hidden = true;
    }
  });

  // Setup forms: a variant's own fields show only while its box is ticked.
  Array.prototype.forEach.call(document.querySelectorAll("[data-requires]"), function (field) {
    var box = document.querySelector("input[name='" + field.dataset.requires + "']");
    if (!box) { return; }
    var sync = function () { field.hidden = !box.checked; };
    box.addEventListener("change", sync);
    sync();
  });

  // Setup forms: a seat the app plays asks no name (its name field hides while its choice
  // says the app).
  Array.prototype.forEach.call(document.querySelectorAll("[data-app-seat]"), function (label) {
    var name = label.dataset.appSeat;
    var select = name && document.querySelector("select[name='" + name + "']");
    if (!select) { return; }
    var role = document.querySelector("[data-app-role='" + name + "']");
    var input = label.querySelector("input");
    var sync = function () {
      var app = select.value !== "no";
      label.hidden = app;
      if (input) { input.disabled = app; }
      if (role) { role.hidden = !app; }
    };
    select.addEventListener("change", sync);
    sync();
  });

  // Setup forms: another sharing of the roles names the seats anew (what each plays).
  Array.prototype.forEach.call(document.querySelectorAll("select[data-relabel]"), function (select) {
    var sync = function () {
      var roles = JSON.parse(select.options[select.selectedIndex].dataset.roles || "[]");
      var labels = document.querySelectorAll(select.dataset.relabel);
      Array.prototype.forEach.call(labels, function (label, i) {
        var seat = label.dataset.seat !== undefined ? parseInt(label.dataset.seat, 10) : i;
        if (seat < roles.length) { label.textContent = roles[seat]; }
      });
    };
    select.addEventListener("change", sync);
    sync();
  });

  // A long list of places: typing narrows it; a tap on a ringed place of the map beside it
  // chooses that place (on a small screen the first tap brings the region near).
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.dataset || !input.dataset.filter) { return; }
    var select = document.getElementById(input.dataset.filter);
    if (!select) { return; }
    var words = input.value.trim().toLowerCase();
    var shown = [];
    Array.prototype.forEach.call(select.options, function (option) {
      if (!option.value) { return; }
      option.hidden = words !== "" && option.text.toLowerCase().indexOf(words) < 0;
      if (!option.hidden) { shown.push(option); }
    });
    if (shown.length === 1) { select.value = shown[0].value; }
  });
  var pickPlace = function (svg, place) {
    var select = document.querySelector("select[data-pick-list]");
    if (!select) { return; }
    Array.prototype.forEach.call(select.options, function (option) {
      if (option.dataset.place === place) { select.value = option.value; }
    });
    Array.prototype.forEach.call(svg.querySelectorAll(".fm-ring"), function (ring) {
      ring.classList.toggle("picked", ring.dataset.place === place);
    });
  };
  // The region brought near stays near when a live update redraws the screen.
  var nearView = null;
  var showNear = function (svg, view) {
    svg.setAttribute("viewBox", view || svg.dataset.pickMap);
    var button = svg.parentNode.querySelector(".fd-map-whole");
    if (button) { button.hidden = !view; }
    nearView = view ? { frame: svg.dataset.pickMap, view: view } : null;
  };
  var wholeMap = function (svg) { showNear(svg, null); };
  document.body.addEventListener("htmx:afterSettle", function () {
    var svg = document.querySelector("svg[data-pick-map]");
    if (svg && nearView && nearView.frame === svg.dataset.pickMap) { showNear(svg, nearView.view); }
    var select = document.querySelector("select[data-pick-list]");
    var chosen = select && select.selectedOptions[0];
    if (svg && chosen && chosen.dataset.place) { pickPlace(svg, chosen.dataset.place); }
  });
  document.addEventListener("click", function (event) {
    var whole = event.target.closest && event.target.closest(".fd-map-whole");
    if (whole) { wholeMap(whole.parentNode.querySelector("svg[data-pick-map]")); return; }
    var svg = event.target.closest && event.target.closest("svg[data-pick-map]");
    if (!svg || !svg.getScreenCTM()) { return; }
    var point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    var at = point.matrixTransform(svg.getScreenCTM().inverse());
    var box = svg.viewBox.baseVal;
    var perPixel = box.width / svg.getBoundingClientRect().width;
    if (perPixel > 1.5) {  // too small to tap a city: bring the region near first
      var width = Math.min(box.width, svg.getBoundingClientRect().width * 1.1);
      var height = width * box.height / box.width;
      var full = svg.dataset.pickMap.split(" ").map(Number);
      var x = Math.max(full[0], Math.min(at.x - width / 2, full[0] + full[2] - width));
      var y = Math.max(full[1], Math.min(at.y - height / 2, full[1] + full[3] - height));
      showNear(svg, [x, y, width, height].join(" "));
      return;
    }
    var best = null, nearest = 36 * perPixel;
    Array.prototype.forEach.call(svg.querySelectorAll(".fm-ring[data-place]"), function (ring) {
      var dot = ring.querySelector("circle");
      var d = Math.hypot(dot.cx.baseVal.value - at.x, dot.cy.baseVal.value - at.y);
      if (d < nearest) { nearest = d; best = ring.dataset.place; }
    });
    if (best) { pickPlace(svg, best); }
  });

  // The host link's copy button (the clipboard API needs https: select and copy instead).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button.copy");
    if (!button) { return; }
    var input = button.parentNode.querySelector(".copy-source");
    input.focus();
    input.select();
    var done = function () { button.textContent = button.dataset.copied; };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(done, function () {});
    } else {
      try { if (document.execCommand("copy")) { done(); } } catch (e) { /* selected: copy by hand */ }
    }
  });

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
  // A kept tap goes a moment later, if the phone still says it is online: a network that
  // just came back is often not ready yet, and a page being left says "online" as it goes.
  window.addEventListener("online", function () {
    listen();
    resync();
    window.setTimeout(function () { if (navigator.onLine !== false) { sendUnsent(); } }, 1000);
  });

  // A tap that could not be sent (no connection, or no answer in time) is kept in this
  // device's storage, per screen, until the referee answers it: a reload, a closed tab or a
  // phone restarted offline loses nothing, and the screen sends it once it is open and
  // online. Its request key makes a resend safe (the referee applies a key once); if the
  // table moved on meanwhile the referee refuses the old version, and the banner names the
  // tap. Where the storage cannot be written (private mode, full) the page keeps it.
  var tapsKey = "tc-unsent:" + location.pathname;
  var memory = [];
  var durable = (function () {
    try { window.localStorage.setItem("tc-probe", "1"); window.localStorage.removeItem("tc-probe"); return true; }
    catch (e) { return false; }
  })();
  function readTaps() {
    if (!durable) { return memory; }
    try {
      var list = JSON.parse(load(tapsKey) || "[]");
      return (Array.isArray(list) ? list : []).filter(function (tap) {
        return tap && typeof tap.body === "string" && typeof tap.path === "string" &&
          tap.path.indexOf(location.pathname + "/") === 0;
      });
    } catch (e) { return []; }
  }
  function writeTaps(list) {
    memory = list;
    if (!durable) { return; }
    try {
      if (list.length) { window.localStorage.setItem(tapsKey, JSON.stringify(list)); }
      else { window.localStorage.removeItem(tapsKey); }
    } catch (e) { durable = false; }
  }
  var banner = document.querySelector(".unsent");
  var refused = null;  // [message name, labels] of taps the referee refused on their resend
  function quoted(labels) { return labels.join("”, “"); }
  function showUnsent() {
    if (!banner) { return; }
    var waiting = readTaps();
    var text = "";
    if (waiting.length) {
      text = banner.dataset.waiting.replace("{tap}", quoted(waiting.map(function (t) { return t.label; })));
    } else if (refused) {
      text = banner.dataset[refused[0]].replace("{tap}", quoted(refused[1]));
    }
    banner.querySelector(".unsent-text").textContent = text;
    banner.querySelector(".unsent-retry").hidden = !waiting.length;
    banner.hidden = !text;
  }
  // The tap in the player's words: the button tapped (its text, or its label where it shows
  // only a sign), and what was chosen or typed in the form.
  function tapLabel(form, submitter) {
    var button = submitter || form.querySelector("button");
    var label = button ? (button.getAttribute("aria-label") || button.textContent).replace(/\s+/g, " ").trim() : "";
    var chosen = Array.prototype.filter.call(form.querySelectorAll("select, input:not([type=hidden])"),
      function (field) { return field.value; }).map(function (field) {
        return field.tagName === "SELECT" && field.selectedOptions.length ?
          field.selectedOptions[0].textContent.trim() : field.value;
      });
    return chosen.length ? label + ": " + chosen.join(", ") : label;
  }
  // What htmx sent (the tapped button's own name and value included), else the form's fields.
  function keepTap(form, config) {
    var data = config && config.formData ? config.formData : new FormData(form);
    var submitter = config && config.triggeringEvent ? config.triggeringEvent.submitter : null;
    var tap = { path: form.getAttribute("hx-post"), body: new URLSearchParams(data).toString(),
                key: String(data.get("key") || ""), label: tapLabel(form, submitter) };
    writeTaps(readTaps().filter(function (t) { return !tap.key || t.key !== tap.key; }).concat([tap]));
    refused = null;
    showUnsent();
  }
  function liveVersion(html) {
    var found = /id="live"[^>]*data-version="(\d+)"|data-version="(\d+)"[^>]*id="live"/.exec(html);
    return found ? Number(found[1] || found[2]) : null;
  }
  // An answer that came by fetch, not htmx: swapped in unless the screen shows a newer table
  // (or, for a kept screen, unless it is not newer than what the screen shows).
  function swapLive(html, onlyNewer) {
    var live = document.getElementById("live");
    var version = liveVersion(html);
    if (!live || !window.htmx || version === null) { return; }
    var shown = Number(live.dataset.version);
    if (version < shown || (onlyNewer && version === shown)) { return; }
    window.htmx.swap(live, html, { swapStyle: "outerHTML" });
    if (!onlyNewer) { keepScreen(html); }
  }
  function headersOfPage() {
    var headers = JSON.parse(body.getAttribute("hx-headers") || "{}");
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    headers["HX-Request"] = "true";
    headers["X-Device"] = deviceId;
    return headers;
  }
  function post(tap) {
    var headers = headersOfPage();
    var data = new URLSearchParams(tap.body);
    if (headers["X-CSRFToken"]) { data.set("csrf_token", headers["X-CSRFToken"]); }
    return fetch(tap.path, { method: "POST", headers: headers, body: data.toString(), credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (html) { return { status: response.status, html: html }; });
      });
  }
  // The form's CSRF token belongs to the session the page was made in; a phone restarted
  // since may have lost that cookie: the screen's page, fetched again, gives a fresh one.
  function freshToken() {
    return fetch(location.pathname, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (!response.ok) { return null; }
      return response.text().then(function (html) {
        var found = /"X-CSRFToken": "([^"]+)"/.exec(html);
        if (found) { body.setAttribute("hx-headers", JSON.stringify({ "X-CSRFToken": found[1] })); }
        return found;
      });
    });
  }
  var sending = false;
  function sendUnsent() {
    var tap = readTaps()[0];
    if (!tap || sending) { return; }
    sending = true;
    var renewed = false;
    var answered = function (answer) {
      var page = /^\s*<!doctype/i.test(answer.html);
      if (answer.status === 400 && page && !renewed) {
        renewed = true;
        return freshToken().then(function (ok) { return ok ? post(tap).then(answered) : answer; });
      }
      return answer;
    };
    post(tap).then(answered).then(function (answer) {
      sending = false;
      if (answer.status >= 500) { return; }  // kept: sent again in a while
      writeTaps(readTaps().filter(function (t) { return t.key !== tap.key || t.body !== tap.body; }));
      body.classList.remove("offline");
      if (/^\s*<!doctype/i.test(answer.html)) {
        // The link itself is refused (a new one was made for this seat): its page says so.
        writeTaps([]);
        location.reload();
        return;
      }
      if (answer.status !== 200) {
        var kind = answer.status === 409 ? "failed" : "refused";
        refused = [kind, (refused && refused[0] === kind ? refused[1] : []).concat([tap.label])];
      }
      swapLive(answer.html, false);
      showUnsent();
      sendUnsent();
    }).catch(function () { sending = false; });
  }
  // Only an action carries a request key; a take-back or a host's control sent later could
  // undo or end what it was never meant to, so it is not kept: the player is told instead.
  function keepFailedTap(event) {
    var form = event.detail.elt;
    if (!form || form.tagName !== "FORM" || !form.closest("#live") || !form.getAttribute("hx-post")) {
      return;
    }
    var config = event.detail.requestConfig;
    if (form.querySelector("input[name=key]")) { keepTap(form, config); return; }
    refused = ["lost", [tapLabel(form, config && config.triggeringEvent ? config.triggeringEvent.submitter : null)]];
    showUnsent();
  }
  document.addEventListener("htmx:sendError", keepFailedTap);
  document.addEventListener("htmx:timeout", keepFailedTap);
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (refused && event.detail.elt && event.detail.elt.tagName === "FORM") { refused = null; showUnsent(); }
  });
  if (banner) { banner.querySelector(".unsent-retry").addEventListener("click", sendUnsent); }
  window.setInterval(function () { if (navigator.onLine !== false) { sendUnsent(); } }, 3000);
  showUnsent();
  if (navigator.onLine !== false) { sendUnsent(); }

  // The service worker (static/sw.js, served at /sw.js) keeps the shell and each screen's
  // last page, for a reload or a reopened tab while offline. Browsers allow it only in a
  // secure context (https, localhost): on plain http over the LAN this page works as ever.
  var worker = document.querySelector("meta[name='tc-worker']");
  if (worker && window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(worker.getAttribute("content")).catch(function () {});
  }
  // The newest screen is kept beside the page the worker kept, under the screen's own
  // /live URL, in the same cache (one per kind: the table view's holds no seat's data);
  // a page the worker serves offline then shows it, never an older one.
  var screenKind = /^\/([sht])\/[^/]+$/.exec(location.pathname);
  var screenCache = screenKind && { s: "tc-seat", h: "tc-host", t: "tc-table" }[screenKind[1]];
  function keepScreen(html) {
    if (!screenCache || !window.caches || liveVersion(html) === null) { return; }
    window.caches.open(screenCache).then(function (cache) {
      return cache.put(location.pathname + "/live",
                       new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    }).catch(function () {});
  }
  if (screenCache && window.caches) {
    window.caches.open(screenCache).then(function (cache) { return cache.match(location.pathname + "/live"); })
      .then(function (found) { return found ? found.text() : null; })
      .then(function (html) { if (html) { swapLive(html, true); } })
      .catch(function () {});
  }
  // The page the worker shows for a screen it never kept: back online, the screen itself.
  if (body.classList.contains("offline-page")) {
    window.addEventListener("online", function () { location.reload(); });
    window.setInterval(function () {
      fetch(location.href, { method: "HEAD", cache: "no-store" })
        .then(function () { location.reload(); }, function () {});
    }, 5000);
  }

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
    if (pressing) {  // a poll's answer: the finger's tap comes first (letGo looks again)
      event.detail.shouldSwap = false;
      return;
    }
    var found = /data-version="(\d+)"/.exec(event.detail.serverResponse || "");
    if (found && Number(found[1]) < Number(live.dataset.version)) {
      event.detail.shouldSwap = false;
    }
    if (event.detail.shouldSwap) { keepScreen(event.detail.serverResponse || ""); }
  });

  // Updates pushed (companion/server/live.py): the screen's event stream names the table's
  // version the moment it changes, and who has this seat open ("<version> <devices>"); the
  // live fragment is fetched at once when either differs from what it shows. While the
  // stream is open, or the page hidden, the fragment's 1 s poll stays quiet; where no
  // stream can be held (an old browser, a buffering proxy) polling carries on as before.
  // The stream carries this device's id (it cannot send a header) and so counts as a poll.
  var eventsUrl = body.dataset.events;
  var stream = null;
  var streaming = false;
  var announced = 0;
  var present = null;
  var heard = 0;
  // A finger (or mouse button) held on the screen: an update swapped in now would take the
  // button from under it and the tap would be lost without a word. Updates wait until it
  // lets go; by then the tap's own request is on its way and brings the new screen.
  var pressing = false;
  document.addEventListener("pointerdown", function (event) {
    var live = document.getElementById("live");
    if (live && event.target instanceof Node && live.contains(event.target)) { pressing = true; }
  }, true);
  function letGo() {
    if (!pressing) { return; }
    pressing = false;
    window.setTimeout(catchUp, 60);
  }
  document.addEventListener("pointerup", letGo, true);
  document.addEventListener("pointercancel", letGo, true);
  function catchUp() {
    if (pressing) { return; }
    var live = document.getElementById("live");
    // Not while this screen's own request is on its way: its answer brings the new
    // fragment, and two answers racing for one fragment lose the open list of choices.
    // The swap's settling (or the stream's next event) looks again.
    if (!live || live.classList.contains("htmx-request") || live.querySelector(".htmx-request")) {
      return;
    }
    var seen = live.dataset.presence;
    if (announced > Number(live.dataset.version) ||
        (present !== null && seen !== undefined && present !== seen)) { resync(); }
  }
  function listen() {
    if (!eventsUrl || !window.EventSource || stream || document.hidden) { return; }
    stream = new EventSource(eventsUrl + "?device=" + deviceId);
    stream.onopen = function () {
      streaming = true;
      heard = Date.now();
      body.classList.remove("offline");
    };
    stream.onmessage = function (event) {
      var parts = String(event.data).split(" ");
      heard = Date.now();
      announced = Math.max(announced, Number(parts[0]) || 0);
      present = parts.length > 1 ? parts[1] : null;
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

  // Keep the screen awake while a game runs: the Wake Lock where the page is a secure
  // context (https, localhost), else NoSleep.js's silent looping video (plain http on the
  // LAN), started by the first tap as browsers require.
  var lock = null;
  var video = null;
  function wake() {
    if (!body.dataset.wake || lock || document.hidden) { return; }
    if ("wakeLock" in navigator) {
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        body.dataset.awake = "wakelock";
        lock.addEventListener("release", function () { lock = null; body.dataset.awake = ""; });
      }).catch(function () { lock = null; });
    } else if (window.NoSleep) {
      if (!video) { video = new window.NoSleep(); }
      if (!video.isEnabled) {
        video.enable().then(function () { body.dataset.awake = "video"; }, function () {});
      }
    }
  }

  // Phones sleep and drop connections: catch up the moment the screen is back.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { resync(); wake(); }
  });
  document.addEventListener("click", wake);
  wake();

  // The phone's randomness (companion/referee/deal.py): while the game gathers, commit to 32
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
      hex = randomHex(32);
      keep(key, hex);
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

  // A step-through of what was hidden ([data-stepper]: the end screen's reveal, Fury's
  // chase): its [data-step] parts show up to the step reached, the current one marked;
  // "All" shows every step. Where it stood survives the live screen's re-rendering. A page
  // may hold several of one name (a saved export's games, each with its chase): each is
  // kept by its name and its place among them.
  var stepAt = {};
  function stepKey(root) {
    var name = root.getAttribute("data-stepper");
    var same = document.querySelectorAll("[data-stepper]");
    var n = 0;
    for (var i = 0; i < same.length && same[i] !== root; i++) {
      if (same[i].getAttribute("data-stepper") === name) { n++; }
    }
    return name + "#" + n;
  }
  function stepTo(root, at) {
    var count = parseInt(root.getAttribute("data-steps"), 10) || 0;
    at = Math.max(0, Math.min(at, count));
    stepAt[stepKey(root)] = at;
    root.classList.toggle("stepping", at > 0);
    var round = null;
    Array.prototype.forEach.call(root.querySelectorAll("[data-step]"), function (part) {
      var n = parseInt(part.getAttribute("data-step"), 10);
      part.classList.toggle("step-later", at > 0 && n > at);
      part.classList.toggle("step-now", at > 0 && n === at);
      if (at > 0 && n === at && part.hasAttribute("data-round")) {
        round = part.getAttribute("data-round");
      }
    });
    var first = null;
    Array.prototype.forEach.call(root.querySelectorAll("[data-round]:not([data-step])"), function (line) {
      var here = round !== null && line.getAttribute("data-round") === round;
      line.classList.toggle("step-round", here);
      if (here && first === null) { first = line; }
    });
    if (first && first.parentNode) {
      first.parentNode.scrollTop = first.offsetTop - first.parentNode.offsetTop;
    }
    var output = root.querySelector(".stepper-at");
    if (output) { output.textContent = at > 0 ? at + " / " + count : "1–" + count; }
  }
  function steppers() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-stepper]"), function (root) {
      var controls = root.querySelector(".stepper-controls");
      if (controls) { controls.hidden = false; }
      stepTo(root, stepAt[stepKey(root)] || 0);
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-step-go]");
    var root = button && button.closest("[data-stepper]");
    if (!root) { return; }
    var count = parseInt(root.getAttribute("data-steps"), 10) || 0;
    var at = stepAt[stepKey(root)] || 0;
    var go = button.getAttribute("data-step-go");
    if (go === "first") { at = 1; }
    else if (go === "prev") { at = at > 1 ? at - 1 : 1; }
    else if (go === "next") { at = at > 0 && at < count ? at + 1 : (at === 0 ? 1 : count); }
    else { at = 0; }
    stepTo(root, at);
  });
  document.addEventListener("htmx:afterSettle", steppers);
  steppers();
})();
