"""The page's controller: the game in progress, the turn loop, saves, dialogs and panels.

One rule runs through it: every fact about the game comes from the engine's State, and every
change goes through `State.apply`. The DOM is only ever written, never read back for game
facts. After each redraw `#status[data-ready]` counts up, so tests know the page has settled.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import cakegame
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from . import bots_bridge, guide, history, labels, params, saves, sharelink, story, targets
from . import record as recordmod
from .board import Board, Mark
from .coach import Coach
from .dom import Store, Texts, by_id, found, h, markup, show
from .replay import Replay
from .review import ReviewDialog
from .sharing import ShareDialog

BOT_PACE_S = 0.7  # a bot's actions are played at a pace a person can follow


class App:
    """The game on the page."""

    def __init__(self) -> None:
        self.store = Store()
        self.board = Board(by_id("lab"), by_id("chambers"))
        self.state: Any = None
        self.states: list[Any] = []  # the undo window: states[0] .. states[-1] == state
        self.actions: list[str] = []  # actions between consecutive states of the window
        self.log: list[list[Any]] = []
        self.log_parts: list[str] = []  # each log entry as JSON, for cheap saves
        self.log_shown = 0
        self.seats: list[str] = []
        self.ui: dict[str, Any] = {"pass_device": False, "revealed": None}
        self.selected: str | None = None
        self.ready = 0
        self.bot_token = 0
        self.bot_pace = BOT_PACE_S
        self.save_blocked = False  # a broken save could not be kept aside: never overwrite it
        self.choices_key: tuple = ()
        self.hand_key: tuple = ()
        self.players_key: tuple = ()
        self.piles_key: tuple = ()
        self.settings = params.Settings()
        self.gameover_shown = False
        self._proxies: list[Any] = []
        self.listed_for: Any = None  # the state whose legal actions `listed` holds
        self.listed: frozenset[str] = frozenset()
        self.pending_message: tuple[str, str] | None = None
        self.last_action = ""  # the text of the action played last (outlined on the board)
        self.texts = Texts()  # writes that skip unchanged texts and classes
        self.save_due = False  # a click's save waits until the redraw is on screen
        self._save_proxy: Any = None
        self.player_rows: tuple = ()  # what each division's cells show now
        self.record: recordmod.Record | None = None  # the whole game, for replays and links
        self.hold_saves = False  # a shared link is being looked at: write nothing yet
        self.learn = False  # the new-game screen's "Learn to play" was pressed

    # ---- start-up ------------------------------------------------------------------------
    def start(self) -> None:
        """Wire the page, then resume the saved game or open the new-game screen."""
        placeholder = by_id("lab-placeholder")
        if found(placeholder):
            placeholder.remove()
        self._wire()
        random_seed = int(window.Math.floor(window.Math.random() * 1_000_000)) + 1
        self.settings = params.parse_query(window.location.search, random_seed)
        if self.settings.bot_pace_ms is not None:
            self.bot_pace = self.settings.bot_pace_ms / 1000
        fragment = str(window.location.hash or "")
        shared = sharelink.is_share(fragment)
        self.hold_saves = shared  # nothing is written until the player plays or continues
        save = self._read_save()
        for el_id in ("btn-new", "btn-export", "btn-import", "btn-review", "btn-share"):
            by_id(el_id).disabled = False
        if shared:
            if save is not None:
                self._resume(save)
            else:
                self._render_empty()
            self.open_link(fragment)
            return
        if save is not None:
            same = (self.settings.players == save.state.players
                    and self.settings.seed == save.state.seed)
            self._resume(save)
            if self.settings.from_url and not same:
                self.open_newgame(can_continue=True)
            return
        if self.settings.from_url and self.pending_message is None:
            self.new_game(self.settings)
            return
        self._render_empty()
        self.open_newgame(can_continue=False)
        if self.pending_message is not None:
            self.message(*self.pending_message)  # opened last: on top of the new-game screen
            self.pending_message = None

    def _on(self, el: Any, event: str, handler: Any) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        el.addEventListener(event, proxy)

    def _wire(self) -> None:
        self._on(document, "click", self.on_click)
        self._on(document, "keydown", self.on_key)
        self._on(by_id("btn-undo"), "click", lambda e: self.undo())
        self._on(by_id("btn-new"), "click", lambda e: self.open_newgame(can_continue=False))
        self._on(by_id("btn-export"), "click", lambda e: self.export())
        self._on(by_id("btn-import"), "click", lambda e: by_id("import-file").click())
        self._on(by_id("import-file"), "change", self.on_import)
        self._on(by_id("msg-ok"), "click", lambda e: self._close("message"))
        self._on(by_id("curtain-go"), "click", lambda e: self.reveal())
        self._on(by_id("curtain"), "cancel", lambda e: e.preventDefault())
        self._on(by_id("go-close"), "click", lambda e: self._close("gameover"))
        self._on(by_id("go-again"), "click", lambda e: self.play_again())
        self._on(by_id("go-review"), "click", lambda e: self.open_review())
        self._on(by_id("btn-review"), "click", lambda e: self.open_review())
        self._on(by_id("btn-share"), "click", lambda e: self.share())
        self._on(by_id("ng-learn"), "click", lambda e: self._ng_learn())
        self.review = ReviewDialog(self._on, self.continue_from, self.share_record,
                                   on_step=self._bump)
        self.sharer = ShareDialog(self._on)
        self.coach = Coach(self._on, by_id("lab"), self.close_tip, self.leave_guide)
        # A click's save runs just after its redraw (save_soon); leaving or hiding the page
        # first (a reload, closing the tab, switching apps on a phone) saves at once.
        self._on(window, "pagehide", lambda e: self.flush_save())
        self._on(document, "visibilitychange", lambda e: self.flush_save())
        self._save_proxy = create_proxy(self.flush_save)
        self._proxies.append(self._save_proxy)
        self._wire_newgame()

    # ---- saves ---------------------------------------------------------------------------
    def _read_save(self) -> saves.Save | None:
        raw = self.store.get(saves.SAVE_KEY)
        if raw is None:
            if not self.store.available:
                self._save_state(self.store.problem or "cannot save")
            return None
        try:
            return saves.decode(raw)
        except saves.SaveError as error:
            kept = self._keep_aside(raw)
            where = (f"It was kept aside in this browser's storage as “{kept}”."
                     if kept else "It could not be copied aside, so it is left untouched and "
                     "this game will not be saved over it.")
            self.pending_message = (
                "Your saved game could not be resumed",
                f"The saved game could not be resumed: {error}. {where} "
                "You can start a new game.")
            return None

    def _keep_aside(self, raw: str) -> str | None:
        stamp = int(window.Date.now())
        key = f"{saves.BROKEN_PREFIX}{stamp}"
        n = 1
        while self.store.has(key):
            key = f"{saves.BROKEN_PREFIX}{stamp}.{n}"
            n += 1
        if self.store.set(key, raw) and self.store.get(key) == raw:
            return key
        self.save_blocked = True
        return None

    def save_text(self) -> str:
        base = self.states[0] if len(self.states) > 1 else None
        return saves.encode(self.state, self.seats, undo_base=base, undo_actions=self.actions,
                            ui=self.ui, log_json="[" + ",".join(self.log_parts) + "]",
                            record=self.record)

    def save(self) -> None:
        """Write the game to localStorage now (see save_soon for a click's save)."""
        self.save_due = False
        if self.state is None or self.hold_saves:
            return
        if self.save_blocked:
            self._save_state("not saved: an old save could not be kept aside")
            return
        if self.store.set(saves.SAVE_KEY, self.save_text()):
            self._save_state("")
        else:
            self._save_state(self.store.problem or "cannot save")

    def save_soon(self) -> None:
        """Save once the browser has run the click's redraw: the JSON of the game (tens of
        kilobytes late in a game) and the storage write then stay out of the click's time.

        `setTimeout(0)` runs in the next task, before any later input or page script, so a
        save is never more than one task behind; `pagehide` and `visibilitychange` flush it
        too, so a reload or a closed tab resumes the very state on the screen. Several
        clicks before it runs make one save of the latest state.
        """
        if self.save_due:
            return
        self.save_due = True
        window.setTimeout(self._save_proxy, 0)

    def flush_save(self, *_: Any) -> None:
        """Run a pending save_soon now (no-op if none is pending)."""
        if self.save_due:
            self.save()

    def _save_state(self, problem: str) -> None:
        if problem:
            self.texts.text("save-state", f"Not saved: {problem}")
            self.texts.cls("save-state", "save-state bad")
        else:
            self.texts.text("save-state", "Saved")
            self.texts.cls("save-state", "save-state ok")

    def _resume(self, save: saves.Save) -> None:
        self.state = save.state
        self.seats = list(save.seats)
        self.ui = {"pass_device": bool(save.ui.get("pass_device", False)),
                   "revealed": save.ui.get("revealed")}
        if isinstance(save.ui.get("guide"), dict):
            self.ui["guide"] = save.ui["guide"]
        self.record = save.record
        if save.undo_base is not None:
            s = save.undo_base
            self.states = [s]
            for a in save.undo_actions:
                s = s.apply(a)
                self.states.append(s)
            self.actions = list(save.undo_actions)
        else:
            self.states = [save.state]
            self.actions = []
        self._set_log(save.log)
        self.selected = None
        self.gameover_shown = False
        self._game_started()
        self.render()
        self.save()

    def _set_log(self, log: list[list[Any]]) -> None:
        self.log = [list(e) for e in log]
        self.log_parts = [json.dumps(e, separators=(",", ":")) for e in self.log]
        self.log_shown = 0
        by_id("log").replaceChildren()

    # ---- a new game ----------------------------------------------------------------------
    def new_game(self, settings: params.Settings) -> None:
        names = settings.game_names()
        try:
            state = cakegame.new_game(players=settings.players, seed=settings.seed,
                                      names=names, first_player=settings.first)
        except ValueError as error:
            self.message("The game could not start", str(error))
            return
        self.settings = settings
        self.state = state
        self.states = [state]
        self.actions = []
        self.seats = settings.game_seats()
        self.ui = {"pass_device": settings.pass_device, "revealed": None}
        self.record = recordmod.Record(settings.players, settings.seed, names, settings.first,
                                       list(self.seats), [])
        self.hold_saves = False
        self._set_log([])
        self.selected = None
        self.gameover_shown = False
        try:
            window.history.replaceState(None, "", params.query_of(settings))
        except Exception:
            pass
        self._game_started()
        self.render()
        self.save()

    def _game_started(self) -> None:
        self.last_action = ""
        self.players_key = ()
        self.hand_key = ()
        self.choices_key = ()
        self.piles_key = ()
        self.bot_token += 1
        self._build_players()

    # ---- playing -------------------------------------------------------------------------
    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat] == "human"

    def apply(self, text: str) -> None:
        """Apply an action the engine lists; explain (and change nothing) if it is refused."""
        s = self.state
        if s is None or s.is_over:
            return
        seat = s.current_player
        try:
            if s is self.listed_for and text in self.listed:
                # Listed by this very state's legal_actions(): skip the second legality check.
                new = s.apply_unchecked(cakegame.Action.parse(text))
            else:
                new = s.apply(text)
        except cakegame.IllegalActionError as error:
            self.notice(f"Not possible: {error}")
            return
        entry = [s.turn_number, seat, s.describe(text)]
        self.hold_saves = False
        if self.record is not None:
            self.record.actions.append(text)
        if self.is_human(seat):
            guide.acted(self.ui)
        self.log.append(entry)
        self.log_parts.append(json.dumps(entry, separators=(",", ":")))
        self.states.append(new)
        self.actions.append(text)
        depth = history.undo_depth(self.states)
        if len(self.states) > depth + 1:
            cut = len(self.states) - depth - 1
            self.states = self.states[cut:]
            self.actions = self.actions[cut:]
        self.state = new
        self.last_action = text
        self.selected = None
        self.notice("")
        self.render()
        self.save_soon()

    def undo(self) -> None:
        s = self.state
        if s is None or not self.is_human(s.current_player) or len(self.states) < 2:
            return
        if history.undo_depth(self.states) < 1:
            return
        self.states.pop()
        undone = self.actions.pop()
        if self.record is not None and self.record.actions:
            self.record.actions.pop()
        self.state = self.states[-1]
        self.last_action = self.actions[-1] if self.actions else ""
        if self.log:
            self.log.pop()
            self.log_parts.pop()
        self.selected = None
        self.notice(f"Undone: {undone}")
        self.render()
        self.save_soon()

    def select(self, letter: str | None) -> None:
        self.selected = letter
        self.render()

    def reveal(self) -> None:
        if self.state is not None:
            self.ui["revealed"] = self.state.current_player
        self._close("curtain")
        self.render()
        self.save()

    def explain(self, letter: str) -> None:
        """A click on a chamber that is not a target: say why, change nothing."""
        s = self.state
        if s is None:
            return
        if s.is_over:
            self.notice("The game is over.")
            return
        seat = s.current_player
        if not self.is_human(seat):
            self.notice(f"{s.names[seat]} (a computer player) is deciding now.")
            return
        t = targets.sort_actions([str(a) for a in s.legal_actions()])
        guess = targets.guess_text(t, s.decision, letter)
        if guess is None:
            self.notice(f"Chamber {letter} is not a choice now: {s.prompt()}, with the "
                        "buttons above the lab.")
            return
        try:
            s.apply(guess)
        except cakegame.IllegalActionError as error:
            self.notice(f"Chamber {letter}: {error}")
            return
        self.notice(f"Chamber {letter} is not a choice now.")

    # ---- events --------------------------------------------------------------------------
    def on_click(self, event: Any) -> None:
        target = event.target
        if not found(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-action]")
        if found(el):
            if el.hasAttribute("disabled"):
                return
            if found(el.closest("dialog:not([open])")):
                return
            event.preventDefault()
            self.apply(el.getAttribute("data-action"))
            return
        el = target.closest("[data-select]")
        if found(el):
            self.select(el.getAttribute("data-select"))
            return
        el = target.closest("[data-back]")
        if found(el):
            self.select(None)
            return
        el = target.closest("#log .log-entry")
        if found(el):
            self.open_review(at=int(el.getAttribute("data-step") or 0) or None)
            return
        el = target.closest("#lab .chamber")
        if found(el):
            letter = el.getAttribute("data-letter")
            if letter == self.selected:
                self.select(None)  # a second click on the chosen chamber lets it go
            else:
                self.explain(letter)

    def on_key(self, event: Any) -> None:
        key = event.key
        target = event.target
        tag = str(getattr(target, "tagName", "") or "").lower()
        typing = tag in ("input", "select", "textarea")
        if key in ("Enter", " ") and found(target) and hasattr(target, "closest"):
            chamber = target.closest(".chamber")
            if found(chamber):
                event.preventDefault()
                self.on_click(event)
                return
        if typing or event.ctrlKey or event.metaKey or event.altKey or self.review.is_open:
            return
        if key in ("u", "U"):
            self.undo()
        elif key == "Escape" and self.selected is not None:
            self.select(None)

    # ---- drawing -------------------------------------------------------------------------
    def _render_empty(self) -> None:
        self.texts.text("status", "Choose the players to start a game.")
        self._bump()

    def _bump(self) -> None:
        self.ready += 1
        by_id("status").setAttribute("data-ready", str(self.ready))

    def render(self) -> None:
        """Redraw everything from the state (only the parts that changed are touched)."""
        s = self.state
        if s is None:
            self._render_empty()
            return
        over = s.is_over
        seat = s.current_player
        human = not over and self.is_human(seat)
        curtain = human and self._needs_curtain(seat)
        texts = [str(a) for a in s.legal_actions()] if human and not curtain else []
        self.listed_for, self.listed = s, frozenset(texts)
        t = targets.sort_actions(texts)
        step = targets.second_step(t, self.selected) if self.selected else None
        if self.selected and step is None:
            self.selected = None
        marks: dict[str, Mark] = {}
        if step is not None:
            marks[step.source] = Mark("selected", None, f"Chamber {step.source}, selected")
            for letter, action in step.chambers.items():
                marks[letter] = Mark("second", action)
        else:
            for letter, acts in t.board.items():
                if len(acts) == 1:
                    marks[letter] = Mark("target", acts[0])
                else:
                    marks[letter] = Mark("multi", None, f"Chamber {letter}: {len(acts)} choices")
        last = frozenset(w for w in self.last_action.split()[1:] if len(w) == 1 and w.isalpha())
        source = s.pending.get("src") if s.decision in ("move", "carry") else None
        self.board.render(s, marks, dim=bool(marks), last=last, source=source,
                          describe=s.describe)
        self._render_status(s, human, curtain)
        self._render_choices(s, t, step, texts)
        self._render_players(s)
        self._render_piles(s)
        self._render_hand(s, human and not curtain, t)
        self._render_log(s)
        undo_ok = human and not curtain and history.undo_depth(self.states) > 0
        self.texts.prop("btn-undo", "disabled", not undo_ok)
        if curtain:
            self._open_curtain(s.names[seat])
        self.coach.show(guide.next_tip(self.ui, s, texts) if texts else None, s)
        if over and not self.gameover_shown:
            self.gameover_shown = True
            self._show_gameover(s)
        self._bump()
        if not over and not human:
            self._schedule_bot()

    def _needs_curtain(self, seat: int) -> bool:
        humans = sum(1 for k in self.seats if k == "human")
        return bool(self.ui.get("pass_device")) and humans >= 2 and self.ui.get("revealed") != seat

    def _render_status(self, s: Any, human: bool, curtain: bool) -> None:
        if s.is_over:
            o = s.outcome
            winners = " and ".join(s.names[w] for w in o.winners)
            verb = "win" if len(o.winners) > 1 else "wins"
            self.texts.text("status", f"Game over: {winners} {verb}.")
            self.texts.cls("status-chip", "chip over")
            return
        seat = s.current_player
        self.texts.cls("status-chip", f"chip d{seat} shape{seat}")
        name = s.names[seat]
        if curtain:
            text = f"{name}: take the device, then press “Show my hand”"
        elif human:
            text = f"{name}: {s.prompt()}"
        else:
            text = f"{name} ({self.seats[seat]} computer player) is thinking: {s.prompt()}"
        self.texts.text("status", text)

    def _render_choices(self, s: Any, t: targets.Targets, step: Any, texts: list[str]) -> None:
        key = (tuple(texts), self.selected, s.turn_number, s.decision)
        if key == self.choices_key:
            return
        self.choices_key = key
        by_id("choices").innerHTML = "".join(self._choices_markup(s, t, step, texts))

    def _choices_markup(self, s: Any, t: targets.Targets, step: Any,
                        texts: list[str]) -> list[str]:
        """The choices bar as escaped markup: one DOM call draws it."""
        out: list[str] = []
        names = s.names
        if step is not None:
            out.append(markup("span", f"Chamber {step.source}:", "choice-label"))
            for a in step.buttons:
                out.append(self._action_button(s, a, names))
            if step.chambers:
                out.append(markup("span", "now click the chamber to move it to", "choice-label"))
            out.append(markup("button", "Back", "back", type="button", data_back=True))
            return out
        if not texts:
            return out
        hints = []
        if t.board:
            n = len(t.board)
            hints.append(f"click a highlighted chamber ({n} choice{'s' if n != 1 else ''})")
        if t.cards:
            hints.append("use a card in your hand")
        if hints:
            text = " or ".join(hints)
            text = text[0].upper() + text[1:] + (", or choose:" if t.buttons else ".")
            out.append(markup("span", text, "choice-label hint"))
        for a in t.buttons:
            out.append(self._action_button(s, a, names))
        return out

    @staticmethod
    def _action_button(s: Any, text: str, names: Any, cls: str = "act") -> str:
        """A button that applies `text`, as markup (names are escaped)."""
        label = labels.button_label(text, names)
        return markup("button", label, cls, type="button", data_action=text,
                      title=s.describe(text))

    def _build_players(self) -> None:
        box = by_id("players")
        box.replaceChildren()
        self.player_rows = ()
        s = self.state
        self._player_cells: list[dict[str, Any]] = []
        for seat in range(s.players):
            card = h("div", None, f"division d{seat}")
            top = h("div", None, "division-top")
            top.append(h("span", None, f"chip d{seat} shape{seat}"))
            top.append(h("strong", s.names[seat], "pname"))
            if s.names[seat] != labels.DIVISION_NAMES[seat]:
                top.append(h("span", labels.DIVISION_NAMES[seat], "muted small"))
            kind = h("select", None, "seat-kind", aria_label=f"Who plays {s.names[seat]}")
            for k in saves.SEAT_KINDS:
                text = "Human" if k == "human" else f"Computer ({k})"
                opt = h("option", text, value=k)
                if k == self.seats[seat]:
                    opt.selected = True
                kind.append(opt)
            self._on(kind, "change", lambda e, seat=seat: self.set_seat(seat, e.target.value))
            top.append(kind)
            card.append(top)
            stats = h("dl", None, "stats")
            cells = {}
            for key, label in (("subjects", "Subjects lab / supply"),
                               ("cake", "Cake lab / supply / burnt"), ("hand", "Cards")):
                stats.append(h("dt", label))
                dd = h("dd", "")
                stats.append(dd)
                cells[key] = dd
            cells["card"] = card
            card.append(stats)
            box.append(card)
            self._player_cells.append(cells)

    def set_seat(self, seat: int, kind: str) -> None:
        """Hand a seat to a bot, or take it back, mid-game."""
        if kind not in saves.SEAT_KINDS or self.state is None:
            return
        self.seats[seat] = kind
        if self.record is not None and seat < len(self.record.seats):
            self.record.seats[seat] = kind
        self.bot_token += 1
        self.choices_key = ()
        self.hand_key = ()
        self.render()
        self.save()

    def _render_players(self, s: Any) -> None:
        lab_s, lab_c = s.subjects_in_lab(), s.cake_in_lab()
        rows = tuple((lab_s[i], s.supply(i), lab_c[i], s.cake_supply(i), s.incinerated(i),
                      s.hand_size(i)) for i in range(s.players))
        key = (rows, s.current_player, s.turn, s.turn_number)
        if key == self.players_key:
            return
        self.players_key = key
        self.texts.text("players-h", f"Divisions · turn {s.turn_number}")
        shown = self.player_rows
        now = []
        for seat, cells in enumerate(self._player_cells):
            a, b, c, d, e, f = rows[seat]
            cls = f"division d{seat}"
            if seat == s.current_player:
                cls += " acting"
            if seat == s.turn:
                cls += " turn"
            row = (f"{a} / {b}", f"{c} / {d} / {e}", str(f), cls)
            now.append(row)
            old = shown[seat] if seat < len(shown) else (None, None, None, None)
            if row[0] != old[0]:
                cells["subjects"].textContent = row[0]
            if row[1] != old[1]:
                cells["cake"].textContent = row[1]
            if row[2] != old[2]:
                cells["hand"].textContent = row[2]
            if row[3] != old[3]:
                cells["card"].className = row[3]
        self.player_rows = tuple(now)

    def _render_piles(self, s: Any) -> None:
        char = s.character
        key = (s.deck_size, s.deck_top, char.id if char else None, len(s.discard),
               tuple(s.incinerated(i) for i in range(s.players)))
        if key == self.piles_key:
            return
        old = self.piles_key
        self.piles_key = key
        if not old or old[:2] != key[:2]:
            top = labels.CARD_NAMES.get(s.deck_top) if s.deck_top else None
            by_id("deck").innerHTML = (
                markup("h3", f"Deck: {s.deck_size} card{'s' if s.deck_size != 1 else ''}")
                + (self._card_side(top, "action", "On top (face up)") if top is not None
                   else markup("p", "Empty", "muted")))
        if not old or old[2:4] != key[2:4]:
            by_id("discard").innerHTML = (
                markup("h3", f"Discard pile: {len(s.discard)}")
                + (self._card_side(char, "character", "Active Character: rules for all")
                   if char is not None else markup("p", "No Character is active yet.", "muted")))
        if not old or old[4:] != key[4:]:
            items = "".join(
                markup("span", None, "burnt-item",
                       inner=markup("span", None, f"chip d{seat} shape{seat}")
                       + markup("span", f"{s.incinerated(seat)}/8"))
                for seat in range(s.players))
            by_id("incinerator").innerHTML = (markup("h3", "Cake incinerator")
                                              + markup("p", None, "burnt", inner=items))

    @staticmethod
    def _card_side(card: Any, side: str, caption: str) -> str:
        """One side of a card, as markup."""
        if side == "action":
            title, text = f"{card.name}: {card.action_title}", card.action_text
        else:
            title, text = f"{card.name}: {card.character_title}", card.character_text
        return markup("div", None, f"card-side {side}",
                      inner=markup("p", caption, "caption") + markup("p", title, "card-title")
                      + markup("p", text, "card-text"))

    def _render_hand(self, s: Any, visible: bool, t: targets.Targets) -> None:
        seat = s.current_player if not s.is_over else None
        hand = s.hand(seat) if seat is not None and visible else ()
        key = (seat, visible, hand, s.fresh(seat) if seat is not None else 0,
               tuple(sorted((k, tuple(v)) for k, v in t.cards.items())))
        if key == self.hand_key:
            return
        self.hand_key = key
        box = by_id("hand")
        if seat is None:
            self.texts.text("hand-h", "Hand")
            box.replaceChildren()
            return
        self.texts.text("hand-h", f"Hand of {s.names[seat]}")
        if not visible:
            count = s.hand_size(seat)
            box.innerHTML = markup("p", f"{count} card{'s' if count != 1 else ''}, face down.",
                                   "muted")
            return
        if not hand:
            box.innerHTML = markup("p", "No cards.", "muted")
            return
        fresh = s.fresh(seat)
        out: list[str] = []
        for i, cid in enumerate(hand):
            card = labels.CARD_NAMES.get(cid)
            if card is None:
                continue
            head = markup("strong", card.name)
            if i >= len(hand) - fresh:
                head += markup("span", "new: from your next turn", "fresh")
            inner = (markup("header", None, "card-head", inner=head)
                     + self._card_side(card, "action", "Aperture action")
                     + self._card_side(card, "character", "Character"))
            acts = t.cards.get(cid, [])
            if acts:
                inner += markup("div", None, "card-buttons",
                                inner="".join(self._action_button(s, a, s.names) for a in acts))
            out.append(markup("article", None, "card", inner=inner))
        box.innerHTML = "".join(out)

    def _render_log(self, s: Any) -> None:
        """Append the new log entries (one DOM call), or drop undone ones from the end."""
        box = by_id("log")
        while self.log_shown > len(self.log):
            box.lastElementChild.remove()
            self.log_shown -= 1
        new = []
        offset = (len(self.record.actions) - len(self.log)) if self.record is not None else None
        for i, entry in enumerate(self.log[self.log_shown:], start=self.log_shown + 1):
            turn, seat, text = entry
            chip = (markup("span", None, f"chip d{seat} shape{seat}")
                    if isinstance(seat, int) and 0 <= seat < 4 else "")
            step = str(i + offset) if offset is not None and offset >= 0 else None
            new.append(markup("li", None, "log-entry", inner=chip
                              + markup("span", f"Turn {turn}. ", "muted") + markup("span", text),
                              data_step=step, title="Replay from here" if step else None))
        if new:
            box.insertAdjacentHTML("beforeend", "".join(new))
        # No scrolling from here: reading scrollHeight would force a layout on every click.
        # The log's scroll box is a reversed flex column, which keeps the newest in view.
        self.log_shown = len(self.log)

    # ---- notices and dialogs -------------------------------------------------------------
    def notice(self, text: str) -> None:
        self.texts.text("notice", text)
        self.texts.prop("notice", "hidden", not text)

    def message(self, title: str, text: str) -> None:
        by_id("msg-title").textContent = title
        by_id("msg-text").textContent = text
        self._open("message")

    def _open(self, dialog_id: str) -> None:
        d = by_id(dialog_id)
        if not d.open:
            try:
                d.showModal()
            except Exception:
                d.setAttribute("open", "")

    def _close(self, dialog_id: str) -> None:
        d = by_id(dialog_id)
        if d.open:
            d.close()

    def _open_curtain(self, name: str) -> None:
        by_id("curtain-title").textContent = f"Pass the device to {name}"
        by_id("curtain-text").textContent = (
            f"{name}, your hand is hidden until you are ready. Everyone else: look away.")
        by_id("curtain-go").textContent = f"I am {name}: show my hand"
        self._open("curtain")

    def _show_gameover(self, s: Any) -> None:
        o = s.outcome
        names = [s.names[w] for w in o.winners]
        if len(names) == 1:
            by_id("go-winners").textContent = f"{names[0]} wins!"
        else:
            by_id("go-winners").textContent = "Shared win: " + " and ".join(names) + "!"
        who = s.names[o.seat] if o.seat is not None else ""
        by_id("go-reason").textContent = (
            "The game ended because " + labels.reason_text(o.reason.value, who) + ".")
        by_id("go-ending").textContent = ""
        show(by_id("go-story"), False)
        try:
            states = self.record.states() if self.record is not None else None
        except recordmod.RecordError:
            states = None
        if states is not None and states[-1] == s:
            ending = story.ending(states, self.record.actions)
            if ending:
                by_id("go-ending").textContent = f"The last action: {ending}."
            by_id("go-chart").innerHTML = story.chart_svg(states, self.record.actions)
            show(by_id("go-story"), True)
        show(by_id("go-review"), states is not None)
        table = by_id("go-table")
        table.replaceChildren()
        head = h("tr")
        for text in ("Division", "Cake in the lab", "Test Subjects in the lab"):
            head.append(h("th", text))
        table.append(head)
        for seat in range(s.players):
            row = h("tr", None, "winner" if seat in o.winners else "")
            cell = h("td")
            cell.append(h("span", None, f"chip d{seat} shape{seat}"))
            cell.append(h("span", s.names[seat]))
            row.append(cell)
            row.append(h("td", str(o.cake[seat])))
            row.append(h("td", str(o.subjects[seat])))
            table.append(row)
        self._open("gameover")

    # ---- replay, share links, the guide -----------------------------------------------------
    def open_review(self, at: int | None = None) -> None:
        """The replay of this game (any moment of it), from its record."""
        if self.state is None:
            return
        if self.record is None:
            self.message("No replay for this game", "This game was saved before the page "
                         "kept whole games (or its history was damaged), so only its "
                         "present position is known.")
            return
        try:
            states = recordmod.check(self.record, self.state)
        except recordmod.RecordError as error:
            self.message("No replay for this game", f"Its history cannot be replayed: {error}.")
            return
        self._close("gameover")
        self.review.open(Replay(self.record, states), "game", at)

    def open_link(self, fragment: str) -> None:
        """Open a shared game (the URL's fragment) as a replay; refuse a bad link with words
        and leave everything saved as it was."""
        try:
            rec = sharelink.decode(fragment)
            replay = Replay(rec)
        except (sharelink.LinkError, recordmod.RecordError) as error:
            self.message("This link cannot be opened",
                         f"This game link cannot be opened: {error}. Nothing saved in this "
                         "browser was changed.")
            if self.state is None:
                self.open_newgame(can_continue=False)
                self._open("message")  # on top of the new-game screen
            return
        self.review.open(replay, "link", 0)

    def share(self) -> None:
        if self.state is None:
            return
        if self.record is None:
            self.message("No link for this game", "This game was saved before the page kept "
                         "whole games, so it cannot be shared as a link. Export still works.")
            return
        self.share_record(self.record, not self.state.is_over)

    def share_record(self, rec: recordmod.Record, in_progress: bool) -> None:
        self.sharer.open(rec, in_progress)

    def continue_from(self, rec: recordmod.Record, source: str) -> None:
        """A new game from a replay's moment; the game saved now is kept aside first."""
        try:
            replay = Replay(rec)
        except recordmod.RecordError as error:
            self.message("The game could not continue", str(error))
            return
        kept = None
        raw = self.store.get(saves.SAVE_KEY)
        if raw is not None and not self.save_blocked:
            stamp = int(window.Date.now())
            kept = f"cakegame.save.kept.{stamp}"
            if not (self.store.set(kept, raw) and self.store.get(kept) == raw):
                self.message("The game could not continue", "The game saved now could not be "
                             "kept aside (storage is full or blocked), so it was left as it "
                             "was.")
                return
        self.hold_saves = False
        self.record = rec
        self.state = replay.state
        self.states = [self.state]
        self.actions = []
        self.seats = list(rec.seats)
        self.ui = {"pass_device": False, "revealed": None}
        self._set_log([[st.turn, st.seat, st.sentence] for st in replay.steps()])
        self.selected = None
        self.gameover_shown = self.state.is_over
        self._close("newgame")
        self._game_started()
        self.render()
        self.save()
        where = f"from action {len(rec.actions)}" if rec.actions else "from its set-up"
        text = f"This game now goes on {where}."
        if kept:
            text += (f" The game you had was kept in this browser's storage as “{kept}” "
                     "(Export it from there with your browser's tools, or finish this one).")
        self.message("Continuing from here", text)

    def _ng_learn(self) -> None:
        if self.state is not None and not self.state.is_over and not self.learn:
            self.learn = True
            show(by_id("ng-confirm"), True)
            by_id("ng-confirm-yes").focus()
            return
        self.learn = False
        self._close("newgame")
        self._close("curtain")
        st = params.Settings(players=guide.PLAYERS, seed=guide.SEED,
                             names=list(guide.NAMES) + list(params.DEFAULT_NAMES[2:]),
                             seats=list(guide.SEATS) + ["human", "human"], first=guide.FIRST,
                             bot_pace_ms=self.settings.bot_pace_ms)
        self.new_game(st)
        self.ui["guide"] = guide.new_guide()
        self.render()
        self.save()

    def close_tip(self) -> None:
        guide.acted(self.ui)
        self.render()
        self.save()

    def leave_guide(self) -> None:
        guide.leave(self.ui)
        self.render()
        self.save()
        self.notice("You left the guide: this is now a normal game.")

    def play_again(self) -> None:
        self._close("gameover")
        if self.state is not None:
            st = self.settings
            st.players = self.state.players
            st.names = list(self.state.names) + list(params.DEFAULT_NAMES[self.state.players:])
            st.seats = list(self.seats) + ["human"] * (4 - len(self.seats))
            st.seed = int(window.Math.floor(window.Math.random() * 1_000_000)) + 1
        self.open_newgame(can_continue=False)

    # ---- the new-game screen -------------------------------------------------------------
    def _wire_newgame(self) -> None:
        box = by_id("ng-seats")
        self._seat_rows: list[dict[str, Any]] = []
        for seat in range(4):
            row = h("div", None, f"ng-seat d{seat}")
            row.append(h("span", None, f"chip big d{seat} shape{seat}"))
            row.append(h("span", labels.DIVISION_NAMES[seat], "ng-div"))
            name = h("input", None, "ng-name", type="text", maxlength=params.MAX_NAME,
                     aria_label=f"Name of the {labels.DIVISION_NAMES[seat]} player",
                     autocomplete="off")
            kind = h("select", None, "ng-kind",
                     aria_label=f"Who plays {labels.DIVISION_NAMES[seat]}")
            for k in saves.SEAT_KINDS:
                kind.append(h("option", "Human" if k == "human" else f"Computer: {k}", value=k))
            row.append(name)
            row.append(kind)
            box.append(row)
            self._seat_rows.append({"row": row, "name": name, "kind": kind})
        for radio in document.querySelectorAll("#ng-form input[name=players]"):
            self._on(radio, "change", lambda e: self._ng_players_changed())
        self._on(by_id("ng-reseed"), "click", lambda e: self._ng_reseed())
        self._on(by_id("ng-start"), "click", lambda e: self._ng_start(confirmed=False))
        self._on(by_id("ng-confirm-yes"), "click", lambda e: self._ng_start(confirmed=True))
        self._on(by_id("ng-continue"), "click", lambda e: self._close("newgame"))
        self._on(by_id("ng-cancel"), "click", lambda e: self._close("newgame"))
        self._on(by_id("newgame"), "cancel", self._ng_cancel)
        self._on(by_id("ng-form"), "input", lambda e: self._ng_share())

    def _ng_cancel(self, event: Any) -> None:
        if self.state is None:
            event.preventDefault()

    def _ng_players(self) -> int:
        checked = document.querySelector("#ng-form input[name=players]:checked")
        try:
            return int(checked.value)
        except Exception:
            return 2

    def _ng_players_changed(self) -> None:
        n = self._ng_players()
        for seat, row in enumerate(self._seat_rows):
            show(row["row"], seat < n)
        first = by_id("ng-first")
        keep = first.value
        first.replaceChildren(h("option", "Drawn by the seed", value=""))
        for seat in range(n):
            name = params.clean_name(self._seat_rows[seat]["name"].value, seat)
            first.append(h("option", name, value=str(seat)))
        first.value = keep if keep == "" or (keep.isdigit() and int(keep) < n) else ""
        self._ng_share()

    def _ng_reseed(self) -> None:
        by_id("ng-seed").value = str(int(window.Math.floor(window.Math.random() * 1_000_000)) + 1)
        self._ng_share()

    def _ng_read(self) -> params.Settings:
        st = params.Settings()
        st.players = self._ng_players()
        raw = str(by_id("ng-seed").value).strip()
        st.seed = int(raw) % (params.MAX_SEED + 1) if raw.isdigit() else self.settings.seed
        st.names = [params.clean_name(r["name"].value, i) for i, r in enumerate(self._seat_rows)]
        st.seats = [r["kind"].value if r["kind"].value in saves.SEAT_KINDS else "human"
                    for r in self._seat_rows]
        first = by_id("ng-first").value
        st.first = int(first) if first.isdigit() and int(first) < st.players else None
        st.pass_device = bool(by_id("ng-pass").checked)
        return st

    def _ng_share(self) -> None:
        st = self._ng_read()
        by_id("ng-share").textContent = f"Same game again: index.html{params.query_of(st)}"

    def open_newgame(self, can_continue: bool) -> None:
        st = self.settings
        for radio in document.querySelectorAll("#ng-form input[name=players]"):
            radio.checked = radio.value == str(st.players)
        for seat, row in enumerate(self._seat_rows):
            row["name"].value = st.names[seat] if seat < len(st.names) else ""
            row["kind"].value = st.seats[seat] if seat < len(st.seats) else "human"
        by_id("ng-seed").value = str(st.seed)
        by_id("ng-pass").checked = st.pass_device
        self._ng_players_changed()
        by_id("ng-first").value = "" if st.first is None else str(st.first)
        in_progress = self.state is not None and not self.state.is_over
        show(by_id("ng-continue"), can_continue and in_progress)
        show(by_id("ng-cancel"), self.state is not None and not can_continue)
        show(by_id("ng-confirm"), False)
        self._ng_share()
        self._close("gameover")
        self._open("newgame")

    def _ng_start(self, confirmed: bool) -> None:
        if confirmed and self.learn:
            self._ng_learn()
            return
        self.learn = False
        if self.state is not None and not self.state.is_over and not confirmed:
            show(by_id("ng-confirm"), True)
            by_id("ng-confirm-yes").focus()
            return
        st = self._ng_read()
        self._close("newgame")
        self._close("curtain")
        self.new_game(st)

    # ---- export and import ---------------------------------------------------------------
    def export(self) -> None:
        if self.state is None:
            return
        text = self.save_text()
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                    dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = h("a", None, None, href=url,
                 download=f"cakegame-seed{self.state.seed}-turn{self.state.turn_number}.json")
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)

    def on_import(self, event: Any) -> None:
        files = event.target.files
        if not found(files) or files.length == 0:
            return
        file = files.item(0)
        event.target.value = ""
        asyncio.ensure_future(self._import(file))

    async def _import(self, file: Any) -> None:
        try:
            text = await file.text()
        except Exception as error:
            self.message("Import failed", f"The file could not be read: {error}")
            return
        if len(text) > 5_000_000:
            self.message("Import failed", "That file is too large to be a saved game.")
            return
        try:
            save = saves.decode(text)
        except saves.SaveError as error:
            self.message("Import failed", f"That file is not a game this page can load: {error}.")
            return
        history_note = ""
        if save.record is not None:
            try:
                recordmod.check(save.record, save.state)
            except recordmod.RecordError as error:
                save.record = None
                history_note = f" Its history could not be restored ({error}), so it has no replay."
        else:
            history_note = " The file holds no history, so this game has no replay."
        self._close("newgame")
        self._close("gameover")
        self._close("curtain")
        self._resume(save)
        self.hold_saves = False
        self.save()
        self.message("Game imported", "The game from the file is now in play." + history_note)

    # ---- computer players ----------------------------------------------------------------
    def _schedule_bot(self) -> None:
        self.bot_token += 1
        asyncio.ensure_future(self._bot_move(self.bot_token, self.state))

    async def _bot_move(self, token: int, state: Any) -> None:
        await asyncio.sleep(self.bot_pace)
        if token != self.bot_token or state is not self.state or state.is_over:
            return
        seat = state.current_player
        level = self.seats[seat]
        if level == "human":
            return
        seed = (state.seed * 1_000_003 + len(self.log) * 7919 + seat) % (2**31)
        try:
            action = await bots_bridge.choose(state.view(seat), level, seed)
        except Exception as error:
            self.notice(f"The computer player failed ({error!r}); it plays a simple move.")
            action = state.legal_actions()[0]
        if token != self.bot_token or state is not self.state:
            return
        self.apply(str(action))
