"""The new-game dialog: players, names, who plays each seat, who starts, the seed.

It reads its own form and hands a `params.Settings` to `on_start`; it never touches the
game. Starting over a game in progress asks first; "Back to the game" and "Continue the
saved game" close it without a change, so there is always a way back by touch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from . import dialogs, params, saves
from .dom import by_id, esc, found, h, show


def random_seed() -> int:
    return int(window.Math.floor(window.Math.random() * 1_000_000)) + 1


class NewGameDialog:
    """`#newgame`: built once, filled from settings each time it opens."""

    def __init__(self, on: Callable[[Any, str, Any], None],
                 on_start: Callable[[params.Settings], None],
                 on_learn: Callable[[], None] | None = None) -> None:
        self.on_start = on_start
        self.on_learn = on_learn  # "Learn to play": the guided first game (ui.guide)
        self.learning = False  # the confirmation on screen is for "Learn to play"
        self.fallback_seed = 1
        self.game_on = False  # a game is in progress: starting asks first
        self.any_game = False  # there is a game to go back to
        # The seat rows are index.html's (js/early.js fills them in before Python is up).
        self.rows: list[dict[str, Any]] = []
        for row in document.querySelectorAll("#ng-seats .ng-seat"):
            self.rows.append({"row": row, "name": row.querySelector(".ng-name"),
                              "kind": row.querySelector(".ng-kind"), "chosen": False})
        for radio in document.querySelectorAll("#ng-form input[name=players]"):
            on(radio, "change", lambda e: self._count_changed())
        on("ng-reseed", "click", lambda e: self._reseed())
        on("ng-start", "click", lambda e: self._begin(learn=False))
        on("ng-learn", "click", lambda e: self._begin(learn=True))
        on("ng-confirm-yes", "click", lambda e: self._start(confirmed=True))
        on("ng-continue", "click", lambda e: dialogs.close("newgame"))
        on("ng-cancel", "click", lambda e: dialogs.close("newgame"))
        on("newgame", "cancel", self._cancel)
        on("ng-form", "input", lambda e: self._share())
        on("ng-form", "keydown", self._enter)
        on("ng-pass", "change", lambda e: setattr(self, "pass_touched", True))
        for row in self.rows:
            on(row["kind"], "change", lambda e, row=row: self._kind_chosen(row))
            on(row["name"], "input", lambda e: self._fill_first())
        self.pass_touched = False

    def _enter(self, event: Any) -> None:
        """Enter in a name or the seed starts the game, as in any form (the form has no
        submit button, so the browser did nothing: a keyboard play-tester)."""
        target = event.target
        if (event.key != "Enter" or event.isComposing or event.ctrlKey or event.metaKey
                or event.altKey or str(getattr(target, "tagName", "")).lower() != "input"
                or str(target.type) not in ("text", "number")):
            return
        event.preventDefault()
        start = by_id("ng-start")  # over a game in progress, it asks first (and focuses it)
        if not start.disabled and not start.hidden:
            start.click()

    def _cancel(self, event: Any) -> None:
        if not self.any_game:
            event.preventDefault()

    def _players(self) -> int:
        checked = document.querySelector("#ng-form input[name=players]:checked")
        try:
            return int(checked.value)
        except Exception:
            return 2

    def _default_pass(self) -> None:
        """The pass-the-device screen is on by default when two or more people play at
        this device (until the player sets it themselves)."""
        if self.pass_touched:
            return
        n = self._players()
        humans = sum(1 for r in self.rows[:n] if r["kind"].value == "human")
        by_id("ng-pass").checked = humans >= 2
        self._share()

    def _kind_chosen(self, row: dict[str, Any]) -> None:
        row["chosen"] = True
        self._default_pass()

    def _count_changed(self) -> None:
        """The player count chosen in the form: a seat it adds plays as the seat before it
        when that one is a computer, unless its player chose it here. Three players, two of
        them computers, made four with a person in the fourth seat, and a game of two
        people started unasked (a play-tester)."""
        n = self._players()
        for seat in range(1, n):
            row = self.rows[seat]
            before = self.rows[seat - 1]["kind"].value
            if row["row"].hidden and not row["chosen"] and before != "human":
                row["kind"].value = before
        self._players_changed()

    def _players_changed(self) -> None:
        n = self._players()
        for seat, row in enumerate(self.rows):
            show(row["row"], seat < n)
        self._fill_first()
        self._default_pass()
        self._share()

    def _fill_first(self) -> None:
        """"Who starts": a choice per player, named as typed (a rename left the names the
        form opened with), the choice kept while it still fits."""
        n = self._players()
        first = by_id("ng-first")
        keep = first.value
        first.replaceChildren(h("option", "Drawn by the seed", value=""))
        names = saves.distinct_names([params.clean_name(self.rows[seat]["name"].value, seat)
                                      for seat in range(n)])
        for seat, name in enumerate(names):
            first.append(h("option", name, value=str(seat)))
        first.value = keep if keep == "" or (keep.isdigit() and int(keep) < n) else ""

    def _reseed(self) -> None:
        by_id("ng-seed").value = str(random_seed())
        self._share()

    def read(self) -> params.Settings:
        """The settings the form shows now."""
        st = params.Settings()
        st.players = self._players()
        raw = str(by_id("ng-seed").value).strip()
        st.seed = int(raw) % (params.MAX_SEED + 1) if raw.isdigit() else self.fallback_seed
        st.names = [params.clean_name(r["name"].value, i) for i, r in enumerate(self.rows)]
        st.seats = [r["kind"].value if r["kind"].value in saves.SEAT_KINDS else "human"
                    for r in self.rows]
        first = by_id("ng-first").value
        st.first = int(first) if first.isdigit() and int(first) < st.players else None
        st.pass_device = bool(by_id("ng-pass").checked)
        return st

    def _share(self) -> None:
        st = self.read()
        # The whole address, to copy and send (the page's own name alone, "index.html?...",
        # read as jargon and led nowhere from another device). It may wrap only between its
        # settings (it broke inside names: "Ora/nge").
        here = str(window.location.href).split("#")[0].split("?")[0]
        base = here[:here.rfind("/") + 1]
        query = f"{base}index.html{params.query_of(st)}".split("&")
        by_id("ng-share").innerHTML = "The same deal for anyone, at this address: " + \
            "&amp;<wbr>".join(esc(part) for part in query)

    def open(self, st: params.Settings, can_continue: bool, game_on: bool,
             any_game: bool) -> None:
        """Show the dialog filled from `st`; `can_continue` offers "Continue the saved game"
        (the page opened on a link to another game), else "Back to the game" when there is
        a game to go back to."""
        self.game_on = game_on
        self.any_game = any_game
        self.fallback_seed = st.seed
        for radio in document.querySelectorAll("#ng-form input[name=players]"):
            radio.checked = radio.value == str(st.players)
        for seat, row in enumerate(self.rows):
            row["name"].value = st.names[seat] if seat < len(st.names) else ""
            row["kind"].value = st.seats[seat] if seat < len(st.seats) else "human"
        by_id("ng-seed").value = str(st.seed)
        by_id("ng-pass").checked = st.pass_device
        self.pass_touched = st.from_url or st.pass_device  # a link's choice stands
        self._players_changed()
        by_id("ng-first").value = "" if st.first is None else str(st.first)
        show(by_id("ng-continue"), can_continue and game_on)
        show(by_id("ng-cancel"), any_game and not (can_continue and game_on))
        show(by_id("ng-confirm"), False)
        show(by_id("ng-start"), True)
        show(by_id("ng-learn"), True)
        show(by_id("ng-import"), True)
        self._share()
        dialogs.close("gameover")
        dialogs.open_modal("newgame")
        # The focus on the player count chosen: the dialog's own first focus fell on "2",
        # where one Space changed a three-player table's count (a keyboard play-tester).
        chosen = document.querySelector("#ng-form input[name=players]:checked")
        if found(chosen):
            chosen.focus()

    def _begin(self, learn: bool) -> None:
        self.learning = learn and self.on_learn is not None
        self._start(confirmed=False)

    def _start(self, confirmed: bool) -> None:
        if self.game_on and not confirmed:
            show(by_id("ng-confirm"), True)
            # One way to start from here: the confirmation's (with Back to the game beside).
            show(by_id("ng-start"), False)
            show(by_id("ng-learn"), False)
            show(by_id("ng-import"), False)
            by_id("ng-confirm-yes").focus()
            return
        dialogs.close("newgame")
        dialogs.close("curtain")
        if self.learning and self.on_learn is not None:
            self.learning = False
            self.on_learn()
            return
        self.on_start(self.read())
