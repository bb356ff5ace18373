"""The match service: lobby, ordered and durable actions, bots, clocks,
real-time pacing, undo and live fan-out. Game-agnostic throughout.

Concurrency model: one asyncio lock per match orders everything that appends
to its log inside this process; the database row lock (and the log's primary
key) orders appends across processes. Bots and database calls run in worker
threads so the event loop keeps serving requests.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import os
import secrets
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, timedelta
from typing import Any

import galaxis
from galaxis.core import get_game
from galaxis.core.messages import Catalogue, render
from galaxis.core.reveal import reveals
from galaxis.core.rng import Rng
from galaxis.server.db import make_engine, migrate, utcnow
from galaxis.server.fairness import new_nonce
from galaxis.server.fanout import Fanout
from galaxis.server.live import Applied, LiveMatch
from galaxis.server.store import Append, LogEntry, MatchFacts, StaleLog, Store, UndoRequest
from galaxis.server.workers import (
    Overran,
    WorkerPool,
    check_bot_spec,
    check_seat_spec,
    deadline_of,
    is_quick,
)
from galaxis.server.writer import Writer

SERVER = Catalogue.for_package(__name__)  # galaxis/server/data/messages.yaml

log = logging.getLogger("galaxis.server")

CACHE_SIZE = 2000
MAX_UNDO_MOVES = 200  # an undo takes back at most this many moves


class ServiceError(Exception):
    """An answer other than 200 with a message in every language (``str()`` is English)."""

    def __init__(self, message: object) -> None:
        super().__init__(str(message))
        self.message = message

    def localized(self, lang: str = "en") -> str:
        return render(self.message, lang)


class NotFound(ServiceError):
    pass


class Forbidden(ServiceError):
    pass


class Stale(ServiceError):
    """409: the caller's seq is not the match's."""

    def __init__(self, seq: int) -> None:
        super().__init__(SERVER("stale", seq=seq))
        self.seq = seq


class Refused(ServiceError):
    """409: the request conflicts with the match's state (no free seat, no undo ...)."""


class TooSoon(ServiceError):
    """429: a real-time seat is still cooling down."""

    def __init__(self, retry_after_ms: int) -> None:
        super().__init__(SERVER("too_soon", ms=retry_after_ms))
        self.retry_after_ms = retry_after_ms


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Runtime:
    """Per-match state of this process: pacing (derived from the log), running
    clocks, and a copy of the pending undo request (stored in the database)."""

    realtime: dict[str, Any] | None
    cooldown_until: dict[int, float] = field(default_factory=dict)
    countdown_until: float = 0.0
    turn_start: dict[int, float] = field(default_factory=dict)  # seats whose clock runs
    undo: UndoRequest | None = None


