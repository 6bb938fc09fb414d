"""The Elfenland board as read from maps/elfenland.tmx (the single source of truth for the board)."""
from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from game.core.paths import resource_path
from game.elfenland.board import BoardError, load_board

MAPS = resource_path("maps")
TMX = MAPS / "elfenland.tmx"
MAGNUM = {"Elvenhold", "Virst", "Strykhaven"}
NEBULAE = {"Parundia", "Yttar", "Grangor"}


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture(scope="module")
def data():
    with open(resource_path("assets", "data", "elfenland.json"), encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="module")
def tiled():
    import pytmx
    return pytmx.TiledMap(str(TMX))


def _copy_maps(dst: Path) -> Path:
    for name in ("elfenland.tmx", "elfenland_terrain.tsx", "elfenland_terrain.png"):
        shutil.copy(MAPS / name, dst / name)
    return dst / "elfenland.tmx"


# ----------------------------------------------------------------------------- the graph
def test_towns(board, data):
    assert len(board.towns) == 21
    assert [t.id for t in board.towns.values() if t.capital] == ["Elvenhold"]
    assert board.capital == "Elvenhold"
    cards = sorted(t.id for t in board.towns.values() if t.town_card)
    assert len(cards) == data["counts"]["town_cards"] == 12
    assert "Elvenhold" not in cards
    assert set(cards) == {"Beata", "Erg'Eren", "Grangor", "Ixara", "Jaccaranda", "Mah'Davikia",
                          "Strykhaven", "Tichih", "Usselen", "Virst", "Wylhien", "Yttar"}
    assert board.towns["Elvenhold"].name_zh == "精靈堡"
    zh = [t.name_zh for t in board.towns.values()]
    assert len(set(zh)) == 21 and all(any("\u4e00" <= c <= "\u9fff" for c in n) for n in zh)
    for t in board.towns.values():
        assert t.id.isascii() and t.name_en
        assert 0 < t.x < board.width and 0 < t.y < board.height
        assert t.names == {"zh_TW": t.name_zh, "en": t.name_en}


def test_routes_by_kind(board, data):
    assert len(board.routes) == 48
    assert Counter(r.kind for r in board.routes) == {
        "plain": 8, "forest": 12, "mountain": 8, "desert": 7, "river": 7, "lake": 6}
    assert len({r.id for r in board.routes}) == 48
    for r in board.routes:
        assert r.a in board.towns and r.b in board.towns and r.a != r.b
        if r.kind == "river":
            assert r.downstream in (r.a, r.b)
            assert r.is_downstream(r.other(r.downstream))
            assert not r.is_downstream(r.downstream)
        else:
            assert r.downstream is None
    # directions checked against the printed board
    flows = {(r.a, r.b, r.downstream) for r in board.routes if r.kind == "river"}
    assert ("Virst", "Ixara", "Ixara") in flows
    assert ("Beata", "Elvenhold", "Elvenhold") in flows
    assert ("Wylhien", "Usselen", "Usselen") in flows


def test_lakes_link_exactly_the_two_triangles(board):
    ferries = {frozenset((r.a, r.b)) for r in board.routes if r.kind == "lake"}
    triangles = {frozenset(p) for tri in (MAGNUM, NEBULAE) for p in
                 [(a, b) for a in tri for b in tri if a < b]}
    assert ferries == triangles
    lakes = {r.lake for r in board.routes if r.kind == "lake"}
    assert lakes == set(board.lakes) == {"mare_magnum", "mare_nebulae"}
    for r in board.routes:
        if r.kind == "lake":
            assert {r.a, r.b} <= (MAGNUM if r.lake == "mare_magnum" else NEBULAE)
    assert board.lakes["mare_magnum"].names["en"] == "Mare Magnum"


def test_reachability_and_distances(board):
    dist = board.distances_from("Elvenhold")
    assert set(dist) == set(board.towns)
    assert board.shortest_distance("Elvenhold", "Elvenhold") == 0
    assert board.shortest_distance("Elvenhold", "Beata") == 1
    assert board.neighbours("Kihromah") == ["Dag'Amura"]
    assert board.shortest_distance("Kihromah", "Elvenhold") == 3
    assert board.shortest_distance("Yttar", "Tichih") == board.shortest_distance("Tichih", "Yttar")
    assert len(board.routes_between("Elvenhold", "Beata")) == 2   # plain road and river
    assert "Strykhaven" in board.neighbours("Elvenhold")          # ferry
    with pytest.raises(KeyError):
        board.neighbours("Atlantis")


