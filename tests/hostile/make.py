#!/usr/bin/env python3
"""Writes the hostile corpus: bad, strange and heavy game files, each with
the outcome it must get, listed in expected.tsv (file, outcome, words the
first problem or warning must contain). Outcomes: ok (opens; its steps are
listed and a short search keeps its budget), refused (every problem placed
at a line), warned (opens; a rule error is reported while playing).
Run from anywhere: python3 tests/hostile/make.py"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES = os.path.join(HERE, "..", "..", "public", "games")
rows = []

def write(name, data, outcome, words=""):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    rows.append((name, outcome, words))

def example(name):
    """An example as a format-1 file: its sets of figures written one by one."""
    with open(os.path.join(GAMES, name + ".game.xml"), encoding="utf-8") as f:
        text = f.read().replace('format="2"', 'format="1"', 1)
    def expand(m):
        indent, name, rest, count = m.group(1), m.group(2), m.group(3), int(m.group(4))
        return "\n".join(f'{indent}<figure name="{name}.{i}"{rest}/>' for i in range(1, count + 1))
    return re.sub(r'( *)<figure name="([^"]+)"([^>]*?) count="(\d+)"/>', expand, text)

nim = example("nim12")
ttt = example("tic-tac-toe")
dama = example("dama-lite")

def game(body, players=2, title="Hostile"):
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<game format="1" players="{players}">\n'
            f'  <title>{title}</title>\n  <rules>\n{body}\n  </rules>\n</game>\n')

def one_step(board, figures, when, seq="go", ends='<end name="e" winner="1"><when>no</when></end>', players=2, what='<what owner="on-move"/>'):
    return game(f"""    <equipment>{board}</equipment>
    <figures>{figures}</figures>
    <steps><step name="go">{what}<from type="square"/><to type="square"/>{''.join(f'<when>{w}</when>' for w in when)}</step></steps>
    <moves><move name="m">{seq}</move></moves>
    <game-over>{ends}</game-over>""", players)

# --- Encodings -------------------------------------------------------------
write("utf16le.game.xml", b"\xff\xfe" + nim.encode("utf-16-le"), "ok")
write("utf16be.game.xml", b"\xfe\xff" + nim.encode("utf-16-be"), "ok")
write("utf8-bom.game.xml", b"\xef\xbb\xbf" + nim.encode(), "ok")
write("utf8-bom.game.json", b"\xef\xbb\xbf" + b'{"format": 1, "game": {"title": "x"}}', "ok")
write("latin1.game.xml", nim.replace("NIM12", "NIM12 caf\u00e9").encode("latin-1"), "refused", "save it as UTF-8")
write("windows1252.game.xml", nim.replace("Whoever", "\u201cWhoever\u201d").encode("cp1252"), "refused", "save it as UTF-8")
write("utf16-odd.game.xml", b"\xff\xfe" + nim.encode("utf-16-le")[:-1], "refused", "UTF-16")
write("utf16-lone-surrogate.game.xml", b"\xff\xfe<\x00\x00\xd8g\x00", "refused", "UTF-16")
write("png.game.xml", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "refused", "a PNG picture")
write("jpeg.game.xml", b"\xff\xd8\xff\xe0\x00\x10JFIF" + bytes(range(200)), "refused", "a JPEG picture")
write("pdf.game.json", b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "refused", "a PDF document")
write("zip.game.xml", b"PK\x03\x04\x14\x00" + bytes(100), "refused", "a zip archive")
write("gzip.game.json", b"\x1f\x8b\x08\x00" + bytes(50), "refused", "a gzip archive")
write("binary-noise.game.xml", bytes((i * 37 + 11) % 256 for i in range(500)), "refused", "")
write("empty.game.xml", b"", "refused", "")
write("only-spaces.game.xml", b"   \n\n  \t ", "refused", "")

# --- NUL and control characters ----------------------------------------------
write("nul-in-title.game.xml", nim.replace("NIM12", "NIM\x0012", 1), "refused", "code 0")
write("nul-ref-in-title.game.xml", nim.replace("<title>NIM12", "<title>NIM&#0;12", 1), "refused", "code 0")
write("nul-hexref-in-name.game.xml", nim.replace('name="m.1"', 'name="m&#x0;1"', 1), "refused", "code 0")
write("bell-ref-in-name.game.xml", nim.replace('name="m.2"', 'name="m&#7;2"', 1), "refused", "code 7")
write("nul-in-figure-name.game.xml", nim.replace('name="m.3"', 'name="m\x003"', 1), "refused", "code 0")
write("nul-in-json-title.game.json", '{"format": 1, "game": {"title": "a\\u0000b"}}', "refused", "code 0")
write("escape-in-json-name.game.json", '{"format": 1, "game": {"title": "a", "equipment": [{"name": "g\\u001b", "kind": {"type": "group"}}]}}', "refused", "code 27")

# --- JSON shapes ---------------------------------------------------------------
write("array.game.json", '[{"format": 1, "game": {}}]', "refused", "this JSON is a list")
write("line-comment.game.json", '// my game\n{"format": 1, "game": {}}', "refused", "JSON cannot hold comments")
write("block-comment.game.json", '  /* my game */ {"format": 1, "game": {}}', "refused", "JSON cannot hold comments")
write("players-300.game.json", '{"format": 1, "game": {"title": "x", "players": 300}}', "refused", "from 0 to 255")
write("players-minus.game.json", '{"format": 1, "game": {"title": "x", "players": -1}}', "refused", "from 0 to 255")
write("players-5.game.json", '{"format": 1, "game": {"title": "x", "players": 5}}', "refused", "players must be from 1 to 4")
write("rows-70000.game.json", '{"format": 1, "game": {"equipment": [{"name": "b", "kind": {"type": "board", "rows": 70000, "columns": 3}}]}}', "refused", "from 0 to 65535")
write("huge-number.game.json", '{"format": 1, "game": {"players": 1e30}}', "refused", "")
write("float-players.game.json", '{"format": 1, "game": {"players": 1.5}}', "refused", "")
write("dup-top-key.game.json", '{"format": 1, "format": 1, "game": {}}', "refused", '"format" is written twice')
write("dup-title.game.json", '{"format": 1, "game": {"title": "a", "title": "b"}}', "refused", '"title" is written twice')
write("dup-attribute.game.json", '{"format": 1, "game": {"figures": [{"name": "a", "kind": "s", "origin": "g", "attributes": {"k": "1", "k": "2"}}], "equipment": [{"name": "g", "kind": {"type": "group"}}]}}', "refused", '"k" is written twice')
write("dup-layout-item.game.json", '{"format": 1, "game": {"equipment": [{"name": "g", "kind": {"type": "group"}}], "layout": {"width": 10, "height": 10, "items": {"g": {"x": 1, "y": 1, "width": 1, "height": 1}, "g": {"x": 2, "y": 2, "width": 1, "height": 1}}}}}', "refused", '"g" is written twice')
write("format-3.game.json", '{"format": 3, "game": {}}', "refused", "newer Tablecraft")
write("no-format.game.json", '{"game": {}}', "refused", "add \"format\": 1")
write("json-cut.game.json", '{"format": 1, "game": {"title": "x"', "refused", "ends too early")
write("json-deep.game.json", '{"format": 1, "game": ' + "[" * 100 + "]" * 100 + "}", "refused", "nested more than 32 deep")
write("json-unknown-top.game.json", '{"format": 1, "game": {}, "extra": 1}', "refused", "there is no field")
write("json-wrong-type.game.json", '{"format": 1, "game": {"title": 5}}', "refused", "wrong kind of value")

# --- XML structure -----------------------------------------------------------
write("billion-laughs.game.xml", '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n<game format="1"><title>&lol2;</title></game>', "refused", "")
write("external-entity.game.xml", '<?xml version="1.0"?>\n<!DOCTYPE g [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<game format="1"><title>&x;</title></game>', "refused", "")
write("deep-tags.game.xml", "<game format=\"1\">" + "<rules>" * 40 + "</rules>" * 40 + "</game>", "refused", "")
write("unclosed.game.xml", nim[: nim.index("</rules>")], "refused", "")
write("two-roots.game.xml", nim + nim, "refused", "")
write("text-outside.game.xml", "hello " + nim, "refused", "outside the <game> tag")
write("mismatched.game.xml", nim.replace("</figures>", "</figure>", 1), "refused", "")
write("attribute-flood.game.xml", '<game format="1" ' + " ".join(f'a{i}="1"' for i in range(100)) + "/>", "refused", "")
write("unknown-code.game.xml", nim.replace("NIM12", "NIM &nbsp; 12", 1), "refused", "not a code I know")
write("cdata-title.game.xml", nim.replace("<title>NIM12</title>", "<title><![CDATA[NIM <12>]]></title>"), "ok")
write("newer-format.game.xml", nim.replace('format="1"', 'format="9"'), "refused", "newer Tablecraft")
write("old-format-0.game.xml", nim.replace(' format="1"', '').replace('winner="player">', '>').replace("</when>\n      </end>", "</when><winner>player</winner>\n      </end>", 1), "ok")
write("unknown-tag.game.xml", nim.replace("<rules>", "<rules><gadget/>", 1), "refused", "gadget")
write("players-7.game.xml", nim.replace('players="2"', 'players="7"'), "refused", "")
write("capacity-huge.game.xml", nim.replace('<basket name="basket"/>', '<basket name="basket" capacity="99999"/>'), "refused", "")
write("title-long.game.xml", nim.replace("NIM12", "N" * 201, 1), "refused", "at most 200")
write("name-long.game.xml", nim.replace('name="m.1"', 'name="m' + "1" * 205 + '"', 1), "refused", "at most 200")
write("description-long.game.xml", re.sub(r"<description>.*?</description>", "<description>" + "a" * 10001 + "</description>", nim, flags=re.S), "refused", "at most 10000")

# --- Rules that must be refused ------------------------------------------------
write("two-ends-one-name.game.xml", nim.replace("</game-over>", '<end name="last-match" winner="1"><when>empty(matchgroup)</when></end></game-over>'), "refused", "both called 'last-match'")
write("take-x0.game.xml", nim.replace("take x1-3", "take x0"), "refused", "x0 means no step")
write("take-x0-0.game.xml", nim.replace("take x1-3", "take x0-0"), "refused", "x0 means no step")
write("winner-5.game.xml", nim.replace('winner="player"', 'winner="5"'), "refused", "the winner must be a player")
write("winner-minus-1.game.xml", nim.replace('winner="player"', 'winner="-1"'), "refused", "the winner must be a player")
write("winner-text.game.xml", nim.replace('winner="player"', 'winner="&quot;bob&quot;"'), "refused", "the winner must be a player")
write("winner-yes.game.xml", nim.replace('winner="player"', 'winner="yes"'), "refused", "the winner must be a player")
write("winner-2-in-puzzle.game.xml", example("ball-puzzle").replace('winner="1"', 'winner="2"', 1), "refused", "the winner must be a player")
write("layout-place-nothing.game.xml", nim.replace('<place name="basket"', '<place name="bucket"'), "refused", "nothing called that in the game")
write("origin-missing.game.xml", dama.replace('origin="board.1.3"', 'origin="nowhere"').replace('origin="board.1.5"', 'origin="nowhere"'), "refused", "no such place")
write("count-101.game.xml", nim.replace("take x1-3", "take x101"), "refused", "at most 100")
write("count-down.game.xml", nim.replace("take x1-3", "take x3-1"), "refused", "goes down")
write("unknown-step-in-move.game.xml", nim.replace("take x1-3", "grab"), "refused", "no step rule called 'grab'")
long_seq = " ".join(["take x1-100"] * 900)[:9990]
write("move-too-long.game.xml", nim.replace("take x1-3", long_seq.rsplit(" ", 1)[0]), "refused", "move 'turn'")
write("condition-unknown-name.game.xml", nim.replace("<when>empty(matchgroup)</when>", "<when>empty(matchbox)</when>"), "refused", "matchbox")
write("condition-deep.game.xml", nim.replace("<when>empty(matchgroup)</when>", "<when>" + "(" * 100 + "yes" + ")" * 100 + "</when>"), "refused", "nested too deeply")
write("condition-cut.game.xml", nim.replace("<when>empty(matchgroup)</when>", "<when>count(matchgroup) &gt;</when>"), "refused", "expected a value")
write("board-51.game.xml", one_step('<board name="b" rows="51" columns="3"/>', '<figure name="a" type="s" origin="b.1.1" owner="1"/>', []), "refused", "")
write("track-251.game.xml", one_step('<track name="t" length="251"/>', '<figure name="a" type="s" origin="t.1" owner="1"/>', []), "refused", "")
write("two-figures-one-name.game.xml", nim.replace('name="m.2"', 'name="m.1"', 1), "refused", "m.1")
write("owner-5.game.xml", dama.replace('owner="2"', 'owner="5"', 1), "refused", "owner must be from 1 to 4")
write("crowded-square.game.xml", dama.replace('origin="board.1.3"', 'origin="board.1.1"'), "refused", "holds 1, but 2 figures start on it")

# --- Heavy games: bounded time -----------------------------------------------------
items = ", ".join(f"row(from) * {i % 7} + column(from)" for i in range(330))
write("long-static-condition-22x23.game.xml",
      one_step('<board name="b" rows="22" columns="23"/>',
               '<figure name="a" type="s" origin="b.1.1" owner="1"/><figure name="z" type="s" origin="b.22.23" owner="2"/>',
               [f"row(to) + column(to) in [{items}]", "abs(row(to) - row(from)) = 1"]), "ok")
for n in range(1, 5):
    conds = [f"row(to) + column(to) in [{', '.join(f'row(from) * {(i + k) % 7} + column(from)' for i in range(300))}]" for k in range(n * 2)]
    write(f"many-static-conditions-{n}.game.xml",
          one_step('<board name="b" rows="22" columns="23"/>', '<figure name="a" type="s" origin="b.1.1" owner="1"/>', conds), "ok")
figs100 = "".join(f'<figure name="s.{i}" type="stone" origin="b.{1 + i // 50}.{1 + i % 50}" owner="1"/>' for i in range(100))
dyn = ", ".join(f"count(neighbours(to)) + {i}" for i in range(330))
write("slow-dynamic-condition-50x50.game.xml",
      one_step('<board name="b" rows="50" columns="50"/>', figs100, [f"empty(to) and row(to) + column(to) in [{dyn}]"]), "refused", "make its conditions shorter")
figs5 = "".join(f'<figure name="s.{i}" type="stone" origin="b.1.{1 + i}" owner="1"/>' for i in range(5))
dyn60 = ", ".join(f"count(neighbours(to)) + {i}" for i in range(30))
write("dynamic-condition-50x50.game.xml",
      one_step('<board name="b" rows="50" columns="50"/>', figs5, [f"empty(to) and row(to) + column(to) in [{dyn60}]"]), "ok")
for n, k in [(12, 10), (16, 14), (18, 16), (22, 20)]:
    figs = "".join(f'<figure name="m.{i}" type="kind{i}" origin="heap"/>' for i in range(n))
    write(f"take-{k}-of-{n}-different.game.xml", game(f"""    <equipment><group name="heap"/><basket name="basket"/></equipment>
    <figures>{figs}</figures>
    <steps><step name="take"><from name="heap"/><to name="basket"/></step></steps>
    <moves><move name="turn">take x{k}</move></moves>
    <game-over><end name="all" winner="1"><when>empty(heap)</when></end></game-over>""", players=1), "ok")
figs2 = "".join(f'<figure name="m.{i}" type="kind{i}" origin="heap" owner="{1 + i % 2}"/>' for i in range(22))
write("take-20-of-22-two-players.game.xml", game(f"""    <equipment><group name="heap"/><basket name="basket"/></equipment>
    <figures>{figs2.replace(' owner="1"', '').replace(' owner="2"', '')}</figures>
    <steps><step name="take"><from name="heap"/><to name="basket"/></step></steps>
    <moves><move name="turn">take x1-20</move></moves>
    <game-over><end name="all" winner="opponent"><when>empty(heap)</when></end></game-over>"""), "ok")
supply = "".join(f'<figure name="x.{i}" type="stone" origin="pile" owner="1"/>' for i in range(400))
write("supply-400-on-20x20.game.xml", game(f"""    <equipment><group name="pile"/><board name="b" rows="20" columns="20"/></equipment>
    <figures>{supply}</figures>
    <steps><step name="put"><what owner="on-move"/><from name="pile"/><to type="square"/><when>empty(to)</when></step></steps>
    <moves><move name="m">put</move></moves>
    <game-over><end name="full" winner="0"><when>empty(pile)</when></end></game-over>""", players=1), "ok")
write("jump-forever.game.xml", one_step('<board name="b" rows="8" columns="8"/>', '<figure name="a" type="s" origin="b.1.1" owner="1"/><figure name="z" type="s" origin="b.8.8" owner="2"/>', ["empty(to)"], seq="go x1-"), "ok")

# --- Cards: hostile side effects run by the search's playouts, never a panic ------------
def cards(effect, deck="shows=\"nobody\" shuffled=\"yes\"", count=3):
    figures = "".join(f'<figure name="c.{i}" type="card" origin="deck" face="down"><attribute name="value" value="{i}"/></figure>' for i in range(1, count + 1))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<game format="2" players="2">\n  <title>Hostile cards</title>\n  <rules>\n'
            f'    <equipment><group name="deck" {deck}/><group name="hand.1" owner="1" shows="owner"/><group name="hand.2" owner="2" shows="owner"/><group name="empty"/></equipment>\n'
            f'    <figures>{figures}</figures>\n'
            f'    <steps><step name="draw"><what type="card"/><from name="deck"/><to name="hand.?"/><when>figure = top(from) and owner(to) = player</when><effect>{effect}</effect></step></steps>\n'
            f'    <moves><move name="m">draw</move></moves>\n'
            f'    <game-over><end name="e" winner="previous"><when>empty(deck)</when></end></game-over>\n  </rules>\n</game>\n')

write("cards-deal-more-than-the-deck.game.xml", cards("deal 1000000 from deck to [hand.1, hand.2, hand.1]"), "ok")
write("cards-shuffle-an-empty-place.game.xml", cards("(shuffle empty; shuffle hand.2; shuffle deck)"), "ok")
write("cards-turn-a-figure-not-there.game.xml", cards('(turn "c.99"; turn deck up; turn "" down)'), "ok")
write("cards-deal-to-a-place-not-there.game.xml", cards('deal 2 from deck to [hand.1, "nowhere", c.1]'), "ok")
write("cards-empty-deck-shuffled.game.xml", cards("shuffle deck", count=0), "ok")

# --- Rules that fail while playing: warned -------------------------------------------
write("divide-by-zero.game.xml", nim.replace("<steps>\n      <step name=\"take\">", "<steps>\n      <step name=\"take\"><when>1 / 0 = 1</when>", 1) if '<step name="take">' in nim else nim, "warned", "zero")
write("not-yes-no.game.xml", nim.replace('<step name="take">', '<step name="take"><when>5</when>', 1), "warned", "must be yes or no")
write("overflow.game.xml", nim.replace('<step name="take">', '<step name="take"><when>9223372036854775807 + 1 = 0</when>', 1), "warned", "")

# --- Damaged copies of the example games ---------------------------------------------
for base_name in ["nim12", "tic-tac-toe", "dama-lite", "ball-puzzle", "labyrinth", "nim345"]:
    text = example(base_name)
    for cut in (0.15, 0.5, 0.85):
        write(f"cut-{int(cut * 100)}-{base_name}.game.xml", text[: int(len(text) * cut)], "refused", "")
    write(f"no-moves-tag-{base_name}.game.xml", re.sub(r"<moves>.*?</moves>", "", text, flags=re.S), "ok")
    write(f"swapped-brackets-{base_name}.game.xml", text.replace("<figures>", ">figures<", 1), "refused", "")

# --- Found by `tablecraft fuzz` (kept as found, not written here) ---------------------
rows.append(("fuzz-found-walk-hang.game.json", "refused", "missing the field `origin`"))

with open(os.path.join(HERE, "expected.tsv"), "w", encoding="utf-8") as f:
    f.write("# file\toutcome\twords the first problem or warning contains\n")
    for r in rows:
        f.write("\t".join(r) + "\n")
print(len(rows), "files")
