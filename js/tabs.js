/*
 * The game and the rules page in two tabs of one browser.
 *
 * Every link to the rules opens them in a tab of their own, so the game keeps its place.
 * "Back to the game" on that tab then closes it, and the browser shows the game's tab
 * again, instead of loading a second copy of the game (Python starts again in it, for
 * many seconds). It closes the tab only when both hold:
 *  - a game page of this site answers on the BroadcastChannel below (it is still open);
 *  - the rules tab has no page to go back to (it was opened for the rules alone, the only
 *    kind of tab a script may close).
 * Otherwise the link is followed as any link. The game page answers from this same file.
 * A browser lets a script close only a tab with one page in its history, and each of the
 * rules' own links (the contents, "↑ Contents") added one: in a tab opened for the rules,
 * they replace the page's place in the history instead of adding to it.
 * Plain JavaScript without Python: the answer must come while Python starts.
 */
(function () {
  "use strict";

  var CHANNEL = "cakegame.tabs";
  var ASK = "game?";
  var HERE = "game!";
  if (typeof BroadcastChannel !== "function") return;
  var channel = new BroadcastChannel(CHANNEL);
  var backs = document.querySelectorAll("a[data-back-to-game]");

  if (!backs.length) {  // the game page
    channel.onmessage = function (e) { if (e.data === ASK) channel.postMessage(HERE); };
    return;
  }

  var alone = window.history.length <= 1;  // this tab was opened for the rules
  if (alone) {
    document.addEventListener("click", function (e) {
      var link = e.target && e.target.closest ? e.target.closest('a[href^="#"]') : null;
      if (!link || e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey ||
          e.shiftKey || e.altKey) return;
      e.preventDefault();
      window.location.replace(link.getAttribute("href"));
    });
  }

  var gameOpen = false;
  channel.onmessage = function (e) { if (e.data === HERE) gameOpen = true; };
  channel.postMessage(ASK);

  function back(e) {
    if (!gameOpen || !alone || window.history.length > 1 || e.button !== 0 || e.ctrlKey ||
        e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    var href = e.currentTarget.href;
    window.close();
    // Still here: the browser kept the tab open. Go to the game as the link says.
    window.setTimeout(function () { window.location.href = href; }, 200);
  }
  for (var i = 0; i < backs.length; i++) backs[i].addEventListener("click", back);
})();