def test_route_polylines_join_their_towns(board):
    for r in board.routes:
        assert len(r.points) >= 3, r
        a, b = board.towns[r.a], board.towns[r.b]
        assert math.dist(r.points[0], (a.x, a.y)) < 3, r
        assert math.dist(r.points[-1], (b.x, b.y)) < 3, r
    # parallel routes between the same towns bow apart
    by_pair: dict[frozenset, list] = {}
    for r in board.routes:
        by_pair.setdefault(frozenset((r.a, r.b)), []).append(r)
    pairs = [rs for rs in by_pair.values() if len(rs) > 1]
    assert len(pairs) == 7
    for r1, r2 in pairs:
        m1, m2 = r1.points[len(r1.points) // 2], r2.points[len(r2.points) // 2]
        assert math.dist(m1, m2) > 30, (r1, r2)


def test_load_is_cached(board):
    assert load_board() is board
    assert load_board(TMX) is board


# ----------------------------------------------------------------------------- the Tiled file
def test_tmx_loads_from_another_working_directory(tmp_path, monkeypatch):
    import pytmx
    monkeypatch.chdir(tmp_path)
    tm = pytmx.TiledMap(str(TMX))
    assert (tm.width, tm.height, tm.tilewidth, tm.tileheight) == (64, 40, 32, 32)
    images = {img[0] for img in tm.images if img}
    assert images and all(Path(p).is_file() for p in images), images
    assert load_board(TMX).capital == "Elvenhold"


def test_tmx_loads_with_pygame(tmp_path, monkeypatch):
    pygame = pytest.importorskip("pygame")
    from pytmx.util_pygame import load_pygame
    monkeypatch.chdir(tmp_path)
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        tm = load_pygame(str(TMX))
        img = tm.get_tile_image(0, 0, 0)
        assert isinstance(img, pygame.Surface) and img.get_size() == (32, 32)
        layer = tm.get_layer_by_name("rivers")
        assert sum(1 for _ in layer.tiles()) > 50
    finally:
        pygame.display.quit()


def test_tmx_is_valid_tiled_xml():
    root = ET.parse(TMX).getroot()
    assert root.tag == "map" and root.get("version") == "1.10"
    assert root.get("orientation") == "orthogonal" and root.get("infinite") == "0"
    props = {p.get("name"): p.get("value") for p in root.find("properties")}
    assert props["generated_by"] == "tools/make_elfenland_map.py"
    (ts,) = root.findall("tileset")
    assert ts.get("source") == "elfenland_terrain.tsx" and ts.get("firstgid") == "1"
    tsx = ET.parse(MAPS / ts.get("source")).getroot()
    image = tsx.find("image")
    assert not Path(image.get("source")).is_absolute()
    assert (MAPS / image.get("source")).is_file()
    tilecount = int(tsx.get("tilecount"))
    w, h = int(root.get("width")), int(root.get("height"))
    layers = root.findall("layer")
    assert [lay.get("name") for lay in layers] == ["terrain", "edges", "edges_top", "rivers"]
    for lay in layers:
        data = lay.find("data")
        assert data.get("encoding") == "csv"
        gids = [int(v) for v in data.text.replace("\n", "").split(",")]
        assert len(gids) == w * h, lay.get("name")
        assert all(0 <= g <= tilecount for g in gids), lay.get("name")
        if lay.get("name") == "terrain":
            assert 0 not in gids
    ids = [int(o.get("id")) for o in root.iter("object")]
    assert len(ids) == len(set(ids)) and max(ids) < int(root.get("nextobjectid"))


def test_tile_layers_cover_the_map_with_known_terrain(tiled):
    import pytmx
    layers = [lay for lay in tiled.layers if isinstance(lay, pytmx.TiledTileLayer)]
    assert len(layers) == 4
    kinds = Counter()
    for lay in layers:
        assert len(lay.data) == tiled.height and all(len(row) == tiled.width for row in lay.data)
        for row in lay.data:
            for gid in row:
                assert 0 <= gid < len(tiled.images)
                if gid:
                    props = tiled.get_tile_properties_by_gid(gid)
                    assert props and props.get("terrain"), gid
                    if lay.name == "terrain":
                        kinds[props["terrain"]] += 1
                elif lay.name == "terrain":
                    pytest.fail("hole in the terrain layer")
    for k in ("sea", "coast", "lake", "plain", "forest", "mountain", "desert"):
        assert kinds[k] > 20, kinds


def _terrain_at(tiled, x, y):
    gid = tiled.get_layer_by_name("terrain").data[int(y // 32)][int(x // 32)]
    return tiled.get_tile_properties_by_gid(gid)["terrain"]


def _samples(route, board, step=4.0, skip=48.0):
    a, b = board.towns[route.a], board.towns[route.b]
    out = []
    for (x0, y0), (x1, y1) in zip(route.points, route.points[1:]):
        n = max(1, int(math.dist((x0, y0), (x1, y1)) / step))
        for k in range(n):
            p = (x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n)
            if math.dist(p, (a.x, a.y)) > skip and math.dist(p, (b.x, b.y)) > skip:
                out.append(p)
    return out


def test_roads_run_through_their_own_terrain(board, tiled):
    for r in board.routes:
        if r.kind == "river":
            continue
        pts = _samples(r, board)
        share = sum(_terrain_at(tiled, x, y) == r.kind for x, y in pts) / len(pts)
        assert share >= (0.8 if r.kind == "lake" else 0.85), (r.kind, r.a, r.b, share)


def test_rivers_are_painted_along_river_routes(board, tiled):
    rivers = tiled.get_layer_by_name("rivers").data
    for r in board.routes:
        if r.kind != "river":
            continue
        pts = _samples(r, board, skip=0)
        near = 0
        for x, y in pts:
            tx, ty = int(x // 32), int(y // 32)
            near += any(rivers[ty + dy][tx + dx] for dx in (-1, 0, 1) for dy in (-1, 0, 1))
        assert near == len(pts), (r.a, r.b)


def test_an_edit_to_the_tmx_is_what_the_engine_sees(tmp_path, board):
    path = _copy_maps(tmp_path)
    tree = ET.parse(path)
    routes = next(g for g in tree.getroot().iter("objectgroup") if g.get("name") == "routes")
    victim = next(o for o in routes if {p.get("value") for p in o.iter("property")}
                  >= {"Kihromah", "Dag'Amura", "forest"})
    routes.remove(victim)
    towns = next(g for g in tree.getroot().iter("objectgroup") if g.get("name") == "towns")
    yttar = next(o for o in towns if o.get("name") == "Yttar")
    next(p for p in yttar.iter("property") if p.get("name") == "name_zh").set("value", "伊塔")
    tree.write(path, encoding="utf-8", xml_declaration=True)

    edited = load_board(path)
    assert edited is not board
    assert len(edited.routes) == 47
    assert int(victim.get("id")) not in {r.id for r in edited.routes}
    assert edited.shortest_distance("Elvenhold", "Kihromah") == -1
    assert edited.towns["Yttar"].name_zh == "伊塔"
    assert load_board().towns["Yttar"].name_zh == "伊塔爾"


def test_a_broken_map_is_a_clear_error(tmp_path):
    path = _copy_maps(tmp_path)
    text = path.read_text(encoding="utf-8").replace('value="Beata"', 'value="Atlantis"', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BoardError, match="Atlantis"):
        load_board(path)


def test_board_module_stays_pygame_free():
    code = ("import sys; from game.elfenland.board import load_board; b = load_board(); "
            "assert len(b.routes) == 48; assert 'pygame' not in sys.modules, 'pygame loaded'; "
            "import pytmx; assert callable(pytmx.load_pygame); print('ok')")
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("ok")


# ----------------------------------------------------------------------------- data and text
def test_rules_data(data):
    order = data["transport_order"]
    assert order == ["pig", "elfcycle", "cloud", "unicorn", "troll", "dragon"]
    assert set(data["terrain_order"]) == set(data["terrains"])
    table = data["transport_table"]
    assert set(table) == set(order)
    for kind, row in table.items():
        assert set(row) == set(data["terrain_order"]), kind
        assert row["river"] is None and row["lake"] is None
    assert table["pig"]["mountain"] is None and table["unicorn"]["plain"] is None
    assert table["dragon"]["desert"] == 1 and table["cloud"]["mountain"] == 1
    assert data["rafts"] == {"river_downstream": 1, "river_upstream": 2, "lake": 2, "land": None}
    counts = data["counts"]
    assert sum(counts["travel_cards"].values()) == counts["travel_cards_total"] == 72
    assert sum(counts["counters"].values()) == counts["counters_total"] == 48
    assert (counts["hand_dealt"], counts["hand_keep"], counts["face_up_counters"]) == (8, 4, 5)
    assert counts["town_markers_per_player"] == 20 and counts["obstacles_per_player"] == 1
    assert data["rounds"] == {"default": 4, "choices": [4, 3]}
    for names in list(data["transports"].values()) + list(data["terrains"].values()):
        assert set(names) == {"zh_TW", "en"} and all(names.values())
    assert data["transports"]["pig"]["zh_TW"] == "巨型豬"
    assert data["transports"]["raft"]["en"] == "Raft"


def test_translations_have_the_same_keys():
    tables = {}
    for lang in ("en", "zh_TW"):
        with open(resource_path("assets", "i18n", lang, "elfenland.json"), encoding="utf-8") as f:
            tables[lang] = json.load(f)
    assert tables["en"].keys() == tables["zh_TW"].keys()
    assert all(k.startswith("elf.") for k in tables["en"])


def test_preview_renders(tmp_path):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    try:
        import make_elfenland_map
    finally:
        sys.path.pop(0)
    out = make_elfenland_map.render_preview(tmp_path / "map.png", scale=0.25)
    assert out.is_file() and out.stat().st_size > 10_000
