"""Sifang Table 四方桌: start the game window, or let bots play each other headless.

    python main.py [--lang zh_TW|en] [--window WxH] [--fullscreen]
    python main.py --selfplay GAME [--players N] [--games K] [--seed S] [--bots LEVEL[,LEVEL...]]

Exit codes: 0 done, 1 the game stopped on an error (see the log), 2 bad
command line. The selfplay path never imports pygame.
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        allow_abbrev=False,
        prog="SifangTable" if getattr(sys, "frozen", False) else "main.py",
        description="Sifang Table 四方桌: four board games for one table, hot-seat and against bots.",
        epilog="Games for --selfplay: elfenland, xuanwu_gate, european_union, wonderful_island "
               "(only those marked available can be played). Example: "
               "--selfplay xuanwu_gate --players 5 --games 100 --seed 1 --bots normal")
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
    return parser


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
    if not spec.available:
        ready = [k for k, s in GAMES.items() if s.available]
        parser.error(f"--selfplay: {spec.names['en']} ({key}) is not available yet; "
                     f"available: {', '.join(ready) or 'none'}")
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


# -- the game window -------------------------------------------------------------
def gui(args: argparse.Namespace) -> int:
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
        code = run(args.lang, args.window, bool(args.fullscreen))
    except KeyboardInterrupt:
        log.info("interrupted")
        return 130
    except Exception as exc:  # noqa: BLE001 - the log keeps the traceback, the player gets a line
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
    cli = any(a in ("-h", "--help") or a.startswith(("--selfplay", "--players", "--games", "--seed", "--bots"))
              for a in argv)
    if argv:
        _attach_console(sink=cli)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a bad value (2): argparse has already said why
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    sp_only = [name for name in ("players", "games", "seed", "bots") if getattr(args, name) is not None]
    if args.selfplay is None:
        if sp_only:
            try:
                parser.error(f"--{sp_only[0]} only goes with --selfplay GAME")
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
    import multiprocessing
    multiprocessing.freeze_support()
    sys.exit(main())
