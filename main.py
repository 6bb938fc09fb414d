"""Sifang Table 四方桌: start the game window, or let bots play each other headless.

    python main.py [--lang zh_TW|en] [--window WxH] [--fullscreen]
    python main.py --selfplay GAME [--players N] [--games K] [--seed S] [--bots LEVEL[,LEVEL...]]
    python main.py --host GAME [--players N] [--seats KIND[,KIND...]] [--listen ADDRESS[:PORT]] [--seed S]
    python main.py --join ADDRESS:PORT --code CODE [--seat K] [--name NAME]      (the window, at that table)
    python main.py --join ADDRESS:PORT --code CODE --bot LEVEL [--seat K] [--name NAME] [--token-file PATH]

Exit codes: 0 done, 1 the game stopped on an error (see the log), 2 bad
command line. The selfplay, host and join-with-a-bot paths never import pygame (docs/network.md says what
--host and --join do).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from typing import Optional, Sequence

MIN_WINDOW = (1024, 600)
MAX_WINDOW = (2560, 1440)
DEFAULT_WINDOW = (1280, 720)
LANGS = ("zh_TW", "en")  # the same as game.core.i18n.LANGS, kept here so --help stays light
MAX_GAMES = 10_000_000
DEFAULT_PORT = 47047  # where a table listens unless --listen says otherwise

EXIT_OK, EXIT_ERROR, EXIT_USAGE = 0, 1, 2


# -- argument types ------------------------------------------------------------
def window_size(text: str) -> tuple[int, int]:
    """'1280x720' -> (1280, 720), within MIN_WINDOW..MAX_WINDOW."""
    m = re.fullmatch(r"\s*(\d{1,6})\s*[xX×*]\s*(\d{1,6})\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a window size; write WIDTHxHEIGHT, for example 1280x720")
    w, h = int(m.group(1)), int(m.group(2))
    if not (MIN_WINDOW[0] <= w <= MAX_WINDOW[0] and MIN_WINDOW[1] <= h <= MAX_WINDOW[1]):
        raise argparse.ArgumentTypeError(
            f"window {w}x{h} is out of range: width must be {MIN_WINDOW[0]}-{MAX_WINDOW[0]} "
            f"and height {MIN_WINDOW[1]}-{MAX_WINDOW[1]}")
    return w, h


def language(text: str) -> str:
    code = text.strip().replace("-", "_")
    for lang in LANGS:
        if code.lower() == lang.lower():
            return lang
    raise argparse.ArgumentTypeError(f"language must be one of {', '.join(LANGS)}, not {text!r}")


def int_arg(what: str, low: Optional[int] = None, high: Optional[int] = None):
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high}, not {value}")
        return value
    parse.__name__ = what
    return parse


def bot_levels(text: str) -> list[str]:
    levels = [part.strip() for part in text.split(",")]
    if not levels or any(not lv for lv in levels):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of bot levels; write LEVEL or LEVEL,LEVEL,... (for example normal,easy,easy)")
    return levels


class Parser(argparse.ArgumentParser):
    """The command line; its --help names the games from game.registry, read only when help is shown."""

    def format_help(self) -> str:
        from game.registry import KEYS
        self.epilog = (f"Games for --selfplay and --host: {', '.join(KEYS)}. Example: "
                       "--selfplay xuanwu_gate --players 5 --games 100 --seed 1 --bots normal")
        return super().format_help()


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        allow_abbrev=False,
        prog="SifangTable" if getattr(sys, "frozen", False) else "main.py",
        description="Sifang Table 四方桌: four board games for one table, hot-seat and against bots.")
    from game.version import VERSION
    parser.add_argument("--version", action="version", version=f"Sifang Table {VERSION}")
    gui = parser.add_argument_group("game window")
    gui.add_argument("--lang", type=language, metavar="{zh_TW,en}",
                     help="interface language (default: the one chosen last time, else the system's)")
    gui.add_argument("--window", type=window_size, metavar="WxH",
                     help=f"window size, {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to {MAX_WINDOW[0]}x{MAX_WINDOW[1]} "
                          f"(default: the size used last time, else {DEFAULT_WINDOW[0]}x{DEFAULT_WINDOW[1]})")
    gui.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 switches in the game)")
    sp = parser.add_argument_group("bots only, no window")
    sp.add_argument("--selfplay", metavar="GAME", help="let bots play GAME against each other and print who won")
    sp.add_argument("--players", type=int_arg("--players", 1, 99), metavar="N",
                    help="number of seats (default: the game's smallest table)")
    sp.add_argument("--games", type=int_arg("--games", 1, MAX_GAMES), metavar="K", default=None,
                    help="number of games (default 100)")
    sp.add_argument("--seed", type=int_arg("--seed", 0, 2**63 - 1), metavar="S",
                    help="seed; the same seed gives the same results (default: a random one, printed)")
    sp.add_argument("--bots", type=bot_levels, metavar="LEVEL[,LEVEL...]",
                    help="one bot level for every seat, or one per seat (default: the game's first level)")
    net = parser.add_argument_group("a table on the local network, no window (docs/network.md)")
    net.add_argument("--host", metavar="GAME", help="open a table for GAME, print its address and code, "
                     "run until the game ends (--players, --seed as for --selfplay)")
    net.add_argument("--seats", type=seat_kinds, metavar="KIND[,KIND...]",
                     help="with --host: 'remote' (a person who joins) or a bot level for each seat "
                          "(default: every seat remote)")
    net.add_argument("--listen", metavar="ADDRESS[:PORT]",
                     help=f"with --host: where to listen (default 0.0.0.0:{DEFAULT_PORT}; port 0: any free port)")
    net.add_argument("--hints", action="store_true",
                     help="with --host: the people may ask for hints (each worked out on their own computer)")
    net.add_argument("--save", metavar="PATH",
                     help="with --host: save the game there after every move (and the table beside it, "
                          "privately); if PATH holds a hosted game already, that table opens again and "
                          "its people come back to their seats")
    net.add_argument("--join", metavar="ADDRESS:PORT", help="join the table at that address: the window opens "
                     "on it, or with --bot a bot plays the seat on its own view, no window")
    net.add_argument("--code", metavar="CODE", help="with --join: the table code the host printed")
    net.add_argument("--bot", metavar="LEVEL", help="with --join: the level of the bot that plays the seat (no window)")
    net.add_argument("--seat", type=int_arg("--seat", 1, 99), metavar="K",
                     help="with --join: the seat to take, counted from 1 (default: the first free one)")
    net.add_argument("--name", metavar="NAME", help="with --join: the name the table shows for the seat")
    net.add_argument("--token-file", metavar="PATH",
                     help="with --join: keep the seat's token there, and come back to the seat from it")
    return parser


def seat_kinds(text: str) -> list[str]:
    kinds = [part.strip() for part in text.split(",")]
    if not kinds or any(not k for k in kinds):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a list of seats; write KIND,KIND,... with remote or a bot level (for example remote,remote,easy)")
    return kinds


# -- consoles ------------------------------------------------------------------
def _attach_console(sink: bool) -> None:
    """A windowed Windows build has no stdout: borrow the console it was started from, if any.

    With `sink`, streams still missing afterwards become os.devnull (the CLI
    paths); without it they stay None for setup_logging to route to the log.
    """
    if sys.platform == "win32" and (sys.stdout is None or sys.stderr is None):
        try:
            import ctypes
            if ctypes.windll.kernel32.AttachConsole(-1):  # ATTACH_PARENT_PROCESS
                con = open("CONOUT$", "w", encoding="utf-8", errors="replace")
                sys.stdout = sys.stdout or con
                sys.stderr = sys.stderr or con
        except (OSError, AttributeError, ValueError):
            pass
    if sink and (sys.stdout is None or sys.stderr is None):
        null = open(os.devnull, "w")
        sys.stdout = sys.stdout or null
        sys.stderr = sys.stderr or null
    for stream in (sys.stdout, sys.stderr):
        try:  # a console or pipe that cannot show 四方桌 gets '?' rather than an error
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass


def _out(text: str) -> None:
    try:
        print(text, flush=True)
    except (OSError, ValueError, UnicodeEncodeError):
        try:
            sys.stdout.write(text.encode("ascii", "replace").decode("ascii") + "\n")
        except Exception:  # noqa: BLE001 - nowhere left to report to
            pass


# -- selfplay ------------------------------------------------------------------
def selfplay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from game.core.selfplay import SelfplayError, run_selfplay
    from game.registry import GAMES

    key = args.selfplay.strip()
    spec = GAMES.get(key)
    if spec is None:
        parser.error(f"--selfplay: unknown game {key!r}; choose from {', '.join(GAMES)}")
    players = args.players if args.players is not None else spec.min_players
    if not spec.min_players <= players <= spec.max_players:
        parser.error(f"--players: {spec.names['en']} takes {spec.min_players} to {spec.max_players} "
                     f"players, not {players}")
    if args.bots:
        unknown = [lv for lv in args.bots if lv not in spec.bots]
        if unknown:
            elsewhere = [s.names["en"] for s in GAMES.values() if unknown[0] in s.bots]
            if elsewhere:  # a level other games have (hard, while a game's search is still to come)
                parser.error(f"--bots: {spec.names['en']} ({key}) has no {unknown[0]} bots yet "
                             f"({', '.join(elsewhere)} {'has' if len(elsewhere) == 1 else 'have'}); "
                             f"choose from {', '.join(spec.bots)}")
            parser.error(f"--bots: no bot level {unknown[0]!r} for {key}; choose from {', '.join(spec.bots)}")
        if len(args.bots) not in (1, players):
            parser.error(f"--bots: give one level for all seats or one per seat ({players}), "
                         f"not {len(args.bots)}")
    games = args.games if args.games is not None else 100
    seed = args.seed
    if seed is None:
        import random
        seed = random.SystemRandom().randrange(2**31)
    try:
        result = run_selfplay(spec, players, games, seed, args.bots)
    except SelfplayError as exc:
        parser.error(f"--selfplay: {exc}")
    except KeyboardInterrupt:
        _out("stopped")
        return 130
    _out(result.table())
    return EXIT_OK


# -- a table on the local network ----------------------------------------------------
def _game(parser: argparse.ArgumentParser, option: str, key: str):
    from game.registry import GAMES
    spec = GAMES.get(key.strip())
    if spec is None:
        parser.error(f"{option}: unknown game {key!r}; choose from {', '.join(GAMES)}")
    return spec


def host_table(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from game.net.client import parse_address
    from game.net.headless import PERSON, lan_address, open_table, wait_until_over

    spec = _game(parser, "--host", args.host)
    players = args.players if args.players is not None else (len(args.seats) if args.seats else spec.min_players)
    if not spec.min_players <= players <= spec.max_players:
        parser.error(f"--players: {spec.names['en']} takes {spec.min_players} to {spec.max_players} "
                     f"players, not {players}")
    kinds = args.seats or [PERSON] * players
    if len(kinds) != players:
        parser.error(f"--seats: give one kind per seat ({players}), not {len(kinds)}")
    unknown = [k for k in kinds if k != PERSON and k not in spec.bots]
    if unknown:
        parser.error(f"--seats: {unknown[0]!r} is neither 'remote' nor a bot level of {spec.key} "
                     f"({', '.join(spec.bots)})")
    try:
        host, port = parse_address(args.listen or "0.0.0.0", DEFAULT_PORT, listening=True)
    except ValueError as exc:
        parser.error(f"--listen: {exc}")
    if args.save:
        return host_saved_table(spec, kinds, args, host, port)
    try:
        table = open_table(spec, kinds, seed=args.seed, host=host, port=port, bot_delay=0.0,
                           hints=args.hints)
    except OSError as exc:
        _out(f"cannot open the table: {exc}")
        return EXIT_ERROR
    shown = lan_address() if host in ("0.0.0.0", "") else host
    _out(f"table open: {spec.names['en']}, {players} seats ({', '.join(kinds)})")
    _out(f"address: {shown}:{table.address[1]}")
    _out(f"code: {table.code}")
    try:
        wait_until_over(table)
    except KeyboardInterrupt:
        _out("stopped")
        table.close()
        return 130
    names = [s.name for s in table.match.seats]
    _out("game over; winners: " + ", ".join(f"seat {w + 1} ({names[w]})" for w in table.match.state.winners()))
    table.close()
    return EXIT_OK


def host_saved_table(spec, kinds: list[str], args: argparse.Namespace, host: str, port: int) -> int:
    """--host with --save: a game saved after every move, its table kept beside it; a save that
    holds a hosted game already is taken up again, its table opened with the same code."""
    from pathlib import Path

    from game.core.errors import SaveError, SaveFailed
    from game.core.match import Match
    from game.net.headless import PERSON, table_seats
    from game.net.hosting import Hosting, keep_path, read_kept
    from game.net.table import BOT, REMOTE
    from game.registry import GAMES

    path = Path(args.save)
    try:
        if path.exists():
            match = Match.load(GAMES, path, autosave_path=path)
            kept = read_kept(keep_path(path), len(match.seats))
            roles = kept.roles if kept else [BOT if s.kind in match.spec.bots else REMOTE for s in match.seats]
            _out(f"taken up again: {path} ({len(match.state.actions)} actions)")
        else:
            match = Match.new(spec, table_seats(kinds), seed=args.seed, autosave_path=path,
                              hints_allowed=args.hints)
            kept, roles = None, [REMOTE if kind == PERSON else BOT for kind in kinds]
    except (SaveError, SaveFailed, OSError, ValueError) as exc:
        _out(f"cannot use {path}: {exc}")
        return EXIT_ERROR
    loopback = host in ("127.0.0.1", "::1", "localhost")
    hosting = Hosting(match, roles, listen=host, port=port, kept=kept, run_bots=True, announce=not loopback)
    try:
        hosting.open()
    except OSError as exc:
        _out(f"cannot open the table: {exc}")
        return EXIT_ERROR
    _out(f"address: {hosting.addresses()[0]}:{hosting.port}")
    _out(f"code: {hosting.code}")
    try:
        hosting.server.finished.wait()
    except KeyboardInterrupt:
        _out("stopped")
        hosting.close()
        return 130
    names = [s.name for s in match.seats]
    _out("game over; winners: " + ", ".join(f"seat {w + 1} ({names[w]})" for w in match.state.winners()))
    hosting.close()
    return EXIT_OK


def join_table(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from pathlib import Path

    from game.net.client import JoinRefused, PinMismatch, parse_address
    from game.net.headless import join_and_play
    from game.net.tablecode import BadCode, parse
    from game.registry import GAMES

    try:
        address = parse_address(args.join)
    except ValueError as exc:
        parser.error(f"--join: {exc}")
    if not args.code:
        parser.error("--join needs --code CODE (the code the host printed)")
    try:
        code = str(parse(args.code))
    except BadCode as exc:
        parser.error(f"--code: {exc}")
    seat = args.seat - 1 if args.seat is not None else None
    if not args.bot:   # a person plays the seat: the game window opens on the table
        if args.token_file:
            parser.error("--token-file goes with --bot (the window keeps its seats in the data folder)")
        return gui(args, join={"address": f"{address[0]}:{address[1]}", "code": code, "seat": seat,
                               "name": args.name})
    levels = {lv for spec in GAMES.values() for lv in spec.bots}
    if args.bot not in levels:
        parser.error(f"--bot: no bot level {args.bot!r}; choose from {', '.join(sorted(levels))}")
    try:
        remote = join_and_play(GAMES, address, code, args.bot, seat=seat, name=args.name,
                               token_file=Path(args.token_file) if args.token_file else None)
    except PinMismatch as exc:
        _out(f"refused: {exc}")
        return EXIT_ERROR
    except (JoinRefused, OSError) as exc:
        _out(f"could not join: {exc}")
        return EXIT_ERROR
    except KeyError as exc:
        _out(f"could not join: the game has no bot level {exc}")
        return EXIT_ERROR
    except KeyboardInterrupt:
        _out("stopped")
        return 130
    over = remote.state.is_over()
    winners = remote.state.winners()
    remote.close()
    _out(f"seat {remote.seat + 1}: " + (("won" if remote.seat in winners else "lost") if over else "the table closed"))
    return EXIT_OK if over else EXIT_ERROR


# -- the game window -------------------------------------------------------------
def gui(args: argparse.Namespace, join: Optional[dict] = None) -> int:
    import logging

    from game.core.logs import setup_logging

    log_file = setup_logging()
    log = logging.getLogger("sifang")
    log.info("starting: lang=%s window=%s fullscreen=%s frozen=%s python=%s platform=%s",
             args.lang, args.window, args.fullscreen, getattr(sys, "frozen", False),
             sys.version.split()[0], sys.platform)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # pygame finds its own data files with setuptools' pkg_resources when it can import it, else in
    # its package folder; that import alone took as long as the rest of a start (70-130 ms here)
    # and the game needs none of it: pygame is told there is none.
    sys.modules.setdefault("pkg_resources", None)  # type: ignore[arg-type]
    if sys.platform == "win32":
        try:  # sharp text on scaled displays
            import ctypes
            ctypes.windll.shcore.SetProcessDpiAwareness(1)
        except (OSError, AttributeError):
            pass
    try:
        from scenes.app import run
    except ImportError as exc:
        log.exception("cannot load the game window")
        _report(f"Sifang Table cannot open its window: {exc}", log_file)
        return EXIT_ERROR
    try:
        code = run(args.lang, args.window, bool(args.fullscreen), **({"join": join} if join else {}))
    except KeyboardInterrupt:
        log.info("interrupted")
        return 130
    except Exception as exc:
        log.exception("the game stopped on an error")
        _report(f"Sifang Table stopped on an error: {exc}", log_file)
        return EXIT_ERROR
    log.info("quit with code %s", code)
    logging.shutdown()
    return int(code or 0)


def _report(message: str, log_file) -> None:
    if sys.stderr is None or not hasattr(sys.stderr, "isatty"):
        return
    where = f" (details in {log_file})" if log_file else ""
    try:
        sys.stderr.write(message + where + "\n")
    except (OSError, ValueError):
        pass


def main(argv: Optional[Sequence[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    cli = any(a in ("-h", "--help") or a.startswith(("--selfplay", "--players", "--games", "--seed", "--bots",
                                                     "--host", "--join"))
              for a in argv)
    if argv:
        _attach_console(sink=cli)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a bad value (2): argparse has already said why
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        modes = [m for m in ("selfplay", "host", "join") if getattr(args, m) is not None]
        if len(modes) > 1:
            parser.error(f"--{modes[0]} and --{modes[1]} cannot go together")
        if modes and (modes[0] == "host" or (modes[0] == "join" and args.bot)) and (args.window or args.fullscreen):
            parser.error(f"--window and --fullscreen are for the game window, not for --{modes[0]}")
        net = {"host": ("seats", "listen"), "join": ("code", "bot", "seat", "name", "token_file")}
        for mode, names in net.items():
            stray = [n for n in names if getattr(args, n) is not None]
            if stray and getattr(args, mode) is None:
                parser.error(f"--{stray[0].replace('_', '-')} only goes with --{mode}")
        if args.hints and args.host is None:
            parser.error("--hints only goes with --host")
        if args.host is not None:
            if args.games is not None or args.bots is not None:
                parser.error("--games and --bots go with --selfplay; a hosted table's bots are in --seats")
            return host_table(parser, args)
        if args.join is not None:
            stray = [n for n in ("players", "games", "seed", "bots") if getattr(args, n) is not None]
            if stray:
                parser.error(f"--{stray[0]} does not go with --join (the host chose the game)")
            return join_table(parser, args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    sp_only = [name for name in ("players", "games", "seed", "bots") if getattr(args, name) is not None]
    if args.selfplay is None:
        if sp_only:
            try:
                parser.error(f"--{sp_only[0]} only goes with --selfplay GAME (or, --players and --seed, with --host GAME)")
            except SystemExit as exc:
                return exc.code
        return gui(args)
    if args.window or args.fullscreen:
        try:
            parser.error("--window and --fullscreen are for the game window, not for --selfplay")
        except SystemExit as exc:
            return exc.code
    try:
        return selfplay(parser, args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE


if __name__ == "__main__":
    # A game's review runs in a process of its own (scenes/coach/review.py): in the built
    # executable that process starts as this program, and this lets it do its work and nothing else.
    # From source it does nothing, so the window does not wait for multiprocessing's import.
    if getattr(sys, "frozen", False):
        import multiprocessing
        multiprocessing.freeze_support()
    sys.exit(main())
