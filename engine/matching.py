"""Maximum-weight matching on a general graph, for pairing systems.

A pairing system that needs a global optimum (FIDE Dutch C.04.3: "the pairing of a
bracket must leave the rest pairable", quality criteria weighed lexicographically)
states its criteria as one integer weight per possible pair and asks for a matching
of maximum total weight.  This module holds that one algorithm, apart from any
system, so other systems can reuse it.

API
---
:class:`WeightedGraph` -- an undirected graph on vertices ``0 .. n-1`` whose edge
weights are Python integers of any size (lexicographic weights are often hundreds
of bits wide; no rounding ever happens).

* ``g.set_weight(u, v, w)``  set (``w > 0``) or delete (``w <= 0``) the edge u-v;
* ``g.weight(u, v)``          current weight, 0 when there is no edge;
* ``g.retire(u, v)``          take the pair u-v out of the graph for good (both
  vertices leave; used when a pair is final);
* ``g.edges()``               the active edges as (u, v, weight), u < v;
* ``g.fixed_pairs()``         the retired pairs;
* ``g.solve()``               a maximum-weight matching of the vertices still in the
  graph, as ``mate`` list: ``mate[v]`` is v's partner, or ``v`` itself when v is
  unmatched (retired vertices map to their retired partner).

The solver is the classic primal-dual blossom algorithm for maximum-weight matching
in general graphs (Edmonds 1965; Gabow 1976; Galil 1986, "Efficient algorithms for
finding maximum matching in graphs"), ``O(n^3)``, on flat lists, exact for integer
weights of any size.  It is *not* restricted to maximum cardinality: systems that
need as many pairs as possible put that criterion in the highest bits of the weight.
``tests/test_dutch_rules.py`` checks it against brute force and, where installed,
against ``networkx.max_weight_matching``.

>>> g = WeightedGraph(4)
>>> g.set_weight(0, 1, 6); g.set_weight(2, 3, 6); g.set_weight(1, 2, 11)
>>> g.solve()
[1, 0, 3, 2]
>>> g.set_weight(1, 2, 13)
>>> g.solve()
[0, 2, 1, 3]
"""

from __future__ import annotations

__all__ = ["WeightedGraph", "max_weight_matching"]


