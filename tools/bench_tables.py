"""The report's rows for the tables (tools/bench_play.py's results), for tools/bench.py: each figure
beside its goal, by tenth of the game."""
from __future__ import annotations

FRAME_GOAL_MEDIAN = 1 / 60   # one 60 Hz frame
FRAME_GOAL_MAX = 2 / 60      # never two dropped frames in a row
MEMORY_GOAL_MB = 150

Row = tuple[str, str, str, str]


def fmt_s(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def verdict(ok: bool) -> str:
    return "meets goal" if ok else "MISSES goal"


def ms_pair(fig: dict) -> str:
    """median / max of the CPU time, with the wall clock's beside it."""
    return (f"CPU {fmt_s(fig['cpu_median_s'])} / {fmt_s(fig['cpu_max_s'])}, "
            f"wall {fmt_s(fig['median_s'])} / {fmt_s(fig['max_s'])}")


def meets(fig: dict, clock: str) -> bool:
    return fig[clock + "median_s"] <= FRAME_GOAL_MEDIAN and fig[clock + "max_s"] <= FRAME_GOAL_MAX


def frame_goal(fig: dict) -> tuple[str, str]:
    """Judged on the drawing thread's CPU time, which the other jobs of a shared machine do not
    inflate; the wall clock's verdict beside it, since the wall is what a player waits (a disk's
    sync in the autosave, a worker thread holding the interpreter, the machine's load)."""
    return "<= 16.7 / 33 ms", f"CPU {verdict(meets(fig, 'cpu_'))}, wall {verdict(meets(fig, ''))}"


def _median_max(fig: dict) -> str:
    return f"{fmt_s(fig['median_s'])} / {fmt_s(fig['max_s'])}" if fig.get("n") else "-"


def tenth_rows(r: dict) -> list[Row]:
    """Per tenth of the game: the frame after each action beside its goal, then what else the
    player waited on in that tenth (the save on disk, a bot's turn, the collector in frames)."""
    rows: list[Row] = []
    total = r["length_off_table"]   # the tenths were cut by the game's length played off the table
    for t in r["tenths"]:
        k = t["tenth"]
        span = f"actions {total * (k - 1) // 10 + 1}-{total * k // 10}"
        if not t["n"]:
            rows.append((f"  tenth {k} ({span})", "not measured (--quick)", "", ""))
            continue
        rows.append((f"  tenth {k} ({span}, {t['n']} frames): frame median / max", ms_pair(t), *frame_goal(t)))
        rows.append(("    save on disk; bot turn to move on screen; collector in frames",
                     f"{_median_max(t['save'])}; {_median_max(t['turn'])}; "
                     f"{t['gc_n']} passes, {fmt_s(t['gc_s'])}", "", ""))
    return rows


def play_rows(label: str, r: dict) -> list[Row]:
    """The report's rows for one table (tools/bench_play.py's table_child)."""
    if "error" in r:
        return [(f"{label} table", r["error"], "", "")]
    quick = ", --quick: 3 tenths" if r["quick"] else ""
    rows: list[Row] = [
        (f"{label}: frame after each action, median / max ({r['actions']} actions, {r['measured']} "
         f"frames{quick})", ms_pair(r["after"]), *frame_goal(r["after"])),
        ("  after the person's action / after a bot's move",
         f"{ms_pair(r['person'])} / {ms_pair(r['bot'])}", "", ""),
        ("  of which the match's save method, wall median / max", _median_max(r["autosave_in_frame"]), "", ""),
    ]
    if r["actions"] != r["length_off_table"] or r["person_by_table"]:
        rows.append((f"  the same seeds off the table: {r['length_off_table']} actions; the table acted for "
                     f"the person {r['person_by_table']} times (Enter pressed {r['enters']} times)", "", "", ""))
    rows += tenth_rows(r)
    turns, saves, gc = r["turns"], r["saves"], r["gc_in_frames"]
    if turns["n"]:
        rows.append((f"  bot turn to move on screen ({turns['n']} turns; the speed setting's pause left out)",
                     f"wall {_median_max(turns)} (process CPU {fmt_s(turns['cpu_median_s'])} / "
                     f"{fmt_s(turns['cpu_max_s'])})", "", ""))
    if saves["n"]:
        rows.append((f"  action to its save on disk ({saves['n']})", f"wall {_median_max(saves)}", "", ""))
    rows.append(("  collector passes begun in frames (generation 2)",
                 f"{gc['n']} ({gc['gen2']}), {fmt_s(gc['s'])}, longest {fmt_s(gc['max_s'])} "
                 f"(all passes {r['gc_all']['n']}, {fmt_s(r['gc_all']['s'])})", "", ""))
    for key, what in (("anim", "while an animation runs"), ("thinking", "while a bot thinks beside them"),
                      ("mouse", "with the mouse sweeping the table"), ("other", "while the table holds or waits")):
        if r[key]["n"]:
            rows.append((f"  frames {what} ({r[key]['n']})", ms_pair(r[key]), *frame_goal(r[key])))
    if "zoom" in r:
        z = r["zoom"]
        rows.append((f"  first frame at each zoom level ({r['zoom_levels']}): median / worst", ms_pair(z),
                     "CPU <= 33 ms", verdict(z["cpu_max_s"] <= FRAME_GOAL_MAX)))
    goal = r["game"] in ("european_union", "elfenland")
    what = "  peak memory (RSS)" + (", zoomed through every level" if "zoom" in r else "")
    rows.append((what, f"{r['peak_rss_mb']:.0f} MB (text cache {r['text_cache_mb']:.1f} MB)",
                 f"<= {MEMORY_GOAL_MB} MB" if goal else "", verdict(r["peak_rss_mb"] <= MEMORY_GOAL_MB) if goal else ""))
    return rows
