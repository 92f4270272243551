"""The usage plot: tokens per day as bars, with the cost per day as a line, laid out here
and drawn by the template as SVG (numbers only reach the markup)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.views.investigations import DayTotal

WIDTH = 760
HEIGHT = 240
LEFT = 64
BOTTOM = 28
TOP = 12


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    day: str
    tokens: int
    label: str  # the day as drawn under the bar ("" when there is no room)


@dataclass(frozen=True)
class Plot:
    bars: list[Bar]
    cost_points: str  # "x,y x,y ..." for a polyline
    max_tokens: int
    max_cost: float
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    bottom: int = HEIGHT - BOTTOM
    top: int = TOP


def plot(days: list[DayTotal]) -> Plot:
    inner_w = WIDTH - LEFT - 12
    inner_h = HEIGHT - BOTTOM - TOP
    highest = max((d.tokens for d in days), default=0)
    most = highest or 1
    dearest = max((d.cost_usd or 0.0 for d in days), default=0.0)
    step = inner_w / max(len(days), 1)
    every = max(1, len(days) // 8)
    bars, points = [], []
    for n, d in enumerate(days):
        h = inner_h * d.tokens / most
        x = LEFT + n * step
        bars.append(
            Bar(
                round(x + step * 0.15, 1),
                round(TOP + inner_h - h, 1),
                round(step * 0.7, 1),
                round(h, 1),
                d.day,
                d.tokens,
                d.day[5:] if n % every == 0 else "",
            )
        )
        if dearest > 0:
            y = TOP + inner_h - inner_h * (d.cost_usd or 0.0) / dearest
            points.append(f"{x + step / 2:.1f},{y:.1f}")
    return Plot(bars, " ".join(points), highest, dearest)
