// Table Companion's service worker: a phone that reloads, or reopens a closed tab, while
// offline still shows its last screen instead of the browser's "No internet" page.
// companion/web/offline.py serves it at /sw.js (so its scope covers /s/, /t/ and /h/) with
// CONFIG above this text: the shell's static files by their hashed URLs, the offline page,
// and a version that changes with any of them.
//
// What is kept, and where (all in this device's own storage):
// - the shell: static files, the app's and each game's (cache-first: a hashed URL never
//   changes), and the offline page;
// - each screen (/s/<token>, /h/<token>, /t/<code>): the last page the network gave for
//   that exact URL, in one cache per kind, so the table view's cache holds no seat's data;
//   companion.js keeps the newest live fragment beside it under <screen>/live;
// - the lobby and its "On this device" page (/, /me: no secret, the list is the device's);
// - nothing else: no API answer, no event stream, no POST.
// A screen is asked of the network first; only when the network fails (or says nothing for
// 8 s) is the kept copy served, and only for the very URL it was kept under. A
// link the server refuses (a seat given a new link) loses its kept copy at once.
"use strict";

var SHELL = "tc-shell-" + CONFIG.version;
var PAGES = "tc-pages";
var SCREENS = { s: "tc-seat", h: "tc-host", t: "tc-table" };
var KEPT = 40;  // entries per kind: 20 screens (a page and its newest fragment), like the device's list
var PATIENCE = 8000;  // ms a screen waits for the network when a copy is kept (htmx's own timeout)

function screenCache(path) {
  var found = /^\/([sht])\/[^/]+(\/live)?$/.exec(path);
  return found ? SCREENS[found[1]] : null;
}

function keep(name, request, response) {
  return caches.open(name).then(function (cache) {
    return cache.put(request, response).then(function () { return cache.keys(); })
      .then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - KEPT))
          .map(function (old) { return cache.delete(old); }));
      });
  });
}

function forget(name, url) {
  return caches.open(name).then(function (cache) {
    return Promise.all([cache.delete(url), cache.delete(url + "/live")]);
  });
}

function kept(name, url) {
  return caches.open(name).then(function (cache) {
    return cache.match(url, { ignoreVary: true });
  });
}

function offlinePage() {
  return caches.match(CONFIG.offline, { ignoreVary: true }).then(function (found) {
    return found || Response.error();
  });
}

// A page: the network's answer, kept for its own URL; else the copy kept for that URL;
// else the offline page (never another URL's copy).
function page(event, name) {
  var url = event.request.url;
  var saved = null;
  var fromNetwork = fetch(event.request).then(function (response) {
    if (name && response.status === 200 && response.type === "basic") {
      saved = keep(name, url, response.clone());
    } else if (name && (response.status === 403 || response.status === 404)) {
      saved = forget(name, url);
    }
    return response;
  });
  event.waitUntil(fromNetwork.then(function () { return saved; }).catch(function () {}));
  var copy = name ? kept(name, url) : Promise.resolve(undefined);
  return copy.then(function (found) {
    var fallback = function () { return found || offlinePage(); };
    if (!found) { return fromNetwork.catch(fallback); }
    // A phone on a Wi-Fi whose server is gone hears nothing rather than an error.
    return new Promise(function (resolve) {
      var timer = setTimeout(function () { resolve(found); }, PATIENCE);
      fromNetwork.then(function (response) { clearTimeout(timer); resolve(response); },
                       function () { clearTimeout(timer); resolve(found); });
    });
  });
}

// A static file by its hashed URL: kept, else fetched and kept. Offline, a page kept before
// the files changed asks for older hashes: the same file's newer copy serves it.
function asset(event) {
  return caches.match(event.request, { ignoreVary: true }).then(function (found) {
    return found || fetch(event.request).then(function (response) {
      if (response.status === 200 && response.type === "basic") {
        var copy = response.clone();
        event.waitUntil(caches.open(SHELL).then(function (c) { return c.put(event.request, copy); }));
      }
      return response;
    }, function (error) {
      return caches.open(SHELL).then(function (c) {
        return c.match(event.request, { ignoreSearch: true, ignoreVary: true });
      }).then(function (other) { if (other) { return other; } throw error; });
    });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL)
    .then(function (cache) { return cache.addAll(CONFIG.shell.concat([CONFIG.offline])); })
    .then(function () { return self.skipWaiting(); }));
});

// Pages opened before this worker ran were never kept: keep them now, from the network.
function keepOpenScreens() {
  return self.clients.matchAll({ type: "window" }).then(function (windows) {
    return Promise.all(windows.map(function (client) {
      var url = new URL(client.url);
      var name = url.origin === location.origin && screenCache(url.pathname);
      if (!name || /\/live$/.test(url.pathname)) { return null; }
      return kept(name, url.href).then(function (found) {
        if (found) { return null; }
        return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
          return response.status === 200 ? keep(name, url.href, response) : null;
        }).catch(function () { return null; });
      });
    }));
  });
}

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) {
      return n.indexOf("tc-shell-") === 0 && n !== SHELL;
    }).map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }).then(keepOpenScreens));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== location.origin) { return; }
  if (request.mode === "navigate") {
    var name = screenCache(url.pathname);
    if (name && /\/live$/.test(url.pathname)) { return; }
    if (!name && CONFIG.pages.indexOf(url.pathname) >= 0) { name = PAGES; }
    event.respondWith(page(event, name));
  } else if (url.pathname.indexOf(CONFIG.static) === 0 && url.searchParams.has("v")) {
    event.respondWith(asset(event));
  }
});
