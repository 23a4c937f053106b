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
in general graphs (Edmonds 1965; Gabow 1976), ``O(n^3)``, exact for integer weights
of any size.  It follows, array for array, Joris van Rantwijk's implementation
``mwmatching.py`` (2008, public domain), which implements the exposition of Zvi Galil,
"Efficient algorithms for finding maximum matching in graphs", ACM Computing Surveys
18 (1986), section 3 ("the O(n^3) implementation" with ``bestedge`` lists); the names
below are his.  It is *not* restricted to maximum cardinality: systems that
need as many pairs as possible put that criterion in the highest bits of the weight.
``tests/test_dutch_rules.py`` checks it against brute force and, where installed,
against ``networkx.max_weight_matching``.

Which optimal matching it returns when several tie matters to the FIDE Dutch engine,
so the code is tuned only in ways that keep every decision of the algorithm (vertex
ids without edges left out, slacks computed inline and cached between dual steps,
per-stage flags reset by a stage counter, a lean scan loop for a vertex outside any
blossom until an edge calls for a step); ``tests/test_matching_speed_identity.py``
holds the exact ``mate`` lists of the untuned solver for 308 graphs, and
``benchmarks/bench_matching.py`` measures the speed.

Arrays and their invariants
---------------------------
``m`` vertices ``0 .. m-1`` (the vertices with an edge, renumbered), blossoms
``m .. 2m-1``; edge ``k`` joins ``eu[k]`` and ``ev[k]`` with doubled weight ``ew[k]``;
its *endpoints* are ``2k`` (at ``eu[k]``) and ``2k+1`` (at ``ev[k]``), so ``p ^ 1`` is
the other end of the edge of endpoint ``p``.

* ``mate[v]``: the endpoint at v's partner of v's matched edge, or -1; the matching is
  symmetric: ``mate[endpoint[mate[v]]] == mate[v] ^ 1``.
* ``dualvar[v]`` (vertex, twice Galil's ``u``) and ``dualvar[b]`` (blossom, Galil's
  ``z``) are never negative; the *slack* of edge k is ``dualvar[eu[k]] +
  dualvar[ev[k]] - ew[k]`` plus ``2 * dualvar[b]`` for every blossom holding both ends;
  every slack is ``>= 0`` and a matched edge's is 0 (complementary slackness); at the
  end a single vertex has dual 0 and a blossom with a positive dual is full (all but
  its base matched inside).  Together these prove the matching optimal.
* ``inblossom[v]``: the top-level blossom holding v (v itself when none);
  ``blossomparent[b]``: the blossom directly holding b, or -1; ``blossomchilds[b]``
  and ``blossomendps[b]``: b's sub-blossoms round the odd cycle from the base, and the
  endpoint joining each to the next; ``blossombase[b]``: its base vertex (-1: blossom
  number unused).
* ``label[b]`` of a top-level blossom (and of its vertices): 0 free, 1 S (outer), 2
  T (inner) in the current stage's alternating forest; ``labelend[b]``: the endpoint
  through which b got its label (-1 for a root).
* ``bestedge[b]``: the least-slack edge from S-blossom b to another S-blossom (or, for
  a free vertex, to any S-vertex), -1 when none; ``blossombestedges[b]`` lists the
  candidates of a blossom.
* ``allowedge[k] == stage``: edge k has zero slack in this stage (tight);
  ``slackof`` / ``slackat`` cache slacks between dual steps.

