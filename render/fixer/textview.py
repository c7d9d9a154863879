"""The FIXER table as short Discord-markdown lines, for channels where the bot may not attach the image.

Why: without the picture a player sees only whose turn it is and cannot choose a card. These lines
carry what the image shows that a move depends on: each region's two sides (the card facing you
decides must-follow), its markers (2 players: the markers won on each side, for the instant win),
every player's hand size, markers and face-up captures (a face-up card of a suit forbids keeping
that suit), the solo automa's public suit piles and deck, the pending keep/discard, and in a seat's
private view its hand, face-down captures and running score. Nothing else: running scores and
face-down captures of others arrive as ``None`` in the view and are simply not printed.

Cards are printed as their codes (``R7``), regions as ``@2``, exactly as move descriptions write
them (``Play R7 (Regime 7) to @2``); a suit line maps the letters to the suit names and their cycle.
Seats are tagged ``S1``…``S4`` (the automa ``AU``) as on the image's badges, so a region line stays
short however long the names are. Words come from the image's table (``render.fixer.text``; its
suit names are the rules' ones) and :data:`WORDS` below, which holds the few the image never prints
plus copies of the rules' words the post's event lines use (the automa's name, a chosen pass):
render imports nothing from rules, and a test keeps the copies equal to ``rules.fixer.texts``.
"""

from __future__ import annotations

from typing import Any

from render.fixer.text import Words

LOCALES = ("en", "zh-TW", "zh-CN")
AUTOMA = -2
CHANCE = -1
SUIT_CYCLE = ("P", "R", "C", "M")
"""Each suit beats the next: People > Regime > Capital > Media > People (rules §2.1)."""
HAND_ORDER = ("R", "C", "M", "P")
"""The order a hand's suits are listed in (that of ``rules.fixer.texts.SUIT_NAMES``)."""
LINE = 90
"""Wrap a player's facts onto a continuation line past this many characters."""
EMPTY = "—"
SEP = " · "

WORDS: dict[str, dict[str, str]] = {
    # "automa" and "pass" are copies of rules.fixer.texts.T (the event lines' words; "automa" overrides
    # the image's "Automa"/自動玩家 so the board names the automa as the post does).
    "en": {
        "suits": "Suits: {cycle}",
        "regions": "Regions",
        "players": "Players",
        "black": "{n} black",
        "red": "{n} red",
        "paren": " ({x})",
        "label": "{label}{gap}{value}",
        "list": "{label}: {value}",
        "count": "×{n}",
        "more": "  └ ",
        "place": "{n}.",
        "head_over": "{over} — {result}",
        "automa": "Automa",
        "pass": "Pass {cards}",
    },
    "zh-TW": {
        "suits": "花色：{cycle}",
        "regions": "區域",
        "players": "玩家",
        "black": "黑 {n}",
        "red": "紅 {n}",
        "paren": "（{x}）",
        "label": "{label}{gap}{value}",
        "list": "{label}：{value}",
        "count": "×{n}",
        "more": "　└ ",
        "place": "第 {n} 名",
        "head_over": "{over} — {result}",
        "automa": "自動機",
        "pass": "傳出 {cards}",
    },
    "zh-CN": {
        "suits": "花色：{cycle}",
        "regions": "区域",
        "players": "玩家",
        "black": "黑 {n}",
        "red": "红 {n}",
        "paren": "（{x}）",
        "label": "{label}{gap}{value}",
        "list": "{label}：{value}",
        "count": "×{n}",
        "more": "　└ ",
        "place": "第 {n} 名",
        "head_over": "{over} — {result}",
        "automa": "自动机",
        "pass": "传出 {cards}",
    },
}


