#!/usr/bin/env python3
"""Independent check of acw-pbem's dice, written without any of the judge's code.

Reads the judge's SQLite event log directly and recomputes every recorded roll of a game from the
revealed secret, as docs/auditing.md documents:

  message = "<game>|<point>|<index>|<label>|<salt>"
  block 0 = HMAC-SHA256(secret, message); block b > 0 = HMAC-SHA256(secret, message + "|" + b)
  each block is read as eight big-endian 32-bit words; the first word w with
  w < floor(2**32 / sides) * sides gives the face 1 + (w % sides)
  and SHA-256(secret) must equal the commitment published before the orders were in.

Hidden draws (rolls not every player may see; dice algorithm v2) are recorded as "hiddenRolls" and
come from the game's hidden-draw secret, committed when the game was created (HiddenDrawCommitted)
and revealed when it ends (HiddenDrawRevealed), with the message "<game>|hidden|<point>|<index>|<label>|<salt>".
Until the game ends they are counted as sealed.

Usage: verify_dice.py <judge.sqlite> <game>   (exit status 0 when every roll reproduces; 1 when one
does not or none was rolled yet; 2 when the database or the game is missing)
"""
import hashlib
import hmac
import json
import os
import sqlite3
import sys


def derive(secret_hex: str, message: str, sides: int) -> int:
    key = bytes.fromhex(secret_hex)
    limit = (2**32 // sides) * sides
    for block in range(64):
        msg = message if block == 0 else f"{message}|{block}"
        digest = hmac.new(key, msg.encode("utf-8"), hashlib.sha256).digest()
        for off in range(0, 32, 4):
            word = int.from_bytes(digest[off:off + 4], "big")
            if word < limit:
                return 1 + word % sides
    raise ValueError("no acceptable word")


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    path, game = sys.argv[1], sys.argv[2]
    # A missing database or an unknown game is said as such (exit 2), never read as a pass or a mismatch.
    if not os.path.isfile(path):
        print(f"no judge database at {path}")
        return 2
    db = sqlite3.connect(path)
    try:
        known = db.execute("SELECT COUNT(*) FROM events WHERE stream = ?", (f"game:{game}",)).fetchone()[0]
    except sqlite3.DatabaseError as e:
        print(f"{path} is not a judge database ({e})")
        return 2
    if not known:
        games = [r[0][5:] for r in db.execute("SELECT DISTINCT stream FROM events WHERE stream LIKE 'game:%'")]
        print(f"no game {game!r} in {path} (games there: {', '.join(games) or 'none'})")
        return 2
    rows = db.execute(
        "SELECT data FROM events WHERE stream = ? AND type = 'TurnAdjudicated' ORDER BY version",
        (f"game:{game}",),
    ).fetchall()
    def first(kind: str):
        row = db.execute(
            "SELECT data FROM events WHERE stream = ? AND type = ? ORDER BY version LIMIT 1",
            (f"game:{game}", kind),
        ).fetchone()
        return json.loads(row[0]) if row else None

    committed = first("HiddenDrawCommitted")
    revealed = first("HiddenDrawRevealed")
    hidden_secret = revealed["secret"] if revealed else None
    checked = failed = sealed = 0
    if hidden_secret and (
        not committed or hashlib.sha256(bytes.fromhex(hidden_secret)).hexdigest() != committed["commitment"]
    ):
        print("hidden draws: the revealed secret does not match the commitment made at creation")
        failed += 1
    for (data,) in rows:
        t = json.loads(data)
        if hashlib.sha256(bytes.fromhex(t["secret"])).hexdigest() != t["commitment"]:
            print(f"resolution {t['point']}: secret does not match its commitment")
            failed += 1
        for r in t["rolls"]:
            message = f"{game}|{t['point']}|{r['index']}|{r['label']}|{t['salt']}"
            value = derive(t["secret"], message, r["sides"])
            checked += 1
            if value != r["value"]:
                failed += 1
                print(f"resolution {t['point']} roll {r['index']} ({r['label']}): recorded {r['value']}, recomputed {value}")
        for r in t.get("hiddenRolls", []):
            if not hidden_secret:
                sealed += 1
                continue
            message = f"{game}|hidden|{t['point']}|{r['index']}|{r['label']}|{t['salt']}"
            value = derive(hidden_secret, message, r["sides"])
            checked += 1
            if value != r["value"]:
                failed += 1
                print(f"resolution {t['point']} hidden draw {r['index']} ({r['label']}): recorded {r['value']}, recomputed {value}")
    if not rows:
        print(f"game {game!r} has no resolutions yet: no rolls to check")
        return 1
    print(f"{checked} rolls checked in {len(rows)} resolutions, {failed} mismatches")
    if sealed:
        print(f"{sealed} hidden draws sealed until the game ends")
    return 1 if failed or not rows else 0


if __name__ == "__main__":
    sys.exit(main())