:data:`CHECK` (environment ``MONRAD_MATCHING_CHECK=1``, or set by the tests) makes
every solve end by verifying these invariants on its result (``_verify_optimum``,
after van Rantwijk's ``verifyOptimum``): an ``AssertionError`` names what broke.

>>> g = WeightedGraph(4)
>>> g.set_weight(0, 1, 6); g.set_weight(2, 3, 6); g.set_weight(1, 2, 11)
>>> g.solve()
[1, 0, 3, 2]
>>> g.set_weight(1, 2, 13)
>>> g.solve()
[0, 2, 1, 3]
"""

from __future__ import annotations

import os
from collections.abc import Sequence

__all__ = ["CHECK", "WeightedGraph", "max_weight_matching"]

#: verify the optimality certificate of every solve (slow; for tests and debugging)
CHECK = bool(os.environ.get("MONRAD_MATCHING_CHECK"))


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


def _walk_from(j: int, childs: list[int]) -> tuple[int, int, int]:
    """Where to start going round a blossom from its child number ``j`` so that the
    path to the base has even length: (start index, step, endpoint trick)."""
    if j & 1:
        return j - len(childs), 1, 0
    return j, -1, 1


def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """Maximum-weight matching of ``edges`` (u, v, integer weight) on ``0 .. n-1``.

    Returns ``mate`` with ``mate[v] == v`` for unmatched vertices.  Not restricted
    to maximum cardinality.  Vertices and edges are kept in flat lists; every dual
    variable stays an integer because the weights are doubled internally.

    Vertices that appear in no edge are left out of the search: the others are
    renumbered ``0 .. m-1`` in increasing order, which keeps the order in which the
    algorithm visits vertices, edges and blossoms, so the matching returned (also
    which one of several optimal matchings) is the one the search on all ``n``
    vertices finds.  (A vertex without edges is single in every stage: it is an
    S-vertex whose dual falls with every dual step, like the dual of every other
    single vertex, so it only ever shares the least vertex dual; while an active
    vertex is single, the least dual is the same without it, and once none is, the
    search ends either way.  Scanning its empty edge list does nothing.)
    """
    nedge = len(edges)
    if nedge == 0:
        return list(range(n))
    used = sorted({u for u, _, _ in edges} | {v for _, v, _ in edges})
    if used[0] < 0 or used[-1] >= n:
        raise IndexError("an edge names a vertex outside 0 .. n-1")
    local = dict(zip(used, range(len(used))))
    m = len(used)  # the vertices 0 .. m-1 of the search; blossoms are m .. 2m-1
    eu = [local[u] for u, _, _ in edges]
    ev = [local[v] for _, v, _ in edges]
    ew = [2 * w for _, _, w in edges]  # doubled: every dual stays an integer
    maxw = max(0, max(ew))
    # endpoint p of edge k: 2k -> eu[k], 2k+1 -> ev[k]
    endpoint = [0] * (2 * nedge)
    endpoint[0::2] = eu
    endpoint[1::2] = ev
    # per vertex, its edges in input order: ``nbedges[x]`` the edge numbers and
    # ``scanlist[x]`` (neighbour, edge) for the scan loop
    nbedges: list[list[int]] = [[] for _ in range(m)]
    scanlist: list[list[tuple[int, int]]] = [[] for _ in range(m)]
    for k in range(nedge):
        u, v = eu[k], ev[k]
        nbedges[u].append(k)
        nbedges[v].append(k)
        if u != v:  # an edge from a vertex to itself is never used
            scanlist[u].append((v, k))
            scanlist[v].append((u, k))
    mate = [-1] * m  # remote endpoint of the matched edge, or -1
    label = [0] * (2 * m)
    labelend = [-1] * (2 * m)
    inblossom = list(range(m))
    blossomparent = [-1] * (2 * m)
    blossomchilds: list[list[int] | None] = [None] * (2 * m)
    blossombase = list(range(m)) + [-1] * m
    blossomendps: list[list[int] | None] = [None] * (2 * m)
    bestedge = [-1] * (2 * m)
    blossombestedges: list[list[int] | None] = [None] * (2 * m)
    unusedblossoms = list(range(m, 2 * m))
    dualvar = [maxw // 2] * m + [0] * m
    # edge k is allowed (zero slack, usable) in this stage when allowedge[k] == stage
    allowedge = [0] * nedge
    # vallowed[x] == stage when an edge at vertex x may be allowed in this stage
    vallowed = [0] * m
    # slackof[k] is the slack of edge k when slackat[k] == dstep, the number of dual
    # steps so far (vertex duals, hence slacks, change only in a dual step)
    slackof = [0] * nedge
    slackat = [-1] * nedge
    dstep = 0
    stage = 0
    queue: list[int] = []

    def leaves(b: int):
        if b < m:
            yield b
        else:
            for t in blossomchilds[b]:  # type: ignore[union-attr]
                if t < m:
                    yield t
                else:
                    yield from leaves(t)

    def assign_label(w: int, t: int, p: int) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        labelend[w] = labelend[b] = p
        bestedge[w] = bestedge[b] = -1
        if t == 1:
            if b < m:
                queue.append(b)
            else:
                queue.extend(leaves(b))
        elif t == 2:
            base = blossombase[b]
            assign_label(endpoint[mate[base]], 1, mate[base] ^ 1)

    def offer_free(w: int, k: int, kslack: int, step: int) -> None:
        """Edge k (slack ``kslack``) leads from an S-vertex to the unlabelled single
        vertex w: keep it as w's best edge if its slack is smaller (slacks of best
        edges are cached for the current dual step)."""
        be = bestedge[w]
        if be == -1:
            bestedge[w] = k
        else:
            if slackat[be] == step:
                bslack = slackof[be]
            else:
                bslack = dualvar[eu[be]] + dualvar[ev[be]] - ew[be]
                slackat[be] = step
                slackof[be] = bslack
            if kslack >= bslack:
                return
            bestedge[w] = k
        slackat[k] = step
        slackof[k] = kslack

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
        bestedgeto = [-1] * (2 * m)
        for bv in path:
            known = blossombestedges[bv]
            if known is None:
                nblists = [nbedges[x] for x in leaves(bv)]
            else:
                nblists = [known]
            for nblist in nblists:
                for kk in nblist:
                    i, j = eu[kk], ev[kk]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        be = bestedgeto[bj]
                        if (be == -1 or dualvar[i] + dualvar[j] - ew[kk]
                                < dualvar[eu[be]] + dualvar[ev[be]] - ew[be]):
                            bestedgeto[bj] = kk
            blossombestedges[bv] = None
            bestedge[bv] = -1
        bestlist = [kk for kk in bestedgeto if kk != -1]
        blossombestedges[b] = bestlist
        best = -1
        bestslack = 0
        for kk in bestlist:
            kslack = dualvar[eu[kk]] + dualvar[ev[kk]] - ew[kk]
            if best == -1 or kslack < bestslack:
                best = kk
                bestslack = kslack
        bestedge[b] = best

    def expand_blossom(b: int, endstage: bool) -> None:
        for s in blossomchilds[b]:  # type: ignore[union-attr]
            blossomparent[s] = -1
            if s < m:
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
            entry = childs.index(entrychild)  # type: ignore[union-attr]
            j, jstep, endptrick = _walk_from(entry, childs)  # type: ignore[arg-type]
            p = labelend[b]
            while j != 0:
                label[endpoint[p ^ 1]] = 0
                label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0  # type: ignore[index]
                assign_label(endpoint[p ^ 1], 2, p)
                kk = endps[j - endptrick] // 2  # type: ignore[index]
                allowedge[kk] = vallowed[eu[kk]] = vallowed[ev[kk]] = stage
                j += jstep
                p = endps[j - endptrick] ^ endptrick  # type: ignore[index]
                kk = p // 2
                allowedge[kk] = vallowed[eu[kk]] = vallowed[ev[kk]] = stage
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
        if t >= m:
            augment_blossom(t, v)
        childs = blossomchilds[b]
        endps = blossomendps[b]
        i = childs.index(t)  # type: ignore[union-attr]
        j, jstep, endptrick = _walk_from(i, childs)  # type: ignore[arg-type]
        while j != 0:
            j += jstep
            t = childs[j]  # type: ignore[index]
            p = endps[j - endptrick] ^ endptrick  # type: ignore[index]
            if t >= m:
                augment_blossom(t, endpoint[p])
            j += jstep
            t = childs[j]  # type: ignore[index]
            if t >= m:
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
                if bs >= m:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= m:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    vertices = range(m)
    blossoms = range(m, 2 * m)
    # one augmentation per stage, at most m // 2 of them, then a stage without one
    # ends the search, so m stages suffice (numbered from 1: allowedge starts at 0)
    for stage in range(1, m + 1):
        label[:] = [0] * (2 * m)
        bestedge[:] = [-1] * (2 * m)
        blossombestedges[m:] = [None] * m
        del queue[:]
        for v in vertices:
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                # Vertex duals change only in the dual step, so the slacks met here
                # are fixed for the whole scan: with ``x = dualvar[w] - ew[k]`` the
                # slack of edge k is ``x + dv``; ``lim`` holds the slack of bv's best
                # edge minus dv, so ``x < lim`` compares two slacks exactly.
                dv = dualvar[v]
                ndv = -dv
                bv = inblossom[v]
                bbest = bestedge[bv]
                if bbest != -1:
                    lim = dualvar[eu[bbest]] + dualvar[ev[bbest]] - ew[bbest] - dv
                lst = scanlist[v]
                rest: Sequence[tuple[int, int]] = lst
                if bv == v and vallowed[v] != stage:
                    # A lean loop while v is a blossom of its own and no edge at v is
                    # allowed yet: no edge stays inside bv and only tight edges are
                    # allowed, so both tests go.  It hands the rest of the list, from
                    # the first edge that calls for a step, to the loop below.
                    rest = ()
                    for w, k in lst:
                        bw = inblossom[w]
                        if (x := dualvar[w] - ew[k]) <= ndv:
                            if label[bw] == 2 and label[w] != 0:
                                # tight edge to a labelled T-vertex: mark it, no step
                                allowedge[k] = vallowed[v] = vallowed[w] = stage
                                continue
                            rest = lst[lst.index((w, k)):]  # the loop below takes the step
                            break
                        elif label[bw] == 1:
                            if bbest == -1 or x < lim:
                                bestedge[bv] = bbest = k
                                lim = x
                        elif label[w] == 0:
                            offer_free(w, k, x + dv, dstep)
                if rest:
                    # the edge-by-edge loop of the algorithm, from where the lean loop
                    # above stopped (or from the start)
                    for w, k in rest:
                        bw = inblossom[w]
                        if bw == bv:
                            continue
                        if allowedge[k] == stage or (x := dualvar[w] - ew[k]) <= ndv:
                            allowedge[k] = vallowed[v] = vallowed[w] = stage
                            q = 2 * k if eu[k] == v else 2 * k + 1  # endpoint at v
                            lw = label[bw]
                            if lw == 0:
                                assign_label(w, 2, q)
                            elif lw == 1:
                                base = scan_blossom(v, w)
                                if base >= 0:
                                    add_blossom(base, k)
                                else:
                                    augment_matching(k)
                                    augmented = True
                                    break
                            elif label[w] == 0:
                                label[w] = 2
                                labelend[w] = q
                            # re-read what the steps above may have changed
                            bv = inblossom[v]
                            bbest = bestedge[bv]
                            if bbest != -1:
                                lim = dualvar[eu[bbest]] + dualvar[ev[bbest]] - ew[bbest] - dv
                        elif label[bw] == 1:
                            if bbest == -1 or x < lim:
                                bestedge[bv] = bbest = k
                                lim = x
                        elif label[w] == 0:
                            offer_free(w, k, x + dv, dstep)
            if augmented:
                break
            # The dual step.  Candidates are taken type by type (1, 2, 3, 4) and, within
            # a type, in increasing vertex / blossom number; a later candidate wins only
            # when strictly smaller.
            deltaedge = deltablossom = -1
            # delta1: minimum dual of a single vertex (no max-cardinality)
            deltatype = 1
            delta = min(dualvar[:m])
            # delta2: least slack of an edge from an S-vertex to a free vertex
            for v in vertices:
                be = bestedge[v]
                if be != -1 and label[inblossom[v]] == 0:
                    d = dualvar[eu[be]] + dualvar[ev[be]] - ew[be]
                    if d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = be
            # the top-level blossoms in use, in increasing number
            tops = [b for b in blossoms if blossomparent[b] == -1 and blossombase[b] >= 0]
            # delta3: half the least slack of an edge between two S-blossoms
            for b in vertices:
                be = bestedge[b]
                if be != -1 and blossomparent[b] == -1 and label[b] == 1:
                    d = (dualvar[eu[be]] + dualvar[ev[be]] - ew[be]) // 2
                    if d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = be
            for b in tops:
                be = bestedge[b]
                if be != -1 and label[b] == 1:
                    d = (dualvar[eu[be]] + dualvar[ev[be]] - ew[be]) // 2
                    if d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = be
            # delta4: least dual of a T-blossom
            for b in tops:
                if label[b] == 2 and dualvar[b] < delta:
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            if delta:
                dstep += 1
                dualvar[:m] = [
                    d - delta if lab == 1 else d + delta if lab == 2 else d
                    for d, lab in zip(dualvar, [label[b] for b in inblossom])
                ]
                for b in tops:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            if deltatype == 1:
                break
            elif deltatype == 2:
                allowedge[deltaedge] = stage
                vallowed[eu[deltaedge]] = vallowed[ev[deltaedge]] = stage
                i, j = eu[deltaedge], ev[deltaedge]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif deltatype == 3:
                allowedge[deltaedge] = stage
                vallowed[eu[deltaedge]] = vallowed[ev[deltaedge]] = stage
                queue.append(eu[deltaedge])
            elif deltatype == 4:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in blossoms:
            if (blossomparent[b] == -1 and blossombase[b] >= 0 and label[b] == 1
                    and dualvar[b] == 0):
                expand_blossom(b, True)
    if CHECK:
        _verify_optimum(m, eu, ev, ew, endpoint, mate, dualvar, blossomparent,
                        blossombase, blossomendps)
    out = list(range(n))
    for v in vertices:
        if mate[v] >= 0:
            out[used[v]] = used[endpoint[mate[v]]]
    return out


def _verify_optimum(m: int, eu: list[int], ev: list[int], ew: list[int], endpoint: list[int],
                    mate: list[int], dualvar: list[int], blossomparent: list[int],
                    blossombase: list[int], blossomendps: list[list[int] | None]) -> None:
    """Assert the invariants of the module docstring on a finished solve: the dual
    solution and the matching satisfy complementary slackness, which proves the
    matching a maximum-weight one."""
    assert all(d >= 0 for d in dualvar[:m]), "a vertex dual is negative"
    assert all(dualvar[b] >= 0 for b in range(m, 2 * m) if blossombase[b] >= 0), \
        "a blossom dual is negative"
    for v in range(m):
        p = mate[v]
        if p >= 0:
            assert mate[endpoint[p]] == p ^ 1, f"vertex {v}: the matching is not symmetric"
        else:
            assert dualvar[v] == 0, f"vertex {v} is single with a positive dual"
    for k in range(len(eu)):
        i, j = eu[k], ev[k]
        slack = dualvar[i] + dualvar[j] - ew[k]
        up_i, up_j = [i], [j]
        while blossomparent[up_i[-1]] != -1:
            up_i.append(blossomparent[up_i[-1]])
        while blossomparent[up_j[-1]] != -1:
            up_j.append(blossomparent[up_j[-1]])
        for bi, bj in zip(reversed(up_i), reversed(up_j)):
            if bi != bj:
                break
            slack += 2 * dualvar[bi]
        assert slack >= 0, f"edge {k} ({i}-{j}) has negative slack {slack}"
        if mate[i] // 2 == k or mate[j] // 2 == k:
            assert mate[i] // 2 == k and mate[j] // 2 == k, f"edge {k} is matched at one end"
            assert slack == 0, f"matched edge {k} ({i}-{j}) is not tight"
    for b in range(m, 2 * m):
        if blossombase[b] >= 0 and dualvar[b] > 0:
            endps = blossomendps[b]
            assert endps is not None and len(endps) % 2 == 1, f"blossom {b} is not an odd cycle"
            for p in endps[1::2]:
                assert mate[endpoint[p]] == p ^ 1 and mate[endpoint[p ^ 1]] == p, \
                    f"blossom {b} has a positive dual but is not full"