class Say:
    """Words for one locale: this module's table first, then the image's (``render.fixer.text``)."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.own = WORDS[locale]
        self.image = Words(locale)

    def __call__(self, key: str, **params: object) -> str:
        if key in self.own:
            return self.own[key].format(**params)
        return self.image(key, **params)

    def label(self, label: str, value: object) -> str:
        """``Hand 8``; Chinese drops the space after full-width punctuation (``贏得（正面）P1``)."""
        gap = "" if label.endswith(("）", "：")) else " "
        return self("label", label=label, value=value, gap=gap)

    def automa(self) -> str:
        """The rules' name for the automa, as the post's event lines write it."""
        return self("automa")

    def suit(self, letter: str) -> str:
        return self(f"suit.{letter}") if letter in HAND_ORDER else letter


class Table:
    """The view plus everything derived from it that several sections need."""

    def __init__(self, view: dict[str, Any]) -> None:
        locale = view.get("locale")
        self.view = view
        self.say = Say(locale if locale in LOCALES else "en")
        self.seats: list[dict[str, Any]] = [s for s in view.get("seats") or [] if isinstance(s, dict)]
        self.solo = bool(view.get("solo"))
        self.two_sided = self.solo or int(view.get("players") or len(self.seats) or 2) <= 2
        self.stage = str(view.get("stage") or "play")
        self.over = bool(view.get("over")) or self.stage == "over"
        self.ended = bool(view.get("ended"))  # ended unfinished by vote: nobody is to act
        viewer = view.get("viewer")
        self.viewer = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
        pending = view.get("pending")
        decide = self.stage == "decide" and not self.ended
        self.pending = pending if isinstance(pending, dict) and decide else None
        names = list(view.get("names") or [])
        self.names = [
            str(names[i]) if i < len(names) and names[i] else self.tag(i) for i in range(len(self.seats))
        ]

    # ---- seats ---------------------------------------------------------------------------------
    @staticmethod
    def tag(seat: int) -> str:
        return "AU" if seat == AUTOMA else f"S{seat + 1}"

    def name(self, seat: int) -> str:
        if seat == AUTOMA:
            return self.say.automa()
        return self.names[seat] if 0 <= seat < len(self.names) else self.tag(seat)

    def label(self, seat: int) -> str:
        """``S2 **Bob**``; just ``**S2**`` when the seat has no display name."""
        name = self.name(seat)
        return f"**{name}**" if name == self.tag(seat) else f"{self.tag(seat)} **{name}**"

    def info(self, seat: int) -> dict[str, Any]:
        if seat == AUTOMA:
            automa = self.view.get("automa")
            return automa if isinstance(automa, dict) else {}
        return next((s for s in self.seats if s.get("seat") == seat), {})

    def acting(self, seat: int) -> bool:
        if self.over or self.ended:
            return False
        if self.pending is not None:
            return self.pending.get("seat") == seat
        return seat in (self.view.get("to_act") or [])

    def order(self) -> list[int]:
        seats = [int(s.get("seat", i)) for i, s in enumerate(self.seats)]
        return [*seats, AUTOMA] if self.solo else seats

    # ---- cards ---------------------------------------------------------------------------------
    def cards(self, cards: list[str]) -> str:
        return self.say("sep").join(cards) if cards else self.say("none")

    def paren(self, text: str) -> str:
        return self.say("paren", x=text)


def _wrap(first: str, parts: list[str], more: str, limit: int = LINE) -> list[str]:
    """``first · part · part`` on as few lines of at most ``limit`` characters as it takes;
    continuation lines start with ``more``. A part is never split."""
    lines = [first]
    for part in parts:
        if len(lines[-1]) + len(SEP) + len(part) <= limit:
            lines[-1] += SEP + part
        else:
            lines.append(more + part)
    return lines


def _header(t: Table) -> list[str]:
    say, view = t.say, t.view
    stage = (
        say(f"stage.{t.stage}") if t.stage in {"deal", "pass", "initial", "play", "decide", "over"} else ""
    )
    if t.ended:
        stage = say("ended")
    head = say("round", r=view.get("round", 1), n=view.get("rounds", 1))
    head = f"**{head}{SEP}{stage}**" if stage else f"**{head}**"
    parts = [say.label(say("discard"), int(view.get("discard_count") or 0))]
    if t.two_sided:
        parts.append(say.label(say("removed"), int(view.get("removed_count") or 0)))
    parts.append(say("critical", n=view.get("critical_bonus", 3)))
    if CHANCE in (view.get("to_act") or []) and not t.over and not t.ended:
        parts.append(say("chance"))  # rarely seen: the table resolves chance at once
    cycle = " > ".join(f"{s} {say.suit(s)}" for s in SUIT_CYCLE) + f" > {SUIT_CYCLE[0]}"
    lines = _wrap(head, parts, say("more"))
    lines.append(say("suits", cycle=cycle))
    if t.pending is not None:
        seat = int(t.pending.get("seat") or 0)
        card = str(t.pending.get("card") or "?")
        lines.append("▶ " + say("decides", name=f"**{t.name(seat)}**", card=card))
    elif not t.over and not t.ended:
        # the same prompt as the image's band (``band.py``), for every other decision type; "→",
        # not "▶", which marks the acting seats' own lines below
        acting = [int(s) for s in view.get("to_act") or [] if int(s) >= 0]
        if acting:
            what = {"pass": "do.pass", "initial": "do.initial"}.get(t.stage, "do.play")
            names = say("sep").join(f"**{t.name(s)}**" for s in acting)
            lines.append("→ " + say("prompt", names=names, what=say(what)))
    return lines


def _marks(t: Table, colours: list[str]) -> str:
    """A side's won markers (2 players), e.g. ``(2 black, 1 red)``; empty when none."""
    black, red = colours.count("B"), colours.count("R")
    words = ([t.say("black", n=black)] if black else []) + ([t.say("red", n=red)] if red else [])
    return t.paren(t.say("sep").join(words)) if words else ""


