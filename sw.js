/*
 * Service worker: the game works offline after one visit.
 *
 * sw-precache.js is generated at build time (tools/gen_precache.py) and sets
 * self.PRECACHE = {version, files}: every file of the site (page, css, js, assets, the
 * Python files, the ~15 MB runtime) and a hash of their contents. The browser compares
 * sw.js and its imported scripts byte for byte on each visit, so a new deploy changes the
 * version, installs a new worker and leaves it WAITING: js/boot.js offers the update to the
 * player, who decides when to reload (message {type: "skip-waiting"}).
 *
 * Cache-first for every GET of this origin; anything not precached is stored on first use.
 */
/* global PRECACHE */
importScripts("./sw-precache.js");

var PREFIX = "cake-";
var CACHE = PREFIX + PRECACHE.version;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      // no-cache: revalidate with the server, so the HTTP cache cannot mix in old files.
      return cache.addAll(PRECACHE.files.map(function (url) {
        return new Request(url, { cache: "no-cache" });
      }));
    })
  );
  // No skipWaiting() here: an update waits until the player accepts it.
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key.indexOf(PREFIX) === 0 && key !== CACHE;
      }).map(function (key) { return caches.delete(key); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  else if (data.type === "version" && event.source) {
    event.source.postMessage({ type: "version", version: PRECACHE.version });
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  var navigate = request.mode === "navigate";
  event.respondWith(caches.open(CACHE).then(function (cache) {
    // A page's query (index.html?players=3&seed=42) does not change the file.
    return cache.match(request, { ignoreSearch: navigate }).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.status === 200 && response.type === "basic") {
          cache.put(request, response.clone());
        }
        return response;
      }, function (error) {
        if (navigate) {
          return cache.match("./index.html").then(function (page) {
            if (page) return page;
            throw error;
          });
        }
        throw error;
      });
    });
  }));
});
