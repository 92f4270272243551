"""The router on the kinds a second blind set, from eight trades the labelled data did not
cover (issue 21, bench/routing_trades_dev.jsonl), showed it missing, through `mallory classify`:
requests for a produced piece of work in words the cues did not know, errands in the world,
capability questions put as "…or do I still…", status reports, refusing research then asking
one fact, requests in other languages, a request turned from a colleague to the bot by name; and a wish for research with an eye-roll
is not a request. The phrasings are in neither the labelled set nor the
dev sets."""

from __future__ import annotations

import pytest
from classify_cli import classify as _classify

ARTEFACTS = [
    "I need the complaints from last winter broken down by estate",
    "kindly prepare a detailed note on the evidence for breakfast clubs",
    "do the needful re the Ashby tenancy file, need all the background summarised",
]
ERRANDS = [
    "order 3 more boxes of nitrile gloves from Medisupply",
    "book me on the first aid refresher in June",
    "email the parents about the trip deadline",
    "reorder the blue roll for the kitchen",
    "stick the fire drill in the diary for tuesday",
]
CAPABILITY = [
    "can mallory do the maths itself or do I still need the spreadsheet",
]
STATUS = [
    "pallets for Hull delivered, paperwork signed off",
    "payroll submitted, all good",
]
REFUSE_THEN_FACT = [
    "not looking for a report, only the date the boiler was last serviced",
]
TURNED_TO_THE_BOT = [
    "Tomasz, can you— actually no, mallory, could you pull together every late delivery complaint from October",
    "Ines wants a breakdown of agency spend by ward — mallory can you put it together",
]
EYE_ROLL = [
    "I'd love a proper analysis of why the kettle trips the fuse 🙃",
    "would love a deep dive on why every pen in this office walks off 🙃",
]
OTHER_LANGUAGES = [
    "możesz zrobić podsumowanie wszystkich reklamacji z listopada?",
    "czy możesz przygotować zestawienie kosztów paliwa z podziałem na kierowców?",
    "¿puedes preparar un informe de las devoluciones de octubre?",
]


@pytest.mark.parametrize(
    ("texts", "route"),
    [
        (ARTEFACTS, "async"),
        (ERRANDS, "none"),
        (CAPABILITY, "none"),
        (STATUS, "none"),
        (REFUSE_THEN_FACT, "quick"),
        (OTHER_LANGUAGES, "async"),
        (TURNED_TO_THE_BOT, "async"),
        (["Priya, could you check the rota"], "none"),
        (EYE_ROLL, "none"),
    ],
    ids=[
        "artefact",
        "errand",
        "capability",
        "status",
        "refuse-then-fact",
        "other-language",
        "turned-to-the-bot",
        "to-a-colleague",
        "eye-roll",
    ],
)
def test_each_kind_through_classify(
    texts: list[str], route: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    routes = _classify(texts, capsys, monkeypatch)
    assert routes == [route] * len(texts), list(zip(texts, routes, strict=True))


def test_a_sets_own_bot_handle_is_the_bots_mention() -> None:
    """Sets written elsewhere call the bot "@BrewBot" or <@U05DENTBOT>: the bench and the
    training read it as the bot's own mention (removed, as the adapters do), not a colleague."""
    from bot.routing.train import as_received

    text, addressing = as_received("@Mo heads up\n@BrewBot can you draw up a timeline of the FV4 infections")
    assert addressing.bot_named and addressing.others == ("Mo",) and "BrewBot" not in text
    text, addressing = as_received("<@U05DENTBOT> compare the three scanner quotes")
    assert addressing.bot_named and text.strip().startswith("compare")
