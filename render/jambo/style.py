"""The look of the Jambo images: sizes per layout, the colours of card kinds, and each ware's token.

Every ware has its own shape, colour and letter (in English trinkets ◆ J, hides ■ H, tea ⬢ T, silk ▼ S,
fruit ● F, salt ▲ L): never colour alone. Card kinds carry a letter badge as well as a colour
(in English U utility, A animal, P person, W ware card, S stand). Colours come from the Okabe–Ito set.
The letters are words like any other, in the reader's language: ``ware_letter``, ``kind_letter``.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.palette import RGB
from render.words import Words


@dataclass(frozen=True)
class WareStyle:
    """How one ware's token looks (its letter: ``ware_letter``)."""

    shape: str
    colour: RGB


WARE_STYLES: dict[str, WareStyle] = {
    "trinkets": WareStyle("diamond", (204, 121, 167)),
    "hides": WareStyle("square", (150, 96, 50)),
    "tea": WareStyle("hexagon", (0, 158, 115)),
    "silk": WareStyle("down", (0, 114, 178)),
    "fruit": WareStyle("circle", (230, 159, 0)),
    "salt": WareStyle("up", (236, 236, 228)),
}


def ware_letter(ware: str, words: Words) -> str:
    """The letter on ``ware``'s tokens in ``words``' language (English "trinkets" -> "J")."""
    return words(f"letter:ware:{ware}")


def kind_letter(kind: str, words: Words) -> str:
    """The letter on the band of a card of ``kind`` in ``words``' language (English "utility" -> "U")."""
    return words(f"letter:kind:{kind}")


KIND_COLOURS: dict[str, RGB] = {
    "utility": (64, 88, 112),
    "animal": (62, 122, 60),
    "person": (128, 70, 128),
    "ware": (196, 150, 70),
    "stand": (150, 96, 50),
}

CARD_FACE: RGB = (255, 251, 240)
CARD_USED: RGB = (214, 208, 196)
CARD_BACK: RGB = (120, 60, 40)
CARD_BACK_MARK: RGB = (196, 140, 80)
STAND_WOOD: RGB = (186, 134, 84)
STAND_WOOD_DARK: RGB = (120, 80, 44)
SLOT: RGB = (240, 222, 190)
FEE_SLOT: RGB = (246, 206, 170)
GOLD: RGB = (222, 170, 30)
GOLD_DARK: RGB = (150, 104, 10)
TURN_BAND: RGB = (255, 228, 150)


@dataclass(frozen=True)
class Theme:
    """Sizes of one layout: the picture's width, fonts and pieces."""

    width: int
    margin: int
    title: int
    name: int
    body: int
    small: int
    token: int
    card_w: int
    card_h: int
    mini_w: int
    mini_h: int
    hand_columns: int
    sheet_height: int
    """The canvas a board is first drawn on (the rare taller table is drawn again on a taller one)."""
    phone: bool = False
    """The phone layout: cards on the board show their name alone (their texts are in the message)."""


LANDSCAPE = Theme(
    width=1280,
    margin=16,
    title=30,
    name=28,
    body=21,
    small=18,
    token=40,
    card_w=244,
    card_h=136,
    mini_w=200,
    mini_h=96,
    hand_columns=5,
    sheet_height=1000,
)
PORTRAIT = Theme(
    width=720,
    margin=14,
    title=34,
    name=32,
    body=26,
    small=23,
    token=46,
    card_w=340,
    card_h=160,
    mini_w=330,
    mini_h=118,
    hand_columns=2,
    sheet_height=2000,
)


PHONE = Theme(
    width=1000,
    margin=20,
    title=44,
    name=48,
    body=40,
    small=36,
    token=66,
    card_w=470,
    card_h=236,
    mini_w=306,
    mini_h=190,
    hand_columns=2,
    sheet_height=1700,
    phone=True,
)
"""The phone layout: 1000 px wide, nothing under 36 px (13 px once shown 360 px wide)."""


def theme_for(layout: str) -> Theme:
    return {"portrait": PORTRAIT, "phone": PHONE}.get(layout, LANDSCAPE)
