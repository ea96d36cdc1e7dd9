/*
 * The interpreter PyScript starts (pyscript.toml's `interpreter`): Pyodide, started from a
 * picture of its memory when that is quicker than starting it from scratch.
 *
 * Starting Python inside Pyodide (its runtime, the standard library's first imports, its
 * own packages) is the longest part of the page's start: about 2 s of this machine's
 * processor, on the page's main thread. tools/build_image.py runs that start once, at build
 * time (Pyodide under Node), and keeps the memory it leaves, gzipped, as
 * build/pyodide-image-<version>.gz (about 7 MB on the wire, 31 MB unpacked). Pyodide can
 * start again from such a picture (`_loadSnapshot`, an experimental option
 * of loadPyodide) in a fraction of the time; every file (the standard library, micropip,
 * the game's wheel) still comes as before.
 *
 * The picture costs its 7 MB before the start can use it, so it is used only when those
 * bytes are near:
 *  - the page is controlled by the service worker, which holds every file of the site
 *    (the picture too) since the first visit: every return, online or offline;
 *  - the page itself arrived whole within NEAR_MS of being asked for (the site is on
 *    this machine or its network, as with `make play`; over the internet one round trip
 *    alone takes longer).
 * Otherwise (a first visit over the internet) Python starts from scratch as before, and the
 * service worker's install then brings the picture for the next visit. If the picture is
 * missing, damaged or refused, Python starts from scratch too: it can only make a start
 * quicker, never stop one. `?image=off` starts from scratch, `?image=on` from the picture
 * wherever the site is (for the tests and the benchmark).
 *
 * <html data-python-start> says which start the page made, for the tests and the benchmark:
 * "image", "scratch" or "scratch-after-image" (the picture failed).
 */
import { loadPyodide as startPyodide, version } from "../runtime/pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../runtime/pyodide/", import.meta.url).href;
const IMAGE_URL = new URL(`../build/pyodide-image-${version}.gz`, import.meta.url).href;
const NEAR_MS = 25;

// How long the page itself took to arrive, from asking to its last byte (milliseconds);
// Infinity when unknown.
function pageTime() {
  try {
    const nav = performance.getEntriesByType("navigation")[0];
    if (!nav || !(nav.responseEnd > 0)) return Infinity;
    return nav.responseEnd - nav.requestStart;
  } catch (error) {
    return Infinity;
  }
}

function wanted() {
  if (typeof DecompressionStream !== "function") return false;
  const asked = /[?&]image=(on|off)\b/.exec(location.search);
  if (asked) return asked[1] === "on";
  const sw = typeof navigator !== "undefined" && navigator.serviceWorker;
  return Boolean(sw && sw.controller) || pageTime() < NEAR_MS;
}

// The picture, unpacked. A host that serves the .gz file with `Content-Encoding: gzip` has
// the browser unpack it already: its first bytes tell. (It is near, so it is read whole
// before it is unpacked.)
async function fetchImage() {
  const response = await fetch(IMAGE_URL);
  if (!response.ok) throw new Error(`${IMAGE_URL}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!(bytes[0] === 0x1f && bytes[1] === 0x8b)) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

// Asked for as soon as PyScript imports this module, so it downloads while PyScript reads
// its configuration and Pyodide's own files arrive.
let image = wanted() ? fetchImage() : null;
if (image) image.catch(() => {}); // a failure is handled where it is awaited

function mark(how) {
  if (typeof document !== "undefined") document.documentElement.dataset.pythonStart = how;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const picture = image;
  image = null; // its 31 MB are Python's memory once started: not kept twice
  if (picture) {
    try {
      const started = await startPyodide({ ...settings, _loadSnapshot: picture });
      mark("image");
      return started;
    } catch (error) {
      console.warn("Starting Python from its picture failed; starting it from scratch.", error);
      mark("scratch-after-image");
      return startPyodide(settings);
    }
  }
  mark("scratch");
  return startPyodide(settings);
}
