"""The terminal game and the package's command line (`python -m cakegame`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import cakegame
import pytest
from cakegame import cli
from cakegame.rng import Rng
from cakegame.terminal import lab_text, parse_seats, play_game

ROOT = Path(__file__).resolve().parent.parent


def scripted_lines(players: int, seed: int, pick_seed: int) -> tuple[list[str], cakegame.State]:
    """Every action of a whole game of random legal choices, as typed text, and its end."""
    s = cakegame.new_game(players=players, seed=seed)
    pick = Rng(pick_seed)
    lines = []
    while not s.is_over:
        a = pick.choice(s.legal_actions())
        lines.append(str(a))
        s = s.apply(a)
    return lines, s


def run_module(args: list[str], stdin: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "cakegame", *args], input=stdin, env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_scripted_game_plays_to_the_end_with_refusals_on_the_way():
    lines, end = scripted_lines(2, seed=5, pick_seed=11)
    # Refused lines between the real ones: each is answered and changes nothing.
    typed = ["nonsense", "from Z", "", "help", "board"] + lines[:3] + ["count 99"] + lines[3:]
    done = run_module(["play", "--players", "2", "--seats", "human,human", "--seed", "5"],
                      "\n".join(typed) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Refused: unknown action 'nonsense'" in out
    assert "Refused: from Z is not possible" in out
    assert "Refused: count 99" in out
    winners = " and ".join(end.names[w] for w in end.outcome.winners)
    assert f"Game over ({end.outcome.reason.value}): {winners} won." in out
    assert "Input ended" not in out


def test_people_and_every_bot_level_play_a_game_to_the_end():
    s = cakegame.new_game(players=3, seed=42)
    seats = parse_seats("human,medium,hard", 3)
    out: list[str] = []
    asked = []

    def read(prompt: str) -> str:
        # The person types the first of the choices the screen listed last.
        asked.append(prompt)
        lines = "\n".join(out).splitlines()
        shown = [line for line in lines if line.startswith("  choices: ")][-1]
        return shown[len("  choices: "):].split(" | ")[0]

    end = play_game(s, seats, read=read, write=out.append, bot_seed=42, iterations=2)
    assert end.is_over
    assert asked and all(p == "Orange> " for p in asked)
    text = "\n".join(out)
    assert "Blue (medium): " in text and "Green (hard): " in text
    assert text.rstrip().splitlines()[-1].startswith("Game over")


def test_the_same_seed_and_lines_give_the_same_game():
    def once() -> str:
        out: list[str] = []
        lines = iter(["from A", "quit"])
        play_game(cakegame.new_game(players=2, seed=3), ["medium", "human"],
                  read=lambda _p: next(lines), write=out.append, bot_seed=3)
        return "\n".join(out)

    assert once() == once()


def test_a_person_sees_only_their_own_hand():
    s = cakegame.new_game(players=2, seed=1)
    pick = Rng(2)
    while s.hand_size(0) == 0 or s.hand_size(1) == 0 or s.current_player != 0:
        s = s.apply(pick.choice(s.legal_actions()))
    out: list[str] = []
    play_game(s, ["human", "human"], read=lambda _p: "quit", write=out.append)
    text = "\n".join(out)
    for card in s.hand(0):
        assert card in text
    for card in set(s.hand(1)) - set(s.hand(0)):
        assert f"{card} (" not in text


def test_end_of_input_stops_the_game_and_save_writes_a_save(tmp_path):
    target = tmp_path / "game.json"
    done = run_module(["play", "--players", "2", "--seats", "human,human", "--seed", "8"],
                      f"save {target}\n")
    assert done.returncode == 0
    assert "Input ended" in done.stdout
    saved = cakegame.State.from_json(target.read_text())
    assert saved == cakegame.new_game(players=2, seed=8)
    again = run_module(["play", "--load", str(target), "--seats", "human,human"], "quit\n")
    assert again.returncode == 0 and "Stopped." in again.stdout


@pytest.mark.parametrize("args, says", [
    (["play", "--players", "5"], "2 to 4 players"),
    (["play", "--players", "3", "--seats", "human,robot,easy"], "unknown seat kind 'robot'"),
    (["play", "--players", "2", "--seats", "human"], "one seat kind for each of the 2"),
    (["play", "--load", "/nonexistent/save.json"], "cannot read"),
    (["tournament", "--levels", "medium"], "2 to 4 levels"),
    (["tournament", "--levels", "medium,genius"], "unknown bot level 'genius'"),
])
def test_wrong_arguments_are_explained_not_a_traceback(args, says, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


def test_tournament_and_bench_entry_points(capsys):
    assert cli.tournament_main(["--levels", "medium,easy", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 2 players" in out and "medium" in out and "easy" in out
    assert cli.bench_main(["--games", "1"]) == 0
    out = capsys.readouterr().out
    assert all(f"{n} players:" in out for n in (2, 3, 4))


def test_the_lab_text_shows_every_chamber_once():
    s = cakegame.new_game(players=3, seed=7)
    text = lab_text(s)
    for c in s.chambers():
        assert text.count(f"{c.letter} {''.join(i.value for i in c.icons)}") == 1
    assert text.splitlines()[0].lstrip().startswith("top")
