"""The page's save format against hostile input (issue 16), under CPython and in Pyodide.

Browser-side cases are in tests/test_page_defences.py.
"""

from __future__ import annotations

import json
import random

import cakegame
import pytest
from pyodide_node import available, run_in_pyodide
from ui import clicks, params, saves, slot


def game(n: int = 30, players: int = 2, seed: int = 17, names=None):
    state = cakegame.new_game(players=players, seed=seed, names=names)
    rng = random.Random(seed)
    for _ in range(n):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def good(**kw) -> str:
    state = game()
    return saves.encode(state, ["human", "human"], log=[[1, 0, "a line"]], **kw)


# ---- case 1: deep nesting never reaches the parser ----------------------------------------

@pytest.mark.parametrize("raw", [
    "[" * 10_000 + "]" * 10_000,
    "[" * 100_000,
    '{"format":"cakegame-save/1","log":' + "[" * 50_000 + "]" * 50_000 + "}",
])
def test_a_deeply_nested_save_is_refused_as_damaged(raw):
    with pytest.raises(saves.SaveError) as error:
        saves.decode(raw)
    assert error.value.kind == "damaged" and "nested too deeply" in str(error.value)


@pytest.mark.parametrize("raw", [
    "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + "[{(<" * 40 + "\x00]" * 3,
    "Turn 14, Bo to play: [from K] [to L]",
])
def test_a_file_that_is_not_json_is_called_no_saved_game(raw):
    """A picture renamed .json was refused as "nested too deeply (more than 32 levels)"
    (a play-tester): true of its stray brackets, but it told the player nothing."""
    with pytest.raises(saves.SaveError) as error:
        saves.decode(raw)
    assert error.value.kind == "foreign"
    assert str(error.value) == "this is not a saved game of this site"


def test_a_log_entry_nested_deep_is_refused_before_anything_draws_it():
    text = good()
    assert text.endswith('"log":[[1,0,"a line"]]}')
    deep = text.replace('"a line"', "[" * 5_000 + '"x"' + "]" * 5_000)
    with pytest.raises(saves.SaveError, match="nested too deeply"):
        saves.decode(deep)
    data = json.loads(text)
    data["log"] = [[[[1]], 0, "x"]]  # shallow, but not a turn number
    with pytest.raises(saves.SaveError, match="log"):
        saves.decode(json.dumps(data))
    data["log"] = [[1, 7, "x"]]  # no seat 7 in a 2-player game
    with pytest.raises(saves.SaveError, match="log"):
        saves.decode(json.dumps(data))


def test_a_save_too_large_is_refused():
    with pytest.raises(saves.SaveError, match="too large"):
        saves.decode("{" + " " * saves.MAX_CHARS + "}")


# ---- case 9: names follow the form's limits ---------------------------------------------

def test_imported_names_are_cut_to_the_forms_limit():
    long = "W" * 200_000
    state = game(names=[long, "  Bo \n  Bo  "])
    text = saves.encode(state, ["human", "human"], undo_base=state.apply(
        state.legal_actions()[0]), undo_actions=[])
    back = saves.decode(text)
    assert back.state.names == ("W" * params.MAX_NAME, "Bo Bo")
    assert all(len(n) <= params.MAX_NAME for n in back.state.names)


def test_a_name_of_only_spaces_becomes_the_divisions_name():
    back = saves.decode(saves.encode(game(names=["   ", "Bo"]), ["human", "human"]))
    assert back.state.names == ("Orange", "Bo")


# ---- case 10: words for a newer engine format -------------------------------------------

def test_a_newer_game_inside_a_current_wrapper_is_explained_once():
    data = json.loads(good())
    data["game"]["format"] = "cakegame/3"
    with pytest.raises(saves.SaveError) as error:
        saves.decode(json.dumps(data))
    message = str(error.value)
    assert error.value.kind == "newer" and "newer version" in message
    assert "not a valid saved game" not in message and "hold together" not in message


def test_engine_reasons_are_not_wrapped_twice():
    data = json.loads(good())
    data["game"]["supply"][0] = 40
    with pytest.raises(saves.SaveError) as error:
        saves.decode(json.dumps(data))
    assert str(error.value).count("not") <= 2 and "not a valid saved game" not in str(error.value)


def test_a_game_missing_most_of_its_parts_is_told_in_a_short_sentence():
    """A file whose game is an object with only its format: the player reads how many
    parts are missing and the first three, not every one of the engine's field names."""
    data = json.loads(good())
    data["game"] = {"format": data["game"]["format"]}
    with pytest.raises(saves.SaveError) as error:
        saves.decode(json.dumps(data))
    message = str(error.value)
    missing = len(set(cakegame.serial.KEYS) - {"format"} - set(cakegame.serial.LATER_KEYS))
    assert f"missing {missing} of its parts (players, names, seed and {missing - 3} more)" \
        in message, message
    assert "turn_no" not in message and len(message) < 120
    one = json.loads(good())
    del one["game"]["turn_no"]
    with pytest.raises(saves.SaveError) as error:  # one or a few are still named
        saves.decode(json.dumps(one))
    assert "missing turn_no" in str(error.value)


# ---- case 3: revisions -------------------------------------------------------------------

def test_the_revision_is_read_from_the_start_of_the_text_alone():
    text = good(rev=41)
    assert saves.peek_rev(text) == 41 and saves.decode(text).rev == 41
    assert saves.peek_rev(good()) == 0
    for other in (None, "", "[]", '{"format":"cakegame-save/1","game":{}}',
                  '{"rev":3,"format":"cakegame-save/1"}'):
        assert saves.peek_rev(other) is None
    data = json.loads(text)
    for bad in (-1, "3", True, 1.5, 10**20):
        data["rev"] = bad
        with pytest.raises(saves.SaveError, match="revision"):
            saves.decode(json.dumps(data))


def test_a_save_without_a_revision_still_loads():
    data = json.loads(good())
    del data["rev"]
    assert saves.decode(json.dumps(data)).rev == 0


# ---- the same in the page's own Python ----------------------------------------------------

@pytest.mark.pyodide
@pytest.mark.skipif(available() is not None, reason=str(available()))
def test_deep_nesting_is_refused_in_the_pages_python():
    """In Pyodide deep recursion overflows the JavaScript stack (fatal), so this checks the
    bound really runs before any parser: the script must reach its last line."""
    out = run_in_pyodide(
        "import cakegame\n"
        "from ui import saves\n"
        "for raw in ('[' * 100_000 + ']' * 100_000, '{\"a\":' * 100_000 + '1' + '}' * 100_000,"
        " '[' * 200_000):\n"
        "    try:\n"
        "        cakegame.State.from_json(raw)\n"
        "    except ValueError as e:\n"
        "        print('engine:', 'nested too deeply' in str(e))\n"
        "    try:\n"
        "        saves.decode(raw)\n"
        "    except saves.SaveError as e:\n"
        "        print('page:', e.kind)\n"
        "nest = []\n"
        "for _ in range(100_000):\n"
        "    nest = [nest]\n"
        "try:\n"
        "    cakegame.State.from_json({'format': 'cakegame/1', 'names': nest})\n"
        "except ValueError as e:\n"
        "    print('data:', 'nested too deeply' in str(e))\n"
        "while nest:\n"  # taken apart from the outside: freeing it whole would recurse too
        "    nest = nest[0]\n"
        "print('alive')\n",
        timeout=300)
    assert out.split() == ["engine:", "True", "page:", "damaged"] * 3 + [
        "data:", "True", "alive"], out


# ---- slot.py: the one saved game, shared by tabs (cases 3, 4 and 10) ----------------------

class FakeStore:
    """localStorage as a dict; `unreadable` makes every read throw, `full` every write fail."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.unreadable = False
        self.full = False

    def read(self, key):
        if self.unreadable:
            raise slot.Unreadable("SecurityError")
        return self.data.get(key)

    def set(self, key, value):
        if self.full:
            return False
        self.data[key] = value
        return True

    def has(self, key):
        return key in self.data


class Tab:
    """A tab's saving, as the page does it: its own game, its Slot over the shared store."""

    def __init__(self, store, state) -> None:
        self.slot = slot.Slot(store, clock=lambda: 1000.0)
        self.state = state
        self.synced = None  # the position this tab last read or wrote (ui.autosave)

    def text(self, rev: int) -> str:
        return saves.encode(self.state, ["human", "human"], rev=rev)

    def save(self) -> str:
        """Write as ui.autosave does: over another tab's save only if it holds the position
        this tab last read or wrote."""
        result = self.slot.write(self.text, lambda raw: slot.holds(raw, self.synced))
        if result == slot.SAVED:
            self.synced = self.state
        return result

    def load(self):
        loaded = self.slot.load()
        self.synced = loaded.save.state if loaded.save else None
        return loaded


def test_two_tabs_never_overwrite_each_others_newer_save():
    store = FakeStore()
    s = game(10)
    a, b = Tab(store, s), Tab(store, s)
    assert a.save() == slot.SAVED
    loaded = b.slot.load()
    assert loaded.save.state == s and b.slot.rev == 1
    for _ in range(4):  # A plays on
        a.state = a.state.apply(a.state.legal_actions()[0])
        assert a.save() == slot.SAVED
    b.state = s.apply(s.legal_actions()[-1])  # B, left behind, plays one move
    before = store.data[saves.SAVE_KEY]
    assert b.save() == slot.MOVED and store.data[saves.SAVE_KEY] == before
    newer = saves.decode(before)  # B follows A's game, then saves on top of it
    assert newer.state == a.state and newer.rev == 5
    b.slot.adopt(newer, before)
    b.state = newer.state.apply(newer.state.legal_actions()[0])
    assert b.save() == slot.SAVED and saves.peek_rev(store.data[saves.SAVE_KEY]) == 6
    assert a.save() == slot.MOVED


def test_a_tab_opening_the_game_again_does_not_make_the_first_tab_lose_its_move():
    """Tab B opens the game and saves it again, unchanged, under the next revision; A had
    not heard of that write when its player moved: A's move is saved on top, not set aside
    as if B had played on."""
    store = FakeStore()
    s = game(10)
    a, b = Tab(store, s), Tab(store, s)
    assert a.save() == slot.SAVED
    assert b.load().save.state == s
    assert b.save() == slot.SAVED and saves.peek_rev(store.data[saves.SAVE_KEY]) == 2
    a.state = s.apply(s.legal_actions()[0])
    assert a.save() == slot.SAVED  # not MOVED: B's save held nothing A had not
    assert saves.decode(store.data[saves.SAVE_KEY]).state == a.state
    assert saves.peek_rev(store.data[saves.SAVE_KEY]) == 3
    b.state = s.apply(s.legal_actions()[-1])  # B, left behind, plays: that is a real clash
    assert b.save() == slot.MOVED


def test_two_tabs_that_wrote_the_same_revision_still_tell_their_saves_apart():
    """Each tab's storage is a copy that hears of the other's writes late (as a browser's
    tabs do): both save revision 2 before either hears of the other, A's arrives last."""
    s = game(10)
    a_store, b_store = FakeStore(), FakeStore()
    a, b = Tab(a_store, s), Tab(b_store, s)
    assert a.save() == slot.SAVED
    b_store.data = dict(a_store.data)
    assert b.slot.load().save.state == s
    a.state = s.apply(s.legal_actions()[0])
    b.state = s.apply(s.legal_actions()[-1])
    assert a.save() == slot.SAVED and b.save() == slot.SAVED
    a_text, b_text = a_store.data[saves.SAVE_KEY], b_store.data[saves.SAVE_KEY]
    assert saves.peek_rev(a_text) == saves.peek_rev(b_text) == 2 and a_text != b_text
    b_store.data[saves.SAVE_KEY] = a_text  # A's write is the stored one in the end
    assert a.slot.settled(b_text)  # B's news reaches A late: A's save stands, nothing to follow
    assert not b.slot.settled(a_text)  # B must follow A's move, not take it for its own
    assert b.save() == slot.MOVED and b_store.data[saves.SAVE_KEY] == a_text


def test_news_of_the_save_a_tab_already_has_is_settled():
    store = FakeStore()
    a, b = Tab(store, game(10)), Tab(store, game(10))
    assert a.save() == slot.SAVED
    text = store.data[saves.SAVE_KEY]
    assert b.slot.load().save is not None and b.slot.settled(text)
    a.state = a.state.apply(a.state.legal_actions()[0])
    assert a.save() == slot.SAVED
    assert not b.slot.settled(store.data[saves.SAVE_KEY])
    b.slot.adopt(saves.decode(store.data[saves.SAVE_KEY]), store.data[saves.SAVE_KEY])
    assert b.slot.settled(store.data[saves.SAVE_KEY])
    del store.data[saves.SAVE_KEY]  # removed elsewhere: B's game is the only copy, to follow
    assert not b.slot.settled(None)


def test_a_save_that_cannot_be_read_is_never_written_over():
    store = FakeStore()
    store.data[saves.SAVE_KEY] = good(rev=3)
    store.unreadable = True
    tab = Tab(store, game(5))
    loaded = tab.slot.load()
    assert loaded.save is None and "could not be read" in loaded.title
    store.unreadable = False  # even once it reads again, this tab does not write
    assert tab.save() == slot.BLOCKED and saves.peek_rev(store.data[saves.SAVE_KEY]) == 3


def test_a_damaged_save_is_kept_aside_before_it_is_replaced():
    store = FakeStore()
    store.data[saves.SAVE_KEY] = "{damaged"
    tab = Tab(store, game(5))
    loaded = tab.slot.load()
    assert loaded.save is None and "kept aside" in loaded.text
    assert tab.save() == slot.SAVED
    assert [v for k, v in store.data.items() if k.startswith(saves.BROKEN_PREFIX)] == ["{damaged"]
    other = FakeStore()
    other.data[saves.SAVE_KEY] = "{damaged"
    other.full = True  # cannot keep it aside: then never write over it
    tab = Tab(other, game(5))
    assert "left untouched" in tab.slot.load().text
    other.full = False
    assert tab.save() == slot.BLOCKED and other.data[saves.SAVE_KEY] == "{damaged"


def test_full_storage_still_reads_the_save():
    store = FakeStore()
    store.data[saves.SAVE_KEY] = good(rev=2)
    store.full = True
    tab = Tab(store, game(5))
    assert tab.slot.load().save is not None
    assert tab.save() == slot.FAILED


# ---- clicks.py: a click applies only what was on screen when it was pressed (case 5) ------

class Ev:
    def __init__(self, t: float, detail: int = 1, repeat: bool = False) -> None:
        self.timeStamp, self.detail, self.repeat = t, detail, repeat


def test_the_second_click_of_a_double_click_is_stale_once_the_page_redrew():
    g = clicks.ClickGuard()
    g.drawn(0.0)
    g.pressed(Ev(10.0, 1))
    assert not g.stale(Ev(12.0, 1))  # the first click applies and the page redraws
    g.drawn(15.0)
    g.pressed(Ev(90.0, 2))
    assert g.stale(Ev(95.0, 2))  # the second belongs to a gesture begun before the redraw
    g.pressed(Ev(400.0, 1))
    assert not g.stale(Ev(410.0, 1))  # a new click on the new screen applies


def test_a_press_made_before_a_redraw_is_stale_and_keys_do_not_repeat():
    g = clicks.ClickGuard()
    g.pressed(Ev(10.0, 1))
    g.drawn(20.0)  # e.g. a computer player's move drew new targets under the pointer
    assert g.stale(Ev(30.0, 1))
    assert not g.stale(Ev(40.0, 0))  # Enter on a focused chamber: the click is the press
    assert g.stale(Ev(50.0, 0, repeat=True))


# ---- the games kept aside, as the player sees them listed (ui/kept.py) ---------------------

def test_kept_games_are_listed_newest_first_in_words_and_a_damaged_one_says_so():
    """Every copy the page kept aside (`cakegame.save.kept.<time>`, `.broken.<time>`) is
    listed for the player, newest first: who plays, the turn and who is to play, the seed
    (and with the game's record, how many decisions in), a finished game's result,
    a damaged copy said to be damaged (never opened); other keys are not games."""
    from ui import kept

    playing = game(30, players=3, seed=17, names=["Ann", "Bo", "Cy"])
    finished = game(0, seed=5)
    while not finished.is_over:
        finished = finished.apply(finished.legal_actions()[0])
    items = [
        ("cakegame.save", good()),
        ("cakegame.prefs", "{}"),
        (slot.KEPT_PREFIX + "1700000000000",
         saves.encode(playing, ["human", "easy", "hard"])),
        (saves.BROKEN_PREFIX + "1700000005000", "{not a save"),
        (slot.KEPT_PREFIX + "1700000009000", saves.encode(finished, ["human", "human"])),
        (slot.KEPT_PREFIX + "1699999999999", None),  # the browser would not read it
    ]
    listed = kept.listing(items)
    assert [k.at_ms for k in listed] == [1700000009000, 1700000005000, 1700000000000,
                                         1699999999999]
    last, broken, ann, unread = listed
    winners = " and ".join(finished.names[w] for w in finished.outcome.winners)
    assert last.summary.startswith(f"{finished.names[0]} and {finished.names[1]}, finished: "
                                   f"{winners} ") and not last.damaged
    assert ann.summary == (f"Ann, Bo and Cy, turn {playing.turn_number}, "
                           f"{playing.names[playing.current_player]} to play (seed 17)")
    assert not ann.damaged
    assert broken.damaged and broken.summary.startswith("Cannot be opened: the save is damaged")
    assert unread.damaged and unread.summary == "Cannot be opened: this browser could not read it"
    assert not kept.is_kept("cakegame.save") and kept.is_kept(saves.BROKEN_PREFIX + "1")
