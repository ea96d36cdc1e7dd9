"""Play without a mouse and without sight: focus that follows the game, the lab by keys, a
live region that tells what happened, and the command box for typed moves.

The page's controller calls four hooks: `acted` after each action it applied, `rendered`
after each redraw, `on_key` first in its keydown handler, and `forget` when a game starts.
The rules of it are pure and tested under CPython: `keynav` (board order, arrow moves,
where focus goes), `commands` (typed moves), `speech` (chamber names, announcements).
Like the rest of the page this reads no game facts from the DOM: it is handed the state.
"""

from __future__ import annotations

from typing import Any

import cakegame
from pyscript import document, window

from . import commands, eventlog, keynav, labels, later, speech, targets
from .dom import by_id, found, js_object, markup, nothing_focused

CARD_NAMES = {c.id: c.name for c in cakegame.CARDS}
NAV_KEYS = frozenset(keynav.ARROWS)
CONFIRM_WORDS = frozenset({"confirm", "yes", "y", "end turn", "end my turn", "ok"})
BACK_WORDS = frozenset({"back", "no", "n", "cancel"})


class Access:
    """Keyboard and screen-reader play for one App (see the module's docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.order: list[str] = []  # the chambers' order in the DOM, as last arranged
        self.places: dict[str, keynav.Place] = {}
        # The person's decision last drawn (its targets, its step, a confirm waiting), for
        # Escape back to it from the panels; None while no person decides.
        self.decision: tuple[targets.Targets, Any, bool] | None = None
        # The run of up and down keys the last arrow was part of (`keynav.walk`): downs and
        # then as many ups come back.
        self.column: keynav.Column | None = None
        self.marks: dict[str, Any] = {}
        self.focus_key: tuple = ()
        self.state: Any = None
        self.announcer = speech.Announcer()
        self.said = ""
        self.news = ""  # the last action or computer turn told
        # The computers' turns told since the person's last decision, for the A key to tell
        # again (else the last news, a person's own): with three players it held only the
        # last computer's turn, the one before gone (a screen-reader play-tester).
        self.heard: list[str] = []
        self.pointer = False  # the last input was a mouse or a finger: focus without scrolling
        self.command_open = False
        self._filled: tuple = ()
        self.status_live = "polite"  # #status's aria-live as last set

    # ---- wiring ----------------------------------------------------------------------------
    def wire(self) -> None:
        """Listen to the command box and to how the player points."""
        self._on("command", "submit", self._submit)
        self._on("command-input", "input", lambda e: self._hint())
        self._on("command-close", "click", lambda e: self.close_command())
        self._on("btn-command", "click", lambda e: self.open_command())
        self._on(document, "pointerdown", self._pointed)
        by_id("btn-command").disabled = False
        # A touch screen starts as a finger's: the focus the page gives the first option
        # showed the keyboard's ring to a player who never pressed a key, and made the
        # chamber next to the one picked look picked (a phone play-tester).
        if bool(window.matchMedia("(hover: none) and (pointer: coarse)").matches):
            self.pointer = True
            self._touch(True)

    def _on(self, target: Any, event: str, handler: Any) -> None:
        self.app._on(target, event, handler)

    def _pointed(self, event: Any) -> None:
        self.pointer = True
        if str(getattr(event, "pointerType", "")) == "touch":
            self._touch(True)

    def _touch(self, on: bool) -> None:
        """The last input was a finger (`html[data-touch]`: css/game.css then draws no
        focus ring, which is the keyboard's), or a key."""
        document.documentElement.toggleAttribute("data-touch", on)

    # ---- hooks -----------------------------------------------------------------------------
    def forget(self) -> None:
        """A new or resumed game: nothing gathered from the old one is told, and the live
        region no longer holds the old game's last news (its ending stood there after Play
        again)."""
        self.announcer = speech.Announcer()
        self.news = ""
        self.heard = []
        self.focus_key = ()
        self.said = ""
        by_id("announce").textContent = ""

    def resumed(self) -> None:
        """A game resumed (a reload) after a computer's move: what the computers did since
        the person's last decision is gathered again, as it was told live: their finished
        turns for `a`, and a turn still under way kept to be told whole at its end (after a
        reload in the middle of Blue's turn, a screen reader heard only the rest of it).
        Gathered at once when a computer is to act, before it does; otherwise after the
        first board is painted (it replays the game's record)."""
        ses = self.app.session
        if ses.state is None or ses.state.is_over or not ses.log \
                or ses.is_human(ses.log[-1][1]):
            return
        state = ses.state
        if ses.bot_to_act():
            self._gather(ses, state)
        else:
            later.after_first_paint(lambda: self._gather(ses, state))

    def _gather(self, ses: Any, state: Any) -> None:
        if ses.state is not state:  # another game came meanwhile
            return
        states = ses.replayed()
        if states is None:
            return
        rec = ses.record
        k = len(rec.actions)
        while k > 0 and not ses.is_human(states[k - 1].current_player):
            k -= 1
        viewer = speech.person(ses.seats)
        for i in range(k, len(rec.actions)):
            before, after = states[i], states[i + 1]
            seat = before.current_player
            sentences = speech.action_sentences(before, rec.actions[i], after, viewer=viewer)
            told = self.announcer.action(before.names[seat], True, before.turn_number,
                                         sentences, owner=before.names[before.turn])
            if told:
                self.news = told
                self.heard.append(told)
        # Only a turn still under way waits to be told whole; one already over was told.
        if self.announcer.batch_turn != state.turn_number or not ses.bot_to_act():
            told = self.announcer.take()
            if told:
                self.news = told
                self.heard.append(told)

    def acted(self, before: Any, text: str, after: Any, bot: bool) -> None:
        """An action was applied: tell its events now (a person) or at the turn's end (a
        computer player)."""
        seat = before.current_player
        if seat is None:
            return
        name = before.names[seat]
        sentences = speech.action_sentences(before, text, after,
                                            viewer=speech.person(self.app.session.seats))
        told = self.announcer.action(name, bot, before.turn_number, sentences,
                                     owner=before.names[before.turn])
        if bot and self.app.stepping():
            # Step by step, each move is told as it is shown, even one that changes nothing
            # told ("Blue finishes deploying cards"): the whole turn, told at its end, had
            # left a screen reader silent through every "Next move".
            self.say(speech.join(sentences) if sentences else before.describe(text))
        if not bot:
            self.heard = []  # a person's own action: the others' news starts again after it
        if told:
            self._told(told, others=bot)

    def _told(self, text: str, others: bool = True) -> None:
        self.news = text
        if others:
            self.heard.append(text)
        self.say(text)

    def rendered(self, state: Any, deciding: bool, t: targets.Targets, step: Any,
                 marks: dict[str, Any], bot_now: bool) -> None:
        """After a redraw: board order for Tab, a computer turn's announcement when it is
        over, and focus on the new decision's first control."""
        self.state = state
        self.marks = marks
        chambers = state.chambers()
        self.places = {c.letter: (c.row, c.x) for c in chambers}
        self._arrange()
        # While a computer player acts, the status line (which names each of its steps) is
        # not live: its whole turn is told once, by the announcement region, when it ends.
        live = "off" if bot_now else "polite"
        if live != self.status_live:
            by_id("status").setAttribute("aria-live", live)
            self.status_live = live
        seat = None if state.is_over else state.current_player
        told = self.announcer.flush(seat, bot_now, None if seat is None else state.turn_number)
        if told and self.app.stepping():
            self.news = told  # each of its moves was told as it came; `a` tells it again
            self.heard.append(told)
        elif told:
            self._told(told)
        confirming = getattr(self.app, "confirming", None)
        self.decision = (t, step, confirming is not None) if deciding else None
        key = (id(state), deciding, self.app.selected, confirming)
        if key != self.focus_key:
            self.focus_key = key
            if deciding:
                # At start-up, after the first board's paint (focus forces a layout).
                later.after_first_paint(lambda: self._focus_first_if(key, t, step))
            elif not self.pointer and nothing_focused():
                # The button pressed went with its decision (a turn's end confirmed): the
                # focus fell to the page, and a Tab during the computers' turns began again
                # at the top bar (a keyboard play-tester). The choices bar, which says who
                # is playing, holds it until the person's next decision takes it.
                self._focus(by_id("choices"))
        step_button = by_id("bot-step")
        if (not deciding and not self.pointer and self.app.step_waiter is not None
                and found(step_button) and self._focus_free()):
            # Step by step: "Next move" keeps the focus from one move to the next (it went
            # with each move, and every step cost two Shift+Tabs and an Enter).
            self._focus(step_button)
        if self.command_open:
            self._fill_command()

    @staticmethod
    def _focus_free() -> bool:
        """The focus is nowhere the player put it: on the page, or in the choices bar that
        holds it while the computers play."""
        if nothing_focused():
            return True
        active = document.activeElement
        return found(active) and getattr(active, "id", "") == "choices"

    # ---- board order and focus -------------------------------------------------------------
    def _arrange(self) -> None:
        """Keep the chambers' DOM order the board order, so Tab walks the lab by rows.
        Only chambers out of order move (a move restarts an element's slide)."""
        board = self.app.board
        views = board.views
        current = [x for x in self.order if x in views] + [x for x in views if x not in self.order]
        present = keynav.board_order(self.places)
        desired = present + [x for x in current if x not in self.places]
        for letter, before in keynav.reorder_moves(current, desired):
            g = views[letter].g
            board.layer.insertBefore(g, views[before].g if before is not None else None)
        self.order = desired

    def _focus_first_if(self, key: tuple, t: targets.Targets, step: Any) -> None:
        """`_focus_first`, unless the page was redrawn for another decision since."""
        if key == self.focus_key:
            self._focus_first(t, step, key[3] is not None)

    def _focus_first(self, t: targets.Targets, step: Any, confirming: bool = False) -> None:
        """Focus the first control of the decision now open, unless the player is busy
        elsewhere (typing, a dialog, the log)."""
        active = document.activeElement
        if found(active) and hasattr(active, "closest"):
            tag = str(getattr(active, "tagName", "") or "").lower()
            if tag in ("input", "select", "textarea"):
                return
            if found(active.closest("dialog[open]")) or found(active.closest(".log-scroll")):
                return
        if found(document.querySelector("dialog[open]")):
            return
        if confirming:  # the turn's last decision waits for its confirm button
            # A move that loses the game: Back, so a stray Enter does not end it.
            losing = bool(getattr(self.app, "warning", ""))
            self._focus(document.querySelector(
                "#choices button[data-back]" if losing else "button[data-confirm]"))
            return
        # A suggestion on show: its button once there is one (a chamber of several choices,
        # opened, lists them; Enter there played the first, not the one suggested).
        hinted = self.app.hint.shown
        if hinted is not None and hinted[0] is self.state:
            el = self._suggested(hinted[1], hinted[2])
            if el is not None:
                self._focus(el)
                return
        order = keynav.board_order(self.places)
        if step is not None:
            chosen = {**step.chambers, **{b: b for b in step.buttons}}
            where = keynav.focus_target(order, step.chambers, [], step.buttons,
                                        lambda what: self._costs_me([chosen.get(what, what)]))
        else:
            cards = [a for acts in t.cards.values() for a in acts]
            where = keynav.focus_target(order, t.board, cards, self._rows_first(t.buttons),
                                        lambda what: self._costs_me(t.board.get(what, [what])))
        if where is None:
            return
        kind, what = where
        self._focus(self._hexagon(what) if kind == "chamber" else _button(what))

    def _rows_first(self, buttons: list[str]) -> list[str]:
        """The buttons, a recycled chamber's rows first by how few chambers they hold: the
        first row offered took every chamber a keyboard player recycled with Enter, and the
        top row grew to nine chambers, wider than the screen (a play-tester)."""
        rows = {"top": 0, "middle": 1, "bottom": 2}
        if not any(b.startswith("recycle ") for b in buttons):
            return buttons
        held = [0, 0, 0]
        for row, _x in self.places.values():
            if 0 <= row < 3:
                held[row] += 1

        def size(text: str) -> int:
            row = rows.get(text.removeprefix("recycle "))
            return held[row] if row is not None else 99
        return sorted(buttons, key=size)

    def _costs_me(self, texts: list[str]) -> bool:
        """Whether every action of `texts` (the legal ones a chamber or a button stands
        for) costs the player to decide pieces of their own, by the engine's events."""
        s = self.state
        if s is None or s.is_over or not texts:
            return False
        me = s.current_player

        for text in texts:
            # A move's destination costs nothing until its count (and its cake) is chosen:
            # played on with the first of those (a play-tester's Enter sent a group into
            # the Turret's chamber, where two harmless ones were offered).
            try:
                events = targets.played_on(s, text)
            except Exception:  # not an action of this state: nothing to judge it by
                return False
            if not any(e.kind in eventlog.LOSSES and e.seat == me for e in events):
                return False
        return True

    def _suggested(self, action: str, letters: Any) -> Any:
        """What plays the suggestion on show: its button, else its chamber (a plan's next
        step, "send them to chamber B", left the focus on the first chamber, C: a keyboard
        play-tester), else the first of its chambers that is a choice; None if none."""
        el = _button(action)
        if found(el):
            return el
        chamber = document.querySelector(f'#chambers .chamber[data-action="{action}"]')
        if found(chamber):
            return self._hexagon(str(chamber.getAttribute("data-letter")))
        for letter in letters or ():
            if letter in self.marks:
                return self._hexagon(letter)
        return None

    def focus_action(self, action: str, letter: str | None) -> None:
        """Focus what plays `action`: its button, else the chamber that plays it (the
        second chamber of a move under way: a suggested Portal shift left the focus on the
        chamber already picked, where Enter lets it go), else chamber `letter` (a
        suggestion)."""
        el = _button(action)
        if not found(el):
            chamber = document.querySelector(f'#chambers .chamber[data-action="{action}"]')
            if found(chamber):
                letter = str(chamber.getAttribute("data-letter"))
        self._focus(el if found(el) or letter is None else self._hexagon(letter))

    def _hexagon(self, letter: str) -> Any:
        """The element of chamber `letter` that takes focus (None if there is none)."""
        view = self.app.board.views.get(letter)
        return view.hex if view is not None else None

    def _focus(self, el: Any) -> None:
        if el is None or not found(el):
            return
        try:
            if self.pointer:
                el.focus(js_object({"preventScroll": True}))
            else:
                el.focus()
        except Exception:
            pass

    # ---- keys ------------------------------------------------------------------------------
    def on_key(self, event: Any) -> bool:
        """Handle the keys of keyboard play; True if the key was used here."""
        self.pointer = False
        self._touch(False)
        key = event.key
        target = event.target
        if event.ctrlKey or event.metaKey or event.altKey:
            return False
        in_command = found(target) and getattr(target, "id", "") == "command-input"
        if in_command:
            if key == "Escape":
                event.preventDefault()
                self.close_command()
                return True
            return False
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea"):
            return False
        if found(document.querySelector("dialog[open]")):
            return False
        chamber = target.closest(".chamber") if found(target) and hasattr(target, "closest") \
            else None
        on_chamber = chamber is not None and found(chamber)
        if key == "/":
            event.preventDefault()
            self.open_command()
            return True
        if found(target) and hasattr(target, "closest") and found(
                target.closest(".log-scroll")) and self._log_key(event, target):
            return True
        if key in NAV_KEYS and on_chamber and chamber is not None:
            nxt, self.column = keynav.walk(self.places, chamber.getAttribute("data-letter"),
                                           key, self.column)
            event.preventDefault()
            if nxt is not None:
                self._focus(self._hexagon(nxt))
            return True
        if key in ("r", "R"):
            self.read(chamber.getAttribute("data-letter") if on_chamber and chamber is not None
                      else None)
            return True
        if key in ("a", "A"):  # again: a computer's whole turn is long, and told only once
            self.say(" ".join(self.heard) or self.news or "Nothing has happened yet.")
            return True
        if key == "Escape" and found(target) and hasattr(target, "closest") and found(
                target.closest(".side, .log-panel")):
            return self.back_to_choices()
        if key == "Escape" and self.app.selected is None:
            return self._back_out()
        return False

    def back_to_choices(self) -> bool:
        """Escape in the panels (the divisions, the hand, the log): the focus goes back to
        the decision's first option, or to the choices bar while the computers play (the
        strip's scores led a phone's keyboard to the Divisions panel, eleven Shift+Tabs
        from the choices: a keyboard play-tester)."""
        active = document.activeElement
        if found(active) and hasattr(active, "blur"):
            active.blur()
        if self.decision is not None:
            self._focus_first(*self.decision)
        else:
            self._focus(by_id("choices"))
        return True

    def _log_key(self, event: Any, target: Any) -> bool:
        """The game log by keys: one Tab stop (a long log would bury the choices), in which
        the up and down keys, Home and End walk its entries (each lights its chambers up,
        as a hover does) and Enter or Space replays from the one focused (a keyboard
        play-tester could reach the replay only from its button)."""
        key = event.key
        entry = target.closest(".log-entry")
        if key in ("Enter", " ") and found(entry):
            event.preventDefault()
            step = entry.getAttribute("data-step")
            if step:
                self.app.replays.open_review(at=int(step))
            return True
        entries = document.querySelectorAll("#log .log-entry")
        at: int | None = None
        if found(entry):  # one call, not one per entry of a long log
            index = int(window.Array.prototype.indexOf.call(entries, entry))
            at = index if index >= 0 else None
        nxt = keynav.list_step(at, int(entries.length), key)
        if nxt is None:
            return key in ("Enter", " ")
        event.preventDefault()
        entries.item(nxt).focus()
        return True

    def _back_out(self) -> bool:
        """Escape in the middle of a move (its chamber, destination or count chosen): take
        the last of those choices back, like Undo."""
        s = self.state
        if s is None or s.is_over or s.decision not in ("move", "carry"):
            return False
        pending = s.pending
        if pending.get("src") is None:
            return False
        self.app.undo()
        return True

    def read(self, letter: str | None) -> None:
        """Say the chamber in full (contents, edge, what acting would do), or without a
        chamber, what the player must decide."""
        s = self.state
        if s is None:
            return
        if letter is None or letter not in self.places:
            status = by_id("status").textContent
            self.say(str(status))
            return
        c = s.chamber(letter)
        mark = self.marks.get(letter)
        acting = ""
        if mark is not None:
            if mark.action:
                acting = "Enter: " + s.describe(mark.action)
            elif mark.label:
                acting = "Enter: " + mark.label
        self.say(speech.chamber_reading(c, s.names, labels.DIVISION_NAMES, acting))

    def say(self, text: str) -> None:
        """Put `text` in the polite live region (a repeat is told again)."""
        if text == self.said.rstrip("\u00a0"):
            text += "\u00a0" if not self.said.endswith("\u00a0") else ""
        self.said = text
        by_id("announce").textContent = text

    # ---- the command box -------------------------------------------------------------------
    def open_command(self) -> None:
        self.command_open = True
        by_id("command").hidden = False
        self._fill_command()
        self._hint()
        by_id("command-input").focus()

    def close_command(self) -> None:
        """Close the box; what was typed in it goes (a refused command is kept only while
        the box is open, to be corrected)."""
        self.command_open = False
        box = by_id("command-input")
        box.blur()  # else the redraw's focus, finding the field still focused, stays away
        by_id("command").hidden = True
        box.value = ""
        self.focus_key = ()
        self.app.render()

    def _legal(self) -> list[str]:
        s = self.app.state
        if s is None or s.is_over or not self.app.deciding():
            return []
        return [str(a) for a in s.legal_actions()]

    def _fill_command(self) -> None:
        """The completion list: every legal action's text form, described."""
        s = self.app.state
        legal = self._legal()
        key = (id(s), tuple(legal))
        if self._filled == key:
            return
        self._filled = key
        by_id("command-list").innerHTML = "".join(
            markup("option", None, value=a, label=s.describe(a)) for a in legal)

    def _hint(self, text: str | None = None, bad: bool = False) -> None:
        box = by_id("command-hint")
        if text is None:
            s = self.app.state
            legal = self._legal()
            typed = str(by_id("command-input").value)
            text = commands.hint(typed, legal, s.names if s else (), CARD_NAMES)
        box.textContent = text
        box.className = "command-hint bad" if bad else "command-hint"

    def _submit(self, event: Any) -> None:
        event.preventDefault()
        line = str(by_id("command-input").value)
        parts = commands.split_commands(line)
        if not parts:
            self._hint("Type an action, for example “from K”, or a chamber's letter, like “k”.")
            return
        played: list[str] = []
        queue = list(parts)
        while queue:
            part = queue.pop(0)
            problem = self._confirm(part)
            if problem is None:
                problem = self._play(part)
            pieces = commands.move_parts(part) if problem else None
            if pieces:  # a whole move, "p to k": its two decisions in turn
                queue[:0] = pieces
                continue
            if problem:
                done = f"Played {', '.join(played)}. " if played else ""
                self._hint(f"{done}Not possible: {problem}", bad=True)
                box = by_id("command-input")
                box.value = ", ".join([part, *queue])
                # Kept to be mended, and selected, so what is typed next replaces it (it
                # was appended: "take a cardactivate M", a keyboard play-tester).
                box.select()
                return
            played.append(commands.as_action_text(part))  # "from Q", as it was typed "q"
        by_id("command-input").value = ""
        # The next prompt is the status line's, which a screen reader hears: said here too,
        # it was heard twice (a keyboard play-tester). A confirm to type is said here.
        after = ""
        if getattr(self.app, "confirming", None) is not None:
            warning = getattr(self.app, "warning", "")
            after = (f" {warning} Type “confirm” to play it anyway, or “back”." if warning
                     else " This ends your turn: type “confirm” to play it, or “back”.")
        self._hint(f"Played {', '.join(played)}.{after}")

    def _confirm(self, command: str) -> str | None:
        """While the turn's last decision waits for its confirm: "confirm" (or "yes") plays
        it, "back" (or "no") drops it ("" either way); None for any other command."""
        if getattr(self.app, "confirming", None) is None:
            return None
        word = commands.norm(command)
        if word in CONFIRM_WORDS:
            self.app.confirm_end()
            return ""
        if word in BACK_WORDS:
            self.app.cancel_confirm()
            return ""
        return None

    def _play(self, command: str) -> str:
        """Play one typed command; the reason it is refused, or "" when it was played."""
        s = self.app.state
        legal = self._legal()
        if s is None:
            return "there is no game in progress"
        t = targets.sort_actions(legal)
        guess = targets.guess_text(t, s.decision, commands.as_action_text(command).strip())
        res = commands.resolve(command, legal, s.names, CARD_NAMES, guess)
        if res.action is not None:
            self.app.apply(res.action)
            waiting = getattr(self.app, "confirming", None) is not None
            return "" if self.app.state is not s or waiting else "the action was not played"
        if res.try_text is not None:
            try:
                s.apply(res.try_text)
            except cakegame.IllegalActionError as error:
                return str(error)
            if not legal:
                return "it is not your decision now"
            self.app.apply(res.try_text)
            return "" if self.app.state is not s else "the action was not played"
        return res.problem


def _button(action: str) -> Any:
    """The enabled button that plays `action` (JS null if there is none)."""
    return document.querySelector(f'button[data-action="{action}"]:not([disabled])')