class Service:
    def __init__(
        self,
        db_url: str = "sqlite:///galaxis.db",
        redis_url: str | None = None,
        bot_budget_s: float = 30.0,
        bot_delay_s: float = 0.0,
        bot_threads: int = 4,
        bot_processes: int | None = None,
        idle_s: float = 24 * 3600.0,
    ) -> None:
        """``idle_s``: an unfinished match in which nothing happened for this long is
        ended (an ``abandon`` log entry) and unloaded."""
        self.engine = make_engine(db_url)
        migrate(self.engine)
        self.store = Store(self.engine)
        self.multi = bool(redis_url)
        self.fanout = Fanout(redis_url)
        self.bot_budget_s = bot_budget_s
        self.bot_delay_s = bot_delay_s
        self.bot_pool = ThreadPoolExecutor(max_workers=bot_threads, thread_name_prefix="galaxis-bot")
        # 0: search agents think in threads too
        self.bot_processes = max(1, min(4, os.cpu_count() or 1)) if bot_processes is None else bot_processes
        self.search_pool: WorkerPool | None = None  # started by the first searching bot
        self.writer = Writer(self.store, inline=self.engine.dialect.name == "sqlite")
        self.cache: OrderedDict[str, LiveMatch] = OrderedDict()
        self.runtime: dict[str, Runtime] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.loading: dict[str, asyncio.Future[LiveMatch]] = {}
        self.bots: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.timers: dict[str, asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self.closing = False
        self.idle_s = idle_s

    # --- life cycle ------------------------------------------------------------------
    async def start(self) -> None:
        await self.fanout.start(self._remote_update)
        self._spawn(self._resume())
        self._spawn(self._sweep_idle())

    async def stop(self) -> None:
        self.closing = True
        for task in [*self.bots.values(), *self.timers.values(), *self.tasks]:
            task.cancel()
        for task in [*self.bots.values(), *self.timers.values(), *self.tasks]:
            with contextlib.suppress(BaseException):
                await task
        await self.fanout.stop()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        if self.search_pool is not None:
            self.search_pool.close()
        self.writer.close()
        self.engine.dispose()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _resume(self) -> None:
        """After a restart: bots and clocks of unfinished matches carry on."""
        facts = await asyncio.to_thread(self.store.listing, ("waiting", "playing"), 10000)
        for f in facts:
            if self.closing:
                return
            if f.clock or any(s["kind"] == "bot" for s in f.seats):
                try:
                    live = await self.get(f.id)
                except Exception:  # a match that no longer replays must not stop the others
                    log.exception("cannot resume match %s", f.id)
                    continue
                self._after_change(live)

    # --- idle matches ----------------------------------------------------------------
    async def _sweep_idle(self) -> None:
        """Every little while: ends the unfinished matches idle for ``idle_s``."""
        every = max(0.2, min(60.0, self.idle_s / 4))
        while not self.closing:
            try:
                await self.end_idle()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the idle-match sweep failed")
            await asyncio.sleep(every)

    async def end_idle(self) -> list[str]:
        """Ends (an ``abandon`` entry, status over) and unloads every unfinished match
        in which nothing happened for ``idle_s`` seconds; returns their ids."""
        before = utcnow() - timedelta(seconds=self.idle_s)
        ended: list[str] = []
        for match_id, seq in await asyncio.to_thread(self.store.idle, before):
            async with self.lock(match_id):
                live = self.cache.get(match_id)
                if live is not None:
                    seq = live.seq
                entry = LogEntry(seq + 1, -1, "abandon", "idle")
                try:
                    await self.writer.append(Append(match_id, seq, entry, "over"))
                except StaleLog:
                    continue  # it moved meanwhile: not idle after all
                if live is not None:
                    applied = live.install(live.stage(entry))
                    live.facts.status = "over"
                    self._publish_local(live, applied)
            self._unload(match_id)
            ended.append(match_id)
        if ended:
            log.info("ended %d idle matches", len(ended))
        return ended

    def _unload(self, match_id: str) -> None:
        for (mid, seat), task in list(self.bots.items()):
            if mid == match_id:
                task.cancel()
                self.bots.pop((mid, seat), None)
        timer = self.timers.pop(match_id, None)
        if timer is not None:
            timer.cancel()
        self.cache.pop(match_id, None)
        self.runtime.pop(match_id, None)
        lock = self.locks.get(match_id)
        if lock is not None and not lock.locked():
            self.locks.pop(match_id, None)
        for sub in list(self.fanout.subs.get(match_id, ())):
            sub.put(None)  # watchers got the abandon entry; their sockets close

    # --- loading -----------------------------------------------------------------------
    def lock(self, match_id: str) -> asyncio.Lock:
        lock = self.locks.get(match_id)
        if lock is None:
            lock = self.locks[match_id] = asyncio.Lock()
        return lock

    async def get(self, match_id: str, fresh: bool = False) -> LiveMatch:
        """The live match (rebuilt from the log when not cached)."""
        live = self.cache.get(match_id)
        if live is not None:
            self.cache.move_to_end(match_id)
            if fresh and self.multi:
                async with self.lock(match_id):  # never between a commit and its install
                    await self.sync(live)
            return live
        pending = self.loading.get(match_id)
        if pending is not None:
            return await asyncio.shield(pending)
        fut: asyncio.Future[LiveMatch] = asyncio.get_running_loop().create_future()
        self.loading[match_id] = fut
        try:
            loaded = await asyncio.to_thread(self._load, match_id)
            if match_id not in self.cache:
                self.cache[match_id] = loaded
                self._evict()
                self._clock_transition(loaded, (), loaded.to_move, time.monotonic())
            live = self.cache[match_id]
            fut.set_result(live)
            return live
        except BaseException as exc:
            fut.set_exception(exc)
            fut.exception()  # mark retrieved: waiters get it through shield
            raise
        finally:
            self.loading.pop(match_id, None)

    def runtime_of(self, live: LiveMatch) -> Runtime:
        rt = self.runtime.get(live.facts.id)
        if rt is None:
            rt = self.runtime[live.facts.id] = Runtime(get_game(live.facts.game).realtime(live.facts.options))
        return rt

    def _load(self, match_id: str) -> LiveMatch:
        got = self.store.load(match_id)
        if got is None:
            raise NotFound(SERVER("no_match", match=repr(match_id)))
        facts, entries = got
        live = LiveMatch.rebuild(facts, entries)
        rt = self.runtime.setdefault(match_id, Runtime(get_game(facts.game).realtime(facts.options)))
        for applied in live.log:
            self._pace_stored(rt, applied)
        rt.undo = self.store.pending_undo(match_id)
        return live

    def _evict(self) -> None:
        """Forgets the least recently used finished matches beyond the cache size.

        Unfinished matches stay: one live object (and one lock) per match in a
        process keeps every request, bot and clock working on the same state.
        """
        excess = len(self.cache) - CACHE_SIZE
        if excess <= 0:
            return
        victims = [k for k, v in self.cache.items() if v.over][:excess]
        for victim in victims:
            self.cache.pop(victim)
            self.runtime.pop(victim, None)
            lock = self.locks.get(victim)
            if lock is not None and not lock.locked():
                self.locks.pop(victim, None)

    async def sync(self, live: LiveMatch) -> None:
        """Catches the cached match up with entries other processes stored."""
        head = await asyncio.to_thread(self.store.head, live.facts.id)
        if head is None or head <= live.seq:
            return
        got = await asyncio.to_thread(self.store.load, live.facts.id, live.seq)
        if got is None:
            return
        facts, entries = got
        live.facts.seats = facts.seats
        live.facts.clock = facts.clock
        rt = self.runtime_of(live)
        for entry in entries:
            if entry.seq == live.seq + 1:
                applied = live.apply_entry(entry)
                self._pace_stored(rt, applied)
                self._publish_local(live, applied)

    async def _remote_update(self, match_id: str, notice: dict[str, Any] | None) -> None:
        live = self.cache.get(match_id)
        if notice is not None:
            self.fanout.notify_local(match_id, notice)
            if live is not None and notice.get("notice") == "undo":
                # Our copy of the stored request, for the match's state.
                data = notice.get("undo")
                self.runtime_of(live).undo = UndoRequest.from_json(data) if data else None
            if live is not None and notice.get("notice") == "joined":
                async with self.lock(match_id):
                    got = await asyncio.to_thread(self.store.load, match_id, live.seq)
                    if got is not None:
                        live.facts.seats = got[0].seats
            return
        if live is None:
            if not self.fanout.has_local(match_id):
                return
            live = await self.get(match_id)
        async with self.lock(match_id):
            await self.sync(live)

    # --- lobby -------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        players: int,
        seed: int | None,
        options: dict[str, Any],
        seats: list[str],
        clock: dict[str, Any] | None,
        names: list[str] | None = None,
    ) -> tuple[str, list[str | None]]:
        if len(seats) != players:
            raise galaxis.BadOption(SERVER("seats_count", players=players, count=len(seats)))
        # What the creator fixed is public (the lobby and the match page show "custom
        # set-up" before anyone joins); otherwise the server draws the seed.
        custom = [k for k, given in (("seed", seed is not None), ("setup", "setup" in options)) if given]
        if names is not None and len(names) > players:
            raise galaxis.BadOption(SERVER("names_count", players=players, count=len(names)))
        seed = secrets.randbits(48) if seed is None else seed
        # new_match validates the game id, the player count, the seed and the options,
        # strictly: the HTTP API converts nothing.
        match = galaxis.new_match(game, players, seed, options, strict=True)
        stored_seats: list[dict[str, Any]] = []
        tokens: list[str | None] = []
        for i, spec in enumerate(seats):
            check_seat_spec(i, spec)
            kind, _, agent_spec = spec.strip().partition(":")
            if kind == "human" and not agent_spec:
                token = secrets.token_urlsafe(24)
                stored_seats.append({"kind": "human", "spec": None, "token_hash": hash_token(token)})
                tokens.append(token)
            elif kind == "open" and not agent_spec:
                stored_seats.append({"kind": "open", "spec": None, "token_hash": None})
                tokens.append(None)
            elif kind == "bot" and agent_spec:
                check_bot_spec(agent_spec)  # a known agent within the server's caps
                stored_seats.append({"kind": "bot", "spec": agent_spec, "token_hash": None})
                tokens.append(None)
            else:
                raise galaxis.BadAgentSpec(SERVER("seat_kind", seat=i, spec=repr(spec)))
            name = " ".join((names[i] if names and i < len(names) else "").split())
            if name:
                stored_seats[-1]["name"] = name
        clock_json = None
        if clock is not None:
            clock_json = {**clock, "remaining": [clock["initial_ms"]] * players}
        now = utcnow()
        match_id = secrets.token_urlsafe(9)
        status = "waiting" if any(s["kind"] == "open" for s in stored_seats) else "playing"
        facts = MatchFacts(
            match_id,
            game,
            players,
            seed,
            match.options,
            stored_seats,
            clock_json,
            status,
            0,
            now,
            now,
            new_nonce(),
            custom or None,
        )
        await self.writer.call(lambda: self.store.create(facts))
        live = LiveMatch(facts, match)
        self.cache[match_id] = live
        self._evict()
        self.runtime[match_id] = Runtime(match.game.realtime(match.options))
        self._clock_transition(live, (), live.to_move, time.monotonic())
        self._after_change(live)
        return match_id, tokens

    async def listing(self, include_over: bool, limit: int) -> list[MatchFacts]:
        statuses = ("waiting", "playing", "over") if include_over else ("waiting", "playing")
        return await asyncio.to_thread(self.store.listing, statuses, limit)

    def seat_of(self, live: LiveMatch, token: str | None) -> int | None:
        """The seat a token opens; None without a token; ``Forbidden`` for a wrong one."""
        if token is None or token == "":
            return None
        digest = hash_token(token)
        for seat, info in enumerate(live.facts.seats):
            if info.get("token_hash") and hmac.compare_digest(info["token_hash"], digest):
                return seat
        raise Forbidden(SERVER("token_opens_nothing"))

    async def join(self, match_id: str, seat: int | None, name: str | None = None) -> tuple[int, str]:
        live = await self.get(match_id, fresh=True)
        async with self.lock(match_id):
            seats = [dict(s) for s in live.facts.seats]
            free = [i for i, s in enumerate(seats) if s["kind"] == "open"]
            if seat is None:
                if not free:
                    raise Refused(SERVER("no_free_seat"))
                seat = free[0]
            elif seat not in free:
                raise Refused(SERVER("seat_taken", seat=seat))
            token = secrets.token_urlsafe(24)
            seats[seat] = {"kind": "human", "spec": None, "token_hash": hash_token(token)}
            if name and name.split():
                seats[seat]["name"] = " ".join(name.split())
            status = "over" if live.over else ("waiting" if len(free) > 1 else "playing")
            expected = live.facts.seats
            ok = await self.writer.call(lambda: self.store.update_seats(match_id, expected, seats, status))
            if not ok:
                raise Refused(SERVER("seats_changed"))
            live.facts.seats = seats
            live.facts.status = status
            self._clock_transition(live, (), live.to_move, time.monotonic())
            self._notice(live, {"notice": "joined", "seat": seat})
        self._after_change(live)
        return seat, token

    # --- acting ------------------------------------------------------------------------
    async def act(
        self,
        match_id: str,
        seat: int,
        notation: str,
        seq: int | None,
        kind: str = "act",
        live: LiveMatch | None = None,
    ) -> tuple[LiveMatch, Applied]:
        for attempt in range(3):
            live = live or await self.get(match_id)
            try:
                applied = await self._act_once(live, seat, notation, seq, kind)
                break
            except Stale:
                # Another process appended first. A move ordered by arrival (no seq)
                # is tried again on the new log, where pacing and legality are
                # checked afresh; a move based on a seq is stale.
                if seq is not None or not self.multi or attempt == 2:
                    raise
                live = None
        assert live is not None
        self._after_change(live)
        return live, applied

    async def _act_once(
        self, live: LiveMatch, seat: int, notation: str, seq: int | None, kind: str
    ) -> Applied:
        rt = self.runtime_of(live)
        if seq is None and rt.realtime is None:
            # Without a seq a retried request could apply a move twice.
            raise galaxis.GalaxisError(SERVER("seq_required"))
        async with self.lock(live.facts.id):
            if self.multi:
                await self.sync(live)
            if rt.realtime is not None and kind == "act":
                now = time.monotonic()
                wait = rt.cooldown_until.get(seat, 0.0) - now
                if wait > 0:
                    raise TooSoon(int(wait * 1000) + 1)
                if rt.countdown_until > now:
                    # The synchronised reveal: every action waits for "three!".
                    await asyncio.sleep(rt.countdown_until - now)
            if seq is not None and seq != live.seq:
                raise Stale(live.seq)
            notation, public = live.check_move(seat, notation)
            entry = LogEntry(live.seq + 1, seat, kind, notation, public=public)
            return await self._commit(live, entry)

    async def _commit(self, live: LiveMatch, entry: LogEntry) -> Applied:
        """Stores one entry, then installs it and tells the watchers (lock held)."""
        staged = live.stage(entry)
        now = time.monotonic()
        before = live.to_move
        clock = self._clock_after(live, before, staged.applied.to_move, now, entry)
        status = live.staged_status(staged)
        try:
            entry.time = await self.writer.append(Append(live.facts.id, live.seq, entry, status, clock))
        except StaleLog:
            # Another process appended first: drop the cache, rebuild on next use.
            self.cache.pop(live.facts.id, None)
            raise Stale(live.seq + 1) from None
        staged.applied.time = entry.time
        applied = live.install(staged)
        live.facts.status = status
        if clock is not None:
            live.facts.clock = clock
        self._clock_transition(live, before, applied.to_move, now)
        rt = self.runtime_of(live)
        self._pace(rt, applied, now)
        if rt.undo is not None and rt.undo.seq != live.seq:
            rt.undo = None
        self._publish_local(live, applied)
        await self.fanout.publish(live.facts.id, live.seq)
        return applied

    @staticmethod
    def _pace(rt: Runtime, applied: Applied, at: float) -> None:
        """Real-time pacing after an accepted log entry made at ``at`` (monotonic):
        the seat's cooldown, and the countdown after a trigger event.

        Both follow from the log alone (seats, events, times), so every process
        that reads the log, and a restarted one, paces the match the same way."""
        if rt.realtime is None or applied.kind != "act":
            return
        cooldown = at + rt.realtime.get("cooldown_ms", 0) / 1000
        rt.cooldown_until[applied.seat] = max(rt.cooldown_until.get(applied.seat, 0.0), cooldown)
        triggers = set(rt.realtime.get("countdown_events") or ())
        if any(e.get("type") in triggers for e in applied.events):
            rt.countdown_until = max(rt.countdown_until, at + rt.realtime.get("countdown_ms", 0) / 1000)

    def _pace_stored(self, rt: Runtime, applied: Applied) -> None:
        """Pacing for an entry stored earlier or by another process, from its stored time."""
        if rt.realtime is None or applied.time is None:
            return
        stamp = applied.time if applied.time.tzinfo is not None else applied.time.replace(tzinfo=UTC)
        age = max(0.0, (utcnow() - stamp).total_seconds())
        self._pace(rt, applied, time.monotonic() - age)

    def _publish_local(self, live: LiveMatch, applied: Applied) -> None:
        rt = self.runtime.get(live.facts.id)
        extra: dict[str, Any] = {}
        if rt is not None and rt.countdown_until > time.monotonic():
            extra["countdown_ms"] = int((rt.countdown_until - time.monotonic()) * 1000)
        self.fanout.send_local(live.facts.id, lambda viewer: {**live.message(applied, viewer), **extra})

    def _notice(self, live: LiveMatch, notice: dict[str, Any]) -> None:
        self.fanout.notify_local(live.facts.id, notice)
        self._spawn(self.fanout.publish_notice(live.facts.id, notice))

    def thinking(self, live: LiveMatch) -> list[int]:
        """The bot seats whose move is being computed now (the client shows "thinking…")."""
        return sorted(seat for (mid, seat) in self.bots if mid == live.facts.id)

    # --- bots --------------------------------------------------------------------------
    def _after_change(self, live: LiveMatch) -> None:
        """Starts bot turns and re-arms the clock after any change."""
        if self.closing:
            return
        match_id = live.facts.id
        for seat in live.to_move:
            info = live.facts.seats[seat]
            if info["kind"] == "bot" and (match_id, seat) not in self.bots:
                task = asyncio.get_running_loop().create_task(self._bot_turn(live, seat, info["spec"]))
                self.bots[(match_id, seat)] = task
        self._arm_clock(live)

    async def _bot_turn(self, live: LiveMatch, seat: int, spec: str) -> None:
        match_id = live.facts.id
        rt = self.runtime_of(live)
        moved = False
        try:
            if rt.realtime is not None:
                wait = max(rt.cooldown_until.get(seat, 0.0), rt.countdown_until) - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
            if self.bot_delay_s:
                await asyncio.sleep(self.bot_delay_s)
            if seat not in live.to_move:
                return
            seq = live.seq
            notation = await self._think(live.match, seat, spec, live.facts.seed, seq)
            try:
                await self.act(match_id, seat, notation, None if rt.realtime else seq, live=live)
                moved = True
            except (Stale, TooSoon, galaxis.IllegalAction):
                pass  # the match moved on meanwhile; think again below
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot seat %s of match %s failed", seat, match_id)
            await asyncio.sleep(1.0)  # never spin on a broken bot
        finally:
            self.bots.pop((match_id, seat), None)
        if not moved:
            await asyncio.sleep(0.05)
        if not self.closing and self.cache.get(match_id) is live:
            self._after_change(live)

    async def _think(self, match: galaxis.Match, seat: int, spec: str, seed: int, seq: int) -> str:
        """The bot's move, computed off the event loop on its own copy of ``match``.

        A search that passes its deadline is stopped (its worker process killed and
        replaced) and the game's heuristic moves for it."""
        # A fresh agent per move, seeded from the match and the position: the
        # same position gets the same move after a restart.
        agent_seed = Rng(seed ^ (seat * 0x9E3779B97F4A7C15) ^ (seq * 0xBF58476D1CE4E5B9)).next64()
        deadline = deadline_of(spec, self.bot_budget_s)
        try:
            if self.bot_processes > 0 and not is_quick(spec):
                try:
                    return await self._search_pool().think(match, seat, spec, agent_seed, deadline)
                except OSError:
                    # No worker processes here (a resource limit, a sandbox): think in a
                    # thread rather than not at all; the deadline still holds the move.
                    log.exception("cannot start bot worker processes; thinking in threads")
                    self.bot_processes = 0
            return await asyncio.wait_for(self._think_in_thread(match, seat, spec, agent_seed), deadline)
        except (Overran, TimeoutError):
            log.warning("bot %r overran its %.1f s deadline; the heuristic moves for it", spec, deadline)
            return await self._think_in_thread(match, seat, "heuristic", agent_seed)

    def _think_in_thread(
        self, match: galaxis.Match, seat: int, spec: str, agent_seed: int
    ) -> asyncio.Future[str]:
        # The installed match is never changed in place (each log entry is applied
        # to a copy, see LiveMatch.stage): the copy is made in the thread.
        agent = galaxis.agent(spec, seed=agent_seed)
        return asyncio.get_running_loop().run_in_executor(
            self.bot_pool, lambda: str(agent.act(match.clone(), seat).notation)
        )

    def _search_pool(self) -> WorkerPool:
        if self.search_pool is None:
            self.search_pool = WorkerPool(self.bot_processes)
        return self.search_pool

    # --- clocks ------------------------------------------------------------------------
    def _clocked(self, live: LiveMatch, seat: int) -> bool:
        return live.facts.clock is not None and live.facts.seats[seat]["kind"] == "human"

    def _clock_after(
        self, live: LiveMatch, before: tuple[int, ...], after: tuple[int, ...], now: float, entry: LogEntry
    ) -> dict[str, Any] | None:
        """The stored clock after a change: a seat leaving the move set is charged
        its thinking time and gets the Fischer increment."""
        clock = live.facts.clock
        if clock is None:
            return None
        rt = self.runtime_of(live)
        remaining = list(clock["remaining"])
        for seat in set(before) - set(after):
            started = rt.turn_start.get(seat)
            if started is not None and self._clocked(live, seat):
                used = int((now - started) * 1000)
                remaining[seat] = max(0, remaining[seat] - used) + int(clock["increment_ms"])
        return {**clock, "remaining": remaining}

    def _clock_transition(
        self, live: LiveMatch, before: tuple[int, ...], after: tuple[int, ...], now: float
    ) -> None:
        rt = self.runtime_of(live)
        if live.facts.clock is None or live.facts.status != "playing":
            rt.turn_start.clear()
            return
        for seat in set(before) - set(after):
            rt.turn_start.pop(seat, None)
        for seat in after:
            if self._clocked(live, seat):
                rt.turn_start.setdefault(seat, now)

    def clock_view(self, live: LiveMatch) -> dict[str, Any] | None:
        clock = live.facts.clock
        if clock is None:
            return None
        rt = self.runtime_of(live)
        now = time.monotonic()
        remaining = list(clock["remaining"])
        for seat, started in rt.turn_start.items():
            remaining[seat] = max(0, remaining[seat] - int((now - started) * 1000))
        return {
            "initial_ms": clock["initial_ms"],
            "increment_ms": clock["increment_ms"],
            "fallback": clock["fallback"],
            "remaining_ms": remaining,
            "running": sorted(rt.turn_start),
        }

    def _arm_clock(self, live: LiveMatch) -> None:
        match_id = live.facts.id
        old = self.timers.pop(match_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        rt = self.runtime_of(live)
        if live.facts.clock is None or live.over or not rt.turn_start:
            return
        remaining = live.facts.clock["remaining"]
        deadline, seat = min((started + remaining[s] / 1000, s) for s, started in rt.turn_start.items())
        self.timers[match_id] = asyncio.get_running_loop().create_task(self._time_out(live, seat, deadline))

    async def _time_out(self, live: LiveMatch, seat: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        match_id = live.facts.id
        clock = live.facts.clock
        if clock is None or seat not in live.to_move:
            return
        try:
            if clock["fallback"] == "loss":
                async with self.lock(match_id):
                    if not live.over:
                        await self._commit(live, LogEntry(live.seq + 1, seat, "resign", "time", public=True))
            else:
                notation = await self._think(live.match, seat, clock["fallback"], live.facts.seed, live.seq)
                await self.act(match_id, seat, notation, live.seq, kind="timeout", live=live)
        except (Stale, galaxis.IllegalAction):
            pass
        finally:
            if self.timers.get(match_id) is asyncio.current_task():
                self.timers.pop(match_id, None)
        if not self.closing:
            self._after_change(live)

    # --- undo --------------------------------------------------------------------------
    async def undo(self, match_id: str, seat: int, seq: int, accept: bool) -> dict[str, Any]:
        """Requests, accepts or declines taking back ``seat``'s last move (and all after it).

        The request and its votes are stored (``undo_requests``), changed under the
        match's row lock, so the humans may vote through different processes."""
        live = await self.get(match_id, fresh=True)
        rt = self.runtime_of(live)
        if accept and rt.undo is None and seq == live.seq:
            # A new request: refused across any move that revealed hidden information
            # or rolled dice (computed off the loop; the match's seq is checked again below).
            await self._check_undo_reveals(live, seat)
        async with self.lock(match_id):
            if live.facts.clock is not None:
                raise Refused(SERVER("undo_clocks"))
            if live.over:
                raise Refused(SERVER("undo_over"))
            if seq != live.seq:
                raise Stale(live.seq)
            mine = [i for i, a in enumerate(live.moves) if a.seat == seat]
            humans = {i for i, s in enumerate(live.facts.seats) if s["kind"] == "human"}
            agreed: list[UndoRequest] = []
            declined: list[bool] = []

            def decide(current: UndoRequest | None, head: int) -> UndoRequest | None:
                if head != seq:
                    raise Stale(head)
                if current is None:
                    if not accept:
                        raise Refused(SERVER("undo_nothing_to_decline"))
                    if not mine:
                        raise Refused(SERVER("undo_no_move"))
                    req = UndoRequest(seat, mine[-1], seq, {seat}, set(humans))
                elif not accept:
                    declined.append(True)
                    return None
                else:
                    req = UndoRequest(
                        current.by, current.keep, current.seq, current.votes | {seat}, current.needed
                    )
                if req.votes >= req.needed:
                    agreed.append(req)
                    return None  # taken back below: the request is settled
                return req

            pending = await self.writer.call(lambda: self.store.decide_undo(match_id, decide))
            rt.undo = pending
            if declined:
                self._notice(live, {"notice": "undo", "declined_by": seat, "undo": None})
                return {"undo": None, "done": False, "seq": live.seq}
            if agreed:
                req = agreed[0]
                await self._commit(
                    live, LogEntry(live.seq + 1, req.by, "undo", "undo", req.keep, public=True)
                )
            else:
                assert pending is not None  # neither settled nor declined: still waiting
                self._notice(live, {"notice": "undo", "undo": pending.to_json()})
        if agreed:
            self._after_change(live)
            return {"undo": None, "done": True, "seq": live.seq}
        return {"undo": pending.to_json(), "done": False, "seq": live.seq}

    async def _check_undo_reveals(self, live: LiveMatch, seat: int) -> None:
        """``Refused`` if taking back ``seat``'s last move would cross a move that
        revealed something or consumed chance (``galaxis.core.reveal``)."""
        moves = list(live.moves)
        mine = [i for i, a in enumerate(moves) if a.seat == seat]
        if not mine:
            return  # refused below with its own reason
        keep = mine[-1]
        if len(moves) - keep > MAX_UNDO_MOVES:
            raise Refused(SERVER("undo_too_far", limit=MAX_UNDO_MOVES))
        f = live.facts

        def first_reveal() -> int | None:
            m = galaxis.replay(
                f.game,
                f.seed,
                f.players,
                f.options,
                [(a.seat, a.notation) for a in moves[:keep]],
                recorded=True,
            )
            for i in range(keep, len(moves)):
                a = moves[i]
                cached = live.reveal_cache.get(a.seq)
                if cached is None:
                    cached = live.reveal_cache[a.seq] = reveals(m, a.seat, a.notation)
                if cached:
                    return i
                m.apply(a.seat, a.notation)
            return None

        found = await asyncio.to_thread(first_reveal)
        if found is not None:
            raise Refused(SERVER("undo_reveal", move=found + 1, seat=moves[found].seat))

    def pending_undo(self, live: LiveMatch) -> dict[str, Any] | None:
        rt = self.runtime.get(live.facts.id)
        if rt is None or rt.undo is None or rt.undo.seq != live.seq:
            return None
        return rt.undo.to_json()