def _regions(t: Table) -> list[str]:
    regions = [r for r in t.view.get("regions") or [] if isinstance(r, dict)]
    if not regions:
        return []
    lines = [f"**{t.say('regions')}**"]
    for i, region in enumerate(regions):
        seats = list(region.get("seats") or [])
        cards = list(region.get("cards") or [])
        sides = list(region.get("sides") or [])
        parts = []
        for k, seat in enumerate(seats):
            card = cards[k] if k < len(cards) and cards[k] else EMPTY
            colours = list(sides[k]) if k < len(sides) and sides[k] else []
            parts.append(f"{t.tag(int(seat))} {card}{_marks(t, colours)}")
        left = int(region.get("markers_left") or 0)
        if not region.get("open", left > 0):
            parts.append(t.say("closed"))
        else:
            parts.append(t.say("neutral" if t.two_sided else "open", n=left))
        lines.append(SEP.join([f"@{region.get('id', i + 1)}", *parts]))
    return lines


def _markers(t: Table, info: dict[str, Any]) -> list[str]:
    markers = info.get("markers") or {}
    black, red = int(markers.get("black") or 0), int(markers.get("red") or 0)
    words = ([t.say("black", n=black)] if black else []) + ([t.say("red", n=red)] if red else [])
    return [t.say.label(t.say("markers"), t.say("sep").join(words))] if words else []


def _scores(t: Table, info: dict[str, Any]) -> list[str]:
    """A running score only where the view holds it (the viewer's own); finished rounds after it."""
    if t.over:
        return []
    out = []
    if info.get("score") is not None:
        out.append(t.say("round_score", n=int(info["score"])))
    for number, points in enumerate(info.get("round_scores") or [], start=1):
        out.append(t.say("earlier", r=number, n=int(points)))
    return out


def _won(t: Table, info: dict[str, Any]) -> list[str]:
    """Captures: face-up cards are public (a suit there bans keeping that suit); face-down ones
    as cards when the view holds them (the owner's, or everyone's at the end), else a count."""
    up = list(info.get("won_up") or [])
    down = info.get("won_down")
    count = int(info.get("won_down_count") or (len(down) if isinstance(down, list) else 0))
    say = t.say
    out = [say.label(say("won_up"), t.cards(up))] if up else []
    if count:
        shown = t.cards(list(down)) if isinstance(down, list) and down else say("count", n=count)
        out.append(say.label(say("won_down"), shown))
    return out


def _piles(t: Table, info: dict[str, Any]) -> str:
    """The automa's face-up hand: suit piles by slot (slot 1 lies next to its deck)."""
    parts = []
    for slot, pile in enumerate(info.get("piles") or [], start=1):
        suit = str(pile.get("suit") or "?")
        numbers = [int(n) for n in pile.get("cards") or []]
        cards = " ".join(f"{suit}{n}" for n in numbers) if numbers else f"{suit} {t.say('pile_empty')}"
        parts.append(f"{slot}: {cards}")
    return t.say.label(t.say("hand"), SEP.join(parts) if parts else t.say("none"))


def _player(t: Table, seat: int, place: str = "", star: bool = False) -> list[str]:
    """A player's line (wrapped when long), the automa's piles, then their captures."""
    say, info = t.say, t.info(seat)
    first = ("▶ " if t.acting(seat) else "") + (f"{place} " if place else "") + t.label(seat)
    if seat == t.viewer:
        first += t.paren(say("you"))
    if star:
        first += " ★"
    facts: list[str] = _total(t, seat) if t.over else []
    if not t.over and t.view.get("start") == seat:
        facts.append(say("start"))
    if t.stage == "pass" and info.get("passed"):
        facts.append(say("passed"))
    if not t.over:  # at the end, cards left in a hand or the deck score nothing
        key, count = ("deck", info.get("deck_count")) if seat == AUTOMA else ("hand", info.get("hand_count"))
        facts.append(say.label(say(key), int(count or 0)))
    facts += _markers(t, info) + _scores(t, info)
    lines = _wrap(first, facts, say("more"))
    more = say("more")
    if seat == AUTOMA and not t.over:
        lines.append(more + _piles(t, info))
    won = _won(t, info)
    if won:
        lines += _wrap(more + won[0], won[1:], more)
    return lines


