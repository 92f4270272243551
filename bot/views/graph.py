"""The relationship map as a graph to draw: entries as nodes, relations as labelled edges,
the seeds marked. The layout is deterministic (the same investigation draws the same
picture): one seed in the centre (several on a small ring), every other entry on an outer
ring, ordered by phase then id, so related entries of one phase sit together."""

from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH = 760
HEIGHT = 560
INNER = 90.0
OUTER = 220.0


@dataclass(frozen=True)
class Node:
    id: str
    label: str
    type: str
    phase: int
    seed: bool
    x: float
    y: float


@dataclass(frozen=True)
class Edge:
    source: Node
    target: Node
    label: str

    @property
    def mid(self) -> tuple[float, float]:
        return (self.source.x + self.target.x) / 2, (self.source.y + self.target.y) / 2


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