class WeightedGraph:
    """Undirected graph with big-integer edge weights (see the module docstring)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self._adj: list[dict[int, int]] = [{} for _ in range(n)]
        self._active = [True] * n
        self._fixed: dict[int, int] = {}

    def set_weight(self, u: int, v: int, w: int) -> None:
        if u == v:
            raise ValueError("a vertex cannot be matched with itself")
        if not (self._active[u] and self._active[v]):
            return
        if w > 0:
            self._adj[u][v] = w
            self._adj[v][u] = w
        else:
            self._adj[u].pop(v, None)
            self._adj[v].pop(u, None)

    def weight(self, u: int, v: int) -> int:
        return self._adj[u].get(v, 0)

    def has_edge_beyond(self, v: int, cut: int) -> bool:
        """True when ``v`` has an edge to a vertex numbered ``cut`` or more."""
        return any(u >= cut for u in self._adj[v])

    def has_edge_within(self, v: int, lo: int, hi: int) -> bool:
        """True when ``v`` has an edge to a vertex numbered ``lo .. hi - 1``."""
        return any(lo <= u < hi for u in self._adj[v])

    def active(self, v: int) -> bool:
        return self._active[v]

    def retire(self, u: int, v: int) -> None:
        """Fix the pair u-v: both vertices leave the graph, matched to each other."""
        for x in (u, v):
            for y in list(self._adj[x]):
                self._adj[y].pop(x, None)
            self._adj[x].clear()
            self._active[x] = False
        self._fixed[u] = v
        self._fixed[v] = u

    def fixed_pairs(self) -> list[tuple[int, int]]:
        """The retired pairs, each in both directions."""
        return list(self._fixed.items())

    def edges(self) -> list[tuple[int, int, int]]:
        """(u, v, weight) of every edge between active vertices, u < v."""
        return [
            (u, v, w) for u in range(self.n) if self._active[u]
            for v, w in self._adj[u].items() if v > u
        ]

    def solve(self) -> list[int]:
        """A maximum-weight matching of the active vertices (see module docstring)."""
        mate = max_weight_matching(self.n, self.edges())
        for x, y in self._fixed.items():
            mate[x] = y
        return mate


def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """Maximum-weight matching of ``edges`` (u, v, integer weight) on ``0 .. n-1``.

    Returns ``mate`` with ``mate[v] == v`` for unmatched vertices.  Not restricted
    to maximum cardinality.  Vertices and edges are kept in flat lists; every dual
    variable stays an integer because the weights are doubled internally.
    """
    nedge = len(edges)
    if nedge == 0:
        return list(range(n))
    eu = [0] * nedge
    ev = [0] * nedge
    ew = [0] * nedge
    maxw = 0
    for k, (u, v, w) in enumerate(edges):
        eu[k] = u
        ev[k] = v
        ew[k] = 2 * w  # keep every dual an integer
        if 2 * w > maxw:
            maxw = 2 * w
    # endpoint p of edge k: 2k -> eu[k], 2k+1 -> ev[k]
    endpoint = [0] * (2 * nedge)
    neighbend: list[list[int]] = [[] for _ in range(n)]
    for k in range(nedge):
        u, v = eu[k], ev[k]
        endpoint[2 * k] = u
        endpoint[2 * k + 1] = v
        neighbend[u].append(2 * k + 1)
        neighbend[v].append(2 * k)
    mate = [-1] * n  # remote endpoint of the matched edge, or -1
    label = [0] * (2 * n)
    labelend = [-1] * (2 * n)
    inblossom = list(range(n))
    blossomparent = [-1] * (2 * n)
    blossomchilds: list[list[int] | None] = [None] * (2 * n)
    blossombase = list(range(n)) + [-1] * n
    blossomendps: list[list[int] | None] = [None] * (2 * n)
    bestedge = [-1] * (2 * n)
    blossombestedges: list[list[int] | None] = [None] * (2 * n)
    unusedblossoms = list(range(n, 2 * n))
    dualvar = [maxw // 2] * n + [0] * n
    allowedge = [False] * nedge
    queue: list[int] = []

    def slack(k: int) -> int:
        return dualvar[eu[k]] + dualvar[ev[k]] - ew[k]

    def leaves(b: int):
        if b < n:
            yield b
        else:
            for t in blossomchilds[b]:  # type: ignore[union-attr]
                if t < n:
                    yield t
                else:
                    yield from leaves(t)

    def assign_label(w: int, t: int, p: int) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        labelend[w] = labelend[b] = p
        bestedge[w] = bestedge[b] = -1
        if t == 1:
            queue.extend(leaves(b))
        elif t == 2:
            base = blossombase[b]
            assign_label(endpoint[mate[base]], 1, mate[base] ^ 1)

    def scan_blossom(v: int, w: int) -> int:
        path = []
        base = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, k: int) -> None:
        v, w = eu[k], ev[k]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        blossomchilds[b] = path
        blossomendps[b] = endps
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for x in leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
            inblossom[x] = b
        bestedgeto = [-1] * (2 * n)
        for bv in path:
            if blossombestedges[bv] is None:
                nblists = [[p // 2 for p in neighbend[x]] for x in leaves(bv)]
            else:
                nblists = [blossombestedges[bv]]
            for nblist in nblists:
                for kk in nblist:
                    i, j = eu[kk], ev[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (bj != b and label[bj] == 1
                            and (bestedgeto[bj] == -1 or slack(kk) < slack(bestedgeto[bj]))):
                        bestedgeto[bj] = kk
            blossombestedges[bv] = None
            bestedge[bv] = -1
        blossombestedges[b] = [kk for kk in bestedgeto if kk != -1]
        bestedge[b] = -1
        for kk in blossombestedges[b]:  # type: ignore[union-attr]
            if bestedge[b] == -1 or slack(kk) < slack(bestedge[b]):
                bestedge[b] = kk

    def expand_blossom(b: int, endstage: bool) -> None:
        for s in blossomchilds[b]:  # type: ignore[union-attr]
            blossomparent[s] = -1
            if s < n:
                inblossom[s] = s
            elif endstage and dualvar[s] == 0:
                expand_blossom(s, endstage)
            else:
                for x in leaves(s):
                    inblossom[x] = s
        if not endstage and label[b] == 2:
            entrychild = inblossom[endpoint[labelend[b] ^ 1]]
            childs = blossomchilds[b]
            endps = blossomendps[b]
            j = childs.index(entrychild)  # type: ignore[union-attr]
            if j & 1:
                j -= len(childs)  # type: ignore[arg-type]
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0  # type: ignore[index]
                assign_label(endpoint[p ^ 1], 2, p)
                allowedge[endps[j - endptrick] // 2] = True  # type: ignore[index]
                j += jstep
                p = endps[j - endptrick] ^ endptrick  # type: ignore[index]
                allowedge[p // 2] = True
                j += jstep
            bv = childs[j]  # type: ignore[index]
            label[endpoint[p ^ 1]] = label[bv] = 2
            labelend[endpoint[p ^ 1]] = labelend[bv] = p
            bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:  # type: ignore[index]
                bv = childs[j]  # type: ignore[index]
                if label[bv] == 1:
                    j += jstep
                    continue
                for v in leaves(bv):
                    if label[v] != 0:
                        break
                if label[v] != 0:
                    label[v] = 0
                    label[endpoint[mate[blossombase[bv]]]] = 0
                    assign_label(v, 2, labelend[v])
                j += jstep
        label[b] = labelend[b] = -1
        blossomchilds[b] = blossomendps[b] = None
        blossombase[b] = -1
        blossombestedges[b] = None
        bestedge[b] = -1
        unusedblossoms.append(b)

    def augment_blossom(b: int, v: int) -> None:
        t = v
        while blossomparent[t] != b:
            t = blossomparent[t]
        if t >= n:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        i = j = childs.index(t)  # type: ignore[union-attr]
        if i & 1:
            j -= len(childs)  # type: ignore[arg-type]
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        while j != 0:
            j += jstep
            t = childs[j]  # type: ignore[index]
            p = endps[j - endptrick] ^ endptrick  # type: ignore[index]
            if t >= n:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]  # type: ignore[index]
            if t >= n:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        blossomchilds[b] = childs[i:] + childs[:i]  # type: ignore[index]
        blossomendps[b] = endps[i:] + endps[:i]  # type: ignore[index]
        blossombase[b] = blossombase[blossomchilds[b][0]]  # type: ignore[index]

    def augment_matching(k: int) -> None:
        v, w = eu[k], ev[k]
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= n:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= n:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    for _stage in range(n):
        for i in range(2 * n):
            label[i] = 0
            bestedge[i] = -1
        for i in range(n, 2 * n):
            blossombestedges[i] = None
        for k in range(nedge):
            allowedge[k] = False
        del queue[:]
        for v in range(n):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                for p in neighbend[v]:
                    k = p >> 1
                    w = endpoint[p]
                    if inblossom[v] == inblossom[w]:
                        continue
                    if not allowedge[k]:
                        kslack = dualvar[v] + dualvar[w] - ew[k]
                        if kslack <= 0:
                            allowedge[k] = True
                    if allowedge[k]:
                        if label[inblossom[w]] == 0:
                            assign_label(w, 2, p ^ 1)
                        elif label[inblossom[w]] == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, k)
                            else:
                                augment_matching(k)
                                augmented = True
                                break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                    elif label[inblossom[w]] == 1:
                        b = inblossom[v]
                        if bestedge[b] == -1 or kslack < slack(bestedge[b]):
                            bestedge[b] = k
                    elif label[w] == 0:
                        if bestedge[w] == -1 or kslack < slack(bestedge[w]):
                            bestedge[w] = k
            if augmented:
                break
            deltatype = -1
            delta = deltaedge = deltablossom = None
            # delta1: minimum dual of a single vertex (no max-cardinality)
            deltatype = 1
            delta = min(dualvar[:n])
            for v in range(n):
                if label[inblossom[v]] == 0 and bestedge[v] != -1:
                    d = slack(bestedge[v])
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
            for b in range(2 * n):
                if blossomparent[b] == -1 and label[b] == 1 and bestedge[b] != -1:
                    kslack = slack(bestedge[b])
                    d = kslack // 2
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            for b in range(n, 2 * n):
                if (blossombase[b] >= 0 and blossomparent[b] == -1 and label[b] == 2
                        and (deltatype == -1 or dualvar[b] < delta)):
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            for v in range(n):
                lab = label[inblossom[v]]
                if lab == 1:
                    dualvar[v] -= delta
                elif lab == 2:
                    dualvar[v] += delta
            for b in range(n, 2 * n):
                if blossombase[b] >= 0 and blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            elif deltatype == 2:
                allowedge[deltaedge] = True  # type: ignore[index]
                i, j = eu[deltaedge], ev[deltaedge]  # type: ignore[index]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = True  # type: ignore[index]
                i = eu[deltaedge]  # type: ignore[index]
                queue.append(i)
            elif deltatype == 4:
                expand_blossom(deltablossom, False)  # type: ignore[arg-type]
        if not augmented:
            break
        for b in range(n, 2 * n):
            if (blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                    and dualvar[b] == 0):
                expand_blossom(b, True)
    out = list(range(n))
    for v in range(n):
        if mate[v] >= 0:
            out[v] = endpoint[mate[v]]
    return out
