"""The relationship map as a graph to draw: entries as nodes, relations as labelled edges,
the seeds marked. The layout is deterministic (the same investigation draws the same
picture): one seed in the centre (several on a small ring), every other entry on an outer
ring, ordered by phase then id, so related entries of one phase sit together."""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH = 900
HEIGHT = 620
INNER = 90.0
OUTER = 250.0


@dataclass(frozen=True)
class Node:
    id: str
    label: str
    type: str
    phase: int
    seed: bool
    x: float
    y: float

    @property
    def radius(self) -> float:
        return 11.0 if self.seed else 8.0

    @property
    def label_at(self) -> tuple[float, float, str]:
        """Where the label goes: outward from the centre, so neighbours' labels do not meet
        (x, y, SVG text-anchor)."""
        dx, dy = self.x - WIDTH / 2, self.y - HEIGHT / 2
        length = math.hypot(dx, dy)
        if length < 1:
            return self.x, self.y + self.radius + 13, "middle"
        ux, uy = dx / length, dy / length
        x = self.x + ux * (self.radius + 5)
        y = self.y + uy * (self.radius + 5) + 4
        anchor = "middle" if abs(ux) < 0.12 else ("start" if ux > 0 else "end")
        if anchor == "middle":
            y += 8 if uy > 0 else -4
        return round(x, 1), round(y, 1), anchor


@dataclass(frozen=True)
class Edge:
    source: Node
    target: Node
    label: str

    @property
    def mid(self) -> tuple[float, float]:
        return round((self.source.x + self.target.x) / 2, 1), round((self.source.y + self.target.y) / 2, 1)

    @property
    def line(self) -> tuple[float, float, float, float]:
        """From edge to edge of the two circles, so the arrowhead shows."""
        a, b = self.source, self.target
        dx, dy = b.x - a.x, b.y - a.y
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        return (
            round(a.x + ux * (a.radius + 1), 1),
            round(a.y + uy * (a.radius + 1), 1),
            round(b.x - ux * (b.radius + 3), 1),
            round(b.y - uy * (b.radius + 3), 1),
        )


@dataclass(frozen=True)
class Graph:
    nodes: list[Node]
    edges: list[Edge]
    width: int = WIDTH
    height: int = HEIGHT


def _ring(
    items: list[tuple[str, str, str, int]], radius: float, cx: float, cy: float, seed: bool
) -> list[Node]:
    out = []
    count = len(items)
    for n, (entry_id, label, kind, phase) in enumerate(items):
        if radius == 0.0:
            x, y = cx, cy
        else:
            angle = -math.pi / 2 + 2 * math.pi * n / count
            x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        out.append(Node(entry_id, label, kind, phase, seed, round(x, 1), round(y, 1)))
    return out


def lay_out(
    entries: list[tuple[str, str, str, int]], relations: list[tuple[str, str, str]], *, max_nodes: int = 40
) -> Graph:
    """``entries``: (id, label, type, phase; phase 1 is a seed); ``relations``: (from id,
    to id, type). Relations whose ends are not both drawn are left out."""
    ordered = sorted(entries, key=lambda e: (e[3], e[0]))[:max_nodes]
    seeds = [e for e in ordered if e[3] == 1]
    others = [e for e in ordered if e[3] != 1]
    if not seeds and others:  # nothing marked a seed: the first found stands in the centre
        seeds, others = others[:1], others[1:]
    cx, cy = WIDTH / 2, HEIGHT / 2
    # many seeds spread over a wider inner ring; the rest go round outside it
    inner_r = 0.0 if len(seeds) <= 1 else min(OUTER - 70, max(INNER, 17.0 * len(seeds)))
    inner = _ring(seeds, inner_r, cx, cy, True)
    outer = _ring(others, OUTER if inner_r < OUTER - 70 else OUTER + 20, cx, cy, False)
    nodes = inner + outer
    by_id = {n.id: n for n in nodes}
    edges: list[Edge] = []
    seen: set[tuple[str, str, str]] = set()
    for a, b, kind in relations:
        key = (a, b, kind)
        if a in by_id and b in by_id and a != b and key not in seen:
            seen.add(key)
            edges.append(Edge(by_id[a], by_id[b], kind))
    return Graph(nodes, edges)