# ---- game over ---------------------------------------------------------------------------------
def _ranked(t: Table) -> list[int]:
    """Ranking entries as seats; the automa may appear as -2 or as the index after the humans."""
    result = t.view.get("result") or {}
    return [
        AUTOMA if t.solo and int(s) in (AUTOMA, len(t.seats)) else int(s) for s in result.get("ranking") or []
    ]


def _final(t: Table, seat: int) -> int | None:
    scores = list((t.view.get("result") or {}).get("scores") or [])
    index = len(t.seats) if seat == AUTOMA else seat
    if 0 <= index < len(scores):
        return int(scores[index])
    score = t.info(seat).get("score")
    return int(score) if score is not None else None


def _total(t: Table, seat: int) -> list[str]:
    """``Game total 52 (25 + 27)``: the total first, then the rounds that make it up."""
    score = _final(t, seat)
    if score is None:
        return []
    rounds = [int(r) for r in t.info(seat).get("round_scores") or []]
    detail = t.paren(" + ".join(str(r) for r in rounds)) if len(rounds) > 1 else ""
    return [t.say("game_total", n=score) + detail]


def _winners(t: Table, ranked: list[int]) -> set[int]:
    result = t.view.get("result") or {}
    instant = result.get("instant_win")
    if instant is not None:
        return {AUTOMA if t.solo and int(instant) in (AUTOMA, len(t.seats)) else int(instant)}
    if not ranked:
        return set()
    if not result.get("shared"):
        return {ranked[0]}

    def key(seat: int) -> tuple[int, ...]:
        # Shared victory: tied with the leader on score and (3-4 players, one round) on the
        # tie-breaks the view shows: red markers, then fewer cards in front.
        if t.two_sided or int(t.view.get("rounds") or 1) > 1:
            return (_final(t, seat) or 0,)
        info = t.info(seat)
        front = len(info.get("won_up") or []) + int(info.get("won_down_count") or 0)
        return (_final(t, seat) or 0, int((info.get("markers") or {}).get("red") or 0), -front)

    return {seat for seat in ranked if key(seat) == key(ranked[0])}


def _result(t: Table) -> tuple[list[str], list[int], set[int]]:
    """The result head and notes, the seats in ranking order and the winners."""
    say = t.say
    result = t.view.get("result") or {}
    ranked = _ranked(t)
    won = _winners(t, ranked)
    lines = [f"**{say('head_over', over=say('stage.over'), result=say('result'))}**"]
    if result.get("instant_win") is not None and won:
        lines.append("★ " + say("instant_win", name=f"**{t.name(next(iter(won)))}**"))
    elif result.get("shared"):
        lines.append("★ " + say("shared"))
    elif result.get("decided_by") in ("red", "cards"):
        lines.append(say(f"tie_{result['decided_by']}"))
    removed = list(result.get("removed") or [])
    if removed:
        lines.append(say("list", label=say("removed_cards"), value=t.cards(removed)))
    return lines, ranked, won


def _players(t: Table) -> list[str]:
    if t.over and t.view.get("result"):
        lines, ranked, won = _result(t)
        order = ranked + [s for s in t.order() if s not in ranked]
        for position, seat in enumerate(order, start=1):
            place = 1 if seat in won else position  # a shared victory is one first place
            lines += _player(t, seat, t.say("place", n=place) if seat in ranked else "", seat in won)
        return lines
    lines = [f"**{t.say('players')}**"]
    for seat in t.order():
        lines += _player(t, seat)
    return lines


def _hand(t: Table) -> list[str]:
    """The viewer's own hand (private view only), grouped by suit, and a chosen pass."""
    if t.viewer is None:
        return []
    info = t.info(t.viewer)
    hand = info.get("hand")
    if not isinstance(hand, list):
        return []
    say = t.say
    head = f"**{say('your_hand')}**" + t.paren(say("cards", n=len(hand)))
    groups: dict[str, list[str]] = {}
    for card in hand:
        groups.setdefault(str(card)[:1], []).append(str(card))
    order = [s for s in HAND_ORDER if s in groups] + [s for s in groups if s not in HAND_ORDER]
    body = SEP.join(" ".join(sorted(groups[s], key=lambda c: (len(c), c))) for s in order)
    lines = [head, body or say("none")]
    passing = info.get("passing")
    if isinstance(passing, list) and passing:
        lines.append(say("pass", cards=" ".join(str(c) for c in passing)))
    return lines


def lines(view: dict[str, Any]) -> list[str]:
    """The board of a FIXER view as Discord-markdown lines, in ``view["locale"]`` (else English)."""
    t = Table(view)
    out = _header(t)
    if not t.over or any(r.get("cards") and any(r["cards"]) for r in view.get("regions") or []):
        out += _regions(t)
    out += _players(t)
    out += _hand(t)
    return out
