"""The page's save format against hostile input (issue 16), under CPython and in Pyodide.

Browser-side cases are in tests/test_page_defences.py.
"""

from __future__ import annotations

import json
import random

import cakegame
import pytest
from pyodide_node import available, run_in_pyodide
from ui import params, saves


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
