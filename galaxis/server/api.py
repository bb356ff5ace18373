"""The HTTP + WebSocket API (the contract is in docs/architecture.md, Service)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount
from starlette.types import Scope

import galaxis
from galaxis.core import SEED_MAX, fill_names, get_game, resolve_options
from galaxis.core.messages import Catalogue
from galaxis.core.registry import game_ids
from galaxis.server.limits import BodyLimit, Buckets, RateLimit, RateLimits, SecurityHeaders, client_of
from galaxis.server.live import LiveMatch
from galaxis.server.replays import replay_view
from galaxis.server.service import Forbidden, NotFound, Refused, Service, Stale, TooSoon
from galaxis.server.workers import seat_pattern

SERVER = Catalogue.for_package(__name__)  # galaxis/server/data/messages.yaml

log = logging.getLogger("galaxis.server")
WEB = Path(__file__).resolve().parent.parent / "web"

Lang = Literal["en", "hu"]
Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=200)]


def _json_int(value: Any) -> Any:
    """JSON's integers: ``3`` and ``3.0`` (JSON Schema calls both integers), never
    ``"3"`` or ``true``; anything else goes on to the strict int check and is refused."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= SEED_MAX:
        return int(value)
    return value


def json_int(ge: int, le: int) -> Any:
    """An integer field from ``ge`` to ``le`` in JSON's sense (see ``_json_int``)."""
    return Annotated[int, Field(ge=ge, le=le), BeforeValidator(_json_int)]


SeedInt = json_int(0, SEED_MAX)
# WebSocket close codes (documented in docs/server.md)
WS_BAD_REQUEST, WS_FORBIDDEN, WS_NOT_FOUND, WS_TIMEOUT, WS_TOO_MANY = 4400, 4403, 4404, 4408, 4429
WS_HELLO_S = 10.0  # seconds a new connection has to send its first message


class Strict(BaseModel):
    """Request bodies: unknown fields refused, and no conversions (``"2"`` is not 2)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ErrorItem(BaseModel):
    loc: list[str | int]
    msg: str


class ErrorBody(BaseModel):
    """Every error answer: one readable line in ``detail``, and what applies of the rest."""

    detail: str
    rule: str | None = Field(default=None, description="422 illegal move: the rule it breaks")
    seq: int | None = Field(default=None, description="409 stale seq: the match's current seq")
    retry_after_ms: int | None = Field(default=None, description="429: when to try again")
    errors: list[ErrorItem] | None = Field(default=None, description="422 bad request: each problem")


_ERRORS: dict[int, str] = {
    400: "the body is not JSON",
    403: "the seat token is missing or opens no seat of this match",
    404: "no such match",
    409: "the request conflicts with the match (stale seq, no free seat, no undo, not over yet)",
    413: "the request body is too large",
    422: "bad input: a malformed request, an illegal move, a bad option, seed or bot",
    429: "too many requests from this address, or a real-time seat cooling down (see Retry-After)",
}


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI descriptions of the error answers of a route (429 applies to every route)."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in sorted({*codes, 422, 429}):
        entry: dict[str, Any] = {"model": ErrorBody, "description": _ERRORS[code]}
        if code == 429:
            entry["headers"] = {
                "Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}
            }
        out[code] = entry
    return out


class ClockSpec(Strict):
    initial_ms: json_int(1000, 86_400_000) = Field(description="time per seat at the start")  # type: ignore[valid-type]
    increment_ms: json_int(0, 3_600_000) = Field(default=0, description="Fischer increment per turn")  # type: ignore[valid-type]
    fallback: Literal["random", "heuristic", "loss"] = Field(
        default="random", description="what happens when a seat's time runs out"
    )


PlayerName = Annotated[str, Field(max_length=40)]


class CreateMatch(Strict):
    game: str = Field(max_length=64)
    players: json_int(1, 16)  # type: ignore[valid-type]
    seed: SeedInt | None = None  # type: ignore[valid-type]
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    seats: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(min_length=1, max_length=16)
    clock: ClockSpec | None = None
    names: list[PlayerName] | None = Field(
        default=None, max_length=16, description="the players' names by seat ('' or absent: Player n)"
    )


class ActionBody(Strict):
    notation: str = Field(min_length=1, max_length=200)
    seq: json_int(0, 10**9) | None = Field(  # type: ignore[valid-type]
        default=None,
        description="the seq the move is based on: required in turn-based matches (422 without it), "
        "optional in real-time ones (moves are then ordered by arrival)",
    )


class JoinBody(Strict):
    seat: json_int(0, 15) | None = None  # type: ignore[valid-type]
    name: PlayerName | None = Field(default=None, description="the joining player's name")


class UndoBody(Strict):
    seq: json_int(0, 10**9)  # type: ignore[valid-type]
    accept: bool = True


class DeckCheck(Strict):
    text: str = Field(max_length=20_000, description="a deck text (the game's deck file format)")
    options: dict[str, Any] = Field(
        default_factory=dict, max_length=64, description="match options that change what a legal deck is"
    )


class ReplayBody(Strict):
    match: dict[str, Any]
    step: json_int(0, 100_000) | None = None  # type: ignore[valid-type]
    seat: json_int(0, 15) | None = None  # type: ignore[valid-type]
    lang: Lang = "en"


def _error(status: int, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"detail": detail, **extra}, status_code=status)


def _public_options(options: dict[str, Any]) -> dict[str, Any]:
    # A fixed ``setup`` (deck orders ...) is hidden information until the end.
    return {k: v for k, v in options.items() if k != "setup"}


def _seats_view(live_seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"kind": s["kind"], "spec": s.get("spec"), "name": s.get("name") or ""} for s in live_seats]


def _reader_language(request: Request) -> str:
    """The language of an error's text: ``?lang=`` if given, else the first of the
    browser's ``Accept-Language`` the service speaks, else English."""
    lang = request.query_params.get("lang")
    if lang in ("en", "hu"):
        return lang
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in ("en", "hu"):
            return code
    return "en"


def _fairness(f: Any, over: bool) -> dict[str, Any]:
    """What anyone may know of the randomness: whether the creator fixed the seed or a
    set-up, the commitment to the seed made at creation, and once over the seed itself."""
    out: dict[str, Any] = {
        "custom_setup": bool(f.custom),
        "fixed": list(f.custom or []),
        "commitment": f.commitment,
        "seed": f.seed if over else None,
        "reveal": None,
    }
    if over and f.nonce:
        out["reveal"] = {
            "game": f.game,
            "players": f.players,
            "seed": f.seed,
            "options": f.options,
            "nonce": f.nonce,
        }
    return out


def create_app(
    db_url: str = "sqlite:///galaxis.db",
    redis_url: str | None = None,
    rate_limits: RateLimits | None = None,
    api_docs: bool = False,
    **service_args: Any,
) -> FastAPI:
    """The ASGI app. ``rate_limits``: per-client limits (default ``RateLimits()``);
    ``api_docs``: serve the interactive API documentation at ``/docs`` (off by default:
    it loads Swagger UI from a CDN onto the origin that holds the seat tokens)."""
    # Built now, so a bad database URL fails before the server starts listening.
    service = Service(db_url, redis_url, **service_args)
    service_box = {"s": service}
    buckets = Buckets(rate_limits or RateLimits())

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.service = service
        await service.start()
        try:
            yield
        finally:
            await service.stop()

    app = FastAPI(
        title="galaxis",
        version=galaxis.__version__,
        lifespan=lifespan,
        description="Play galaxis games over HTTP and WebSocket.",
        docs_url="/docs" if api_docs else None,
        redoc_url=None,
    )
    # Outermost first: headers on every answer, then the rate, then the body size.
    app.add_middleware(BodyLimit)
    app.add_middleware(RateLimit, buckets=buckets)
    app.add_middleware(SecurityHeaders)
    app.state.buckets = buckets

    def svc() -> Service:
        return service_box["s"]

    # --- errors: one readable line, never a traceback ------------------------------------
    @app.exception_handler(galaxis.IllegalAction)
    async def _illegal(request: Request, exc: galaxis.IllegalAction) -> JSONResponse:
        lang = _reader_language(request)
        return _error(422, exc.reason_in(lang), rule=exc.rule_in(lang))

    @app.exception_handler(galaxis.GalaxisError)
    async def _bad(request: Request, exc: galaxis.GalaxisError) -> JSONResponse:
        return _error(422, exc.localized(_reader_language(request)))

    @app.exception_handler(NotFound)
    async def _missing(request: Request, exc: NotFound) -> JSONResponse:
        return _error(404, exc.localized(_reader_language(request)))

    @app.exception_handler(Forbidden)
    async def _forbidden(request: Request, exc: Forbidden) -> JSONResponse:
        return _error(403, exc.localized(_reader_language(request)))

    @app.exception_handler(Stale)
    async def _stale(request: Request, exc: Stale) -> JSONResponse:
        return _error(409, exc.localized(_reader_language(request)), seq=exc.seq)

    @app.exception_handler(Refused)
    async def _refused(request: Request, exc: Refused) -> JSONResponse:
        return _error(409, exc.localized(_reader_language(request)))

    @app.exception_handler(TooSoon)
    async def _too_soon(request: Request, exc: TooSoon) -> JSONResponse:
        return JSONResponse(
            {"detail": exc.localized(_reader_language(request)), "retry_after_ms": exc.retry_after_ms},
            status_code=429,
            headers={"Retry-After": str(max(1, exc.retry_after_ms // 1000))},
        )

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        return _error(
            422,
            f"{where}: {first.get('msg', 'invalid request')}",
            errors=[{"loc": list(e.get("loc", ())), "msg": e.get("msg", "")} for e in errors[:10]],
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> Response:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            # Every method the path has (Starlette names only the first route's).
            methods = set()
            for route in app.router.routes:
                if isinstance(route, APIRoute) and route.matches(request.scope)[0] != Match.NONE:
                    methods |= route.methods or set()
            headers["Allow"] = ", ".join(sorted(methods))
        return JSONResponse({"detail": str(exc.detail)}, status_code=exc.status_code, headers=headers)

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error")
        return _error(500, SERVER("internal").render(_reader_language(request)))

    # --- routes ----------------------------------------------------------------------------
    @app.get("/healthz")
    async def healthz() -> dict[str, bool]:
        return {"ok": True}

    @app.get("/api/games", responses=errors())
    async def list_games() -> list[dict[str, Any]]:
        return [info.to_json() for info in galaxis.games()]

    previews: dict[tuple[str, str], str] = {}

    def _game(game_id: str) -> galaxis.GameInfo:
        info = {g.id: g for g in galaxis.games()}.get(game_id)
        if info is None:
            raise NotFound(SERVER("no_game", game=repr(game_id)))
        return info

    @app.get("/api/games/{game_id}/preview.svg", responses=errors(404))
    async def game_preview(game_id: str, lang: Lang = "en") -> Response:
        """The board at the start of a match with the fewest players, for the lobby's tile.

        An image cannot be filled in by the page, so its seat references carry the
        default names ("Player 1", "1. játékos")."""
        info = _game(game_id)
        key = (game_id, lang)
        if key not in previews:
            players = max(info.min_players, min(2, info.max_players))
            match = galaxis.new_match(game_id, players, 1, {})
            svg = await asyncio.to_thread(match.render_svg, None, lang)
            previews[key] = fill_names(svg, None, lang)
        return Response(previews[key], media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    @app.get("/api/games/{game_id}/rules", responses=errors(404))
    async def game_rules(game_id: str, lang: Lang = "en") -> dict[str, str]:
        """The game's rules (``Game.rules_text``) as HTML (markdown, raw HTML in it is not passed on)."""
        from markdown_it import MarkdownIt

        _game(game_id)
        text = get_game(game_id).rules_text(lang)
        html = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
        return {"game": game_id, "lang": lang, "html": html}

    @app.get(
        "/api/games/{game_id}/pieces/{piece}.svg",
        response_class=Response,
        responses={
            200: {"content": {"image/svg+xml": {"schema": {"type": "string"}}}, "description": "the piece"},
            **errors(404),
        },
    )
    async def game_piece(
        game_id: str,
        piece: Annotated[str, PathParam(pattern=r"^[a-z0-9_]{1,64}$")],
        lang: Lang = "en",
    ) -> Response:
        """One of the game's pieces drawn whole (``Game.piece_svg``: a card by its id), for a
        piece a text names (``⟦id|label⟧``), the card browser and the deck builder."""
        _game(game_id)
        svg = await asyncio.to_thread(get_game(game_id).piece_svg, piece, lang)
        if svg is None:
            raise NotFound(SERVER("no_piece", game=game_id, piece=repr(piece)))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})

    def _deck_game(game_id: str) -> tuple[galaxis.GameInfo, Any]:
        info = _game(game_id)
        game = get_game(game_id)
        if game.card_pool("en") is None:
            raise NotFound(SERVER("no_cards", game=repr(game_id)))
        return info, game

    @app.get("/api/games/{game_id}/cards", responses=errors(404))
    async def game_cards(game_id: str, lang: Lang = "en") -> dict[str, Any]:
        """The card pool for the card browser and deck builder (``Game.card_pool``): filter
        facets and every card; 404 for a game without deck building."""
        _, game = _deck_game(game_id)
        pool: dict[str, Any] = await asyncio.to_thread(game.card_pool, lang)
        return pool

    @app.get("/api/games/{game_id}/decks", responses=errors(404))
    async def game_decks(game_id: str, lang: Lang = "en") -> list[dict[str, Any]]:
        """The game's starter decks as deck texts (``Game.starter_decks``)."""
        _, game = _deck_game(game_id)
        decks: list[dict[str, Any]] = await asyncio.to_thread(game.starter_decks, lang)
        return decks

    @app.post("/api/games/{game_id}/decks/check", responses=errors(400, 404, 413))
    async def check_deck(game_id: str, body: DeckCheck, lang: Lang = "en") -> dict[str, Any]:
        """A deck text checked by the game's own deck rules under the given options
        (``Game.check_deck``, the check a match's set-up makes): legal or not, every reason
        in words, its cards and its charts. Bad options: 422."""
        info, game = _deck_game(game_id)
        options = resolve_options(info, body.options, strict=True)
        checked: dict[str, Any] = await asyncio.to_thread(game.check_deck, body.text, options, lang)
        return checked

    @app.post("/api/matches", status_code=201, responses=errors(400, 413))
    async def create_match(body: CreateMatch) -> dict[str, Any]:
        match_id, tokens = await svc().create(
            body.game,
            body.players,
            body.seed,
            body.options,
            body.seats,
            body.clock.model_dump() if body.clock else None,
            body.names,
        )
        live = await svc().get(match_id)
        return {"id": match_id, "tokens": tokens, "commitment": live.facts.commitment}

    @app.get("/api/matches", responses=errors())
    async def list_matches(
        include_over: bool = False, limit: Annotated[int, Query(ge=1, le=500)] = 100
    ) -> list[dict[str, Any]]:
        out = []
        for f in await svc().listing(include_over, limit):
            out.append(
                {
                    "id": f.id,
                    "game": f.game,
                    "players": f.players,
                    "status": f.status,
                    "seq": f.seq,
                    "options": _public_options(f.options),
                    "seats": _seats_view(f.seats),
                    "free_seats": [i for i, s in enumerate(f.seats) if s["kind"] == "open"],
                    "clock": f.clock is not None,
                    "created": f.created.isoformat(),
                    "updated": f.updated.isoformat(),
                    **_fairness(f, f.status == "over"),
                }
            )
        return out

    async def _live(match_id: str, token: str | None) -> tuple[LiveMatch, int | None]:
        if len(match_id) > 32:
            raise NotFound(SERVER("no_match", match=repr(match_id)))
        live = await svc().get(match_id, fresh=True)
        return live, svc().seat_of(live, token)

    @app.get("/api/matches/{match_id}", responses=errors(403, 404))
    async def get_match(match_id: str, x_seat_token: Token = None, lang: Lang = "en") -> dict[str, Any]:
        live, seat = await _live(match_id, x_seat_token)
        view = live.seat_view(seat, lang)
        client = live.client_view(seat, lang)
        return {
            "id": match_id,
            "game": live.facts.game,
            "players": live.facts.players,
            "seat": seat,
            "seq": live.seq,
            "to_move": list(live.to_move),
            "observation": view["observation"],
            "legal": view["legal"],
            "legal_actions": view["legal_actions"],
            "over": live.over,
            "result": live.result(),
            "status": live.status(),
            "options": _public_options(live.facts.options),
            "seats": _seats_view(live.facts.seats),
            "clock": svc().clock_view(live),
            "realtime": svc().runtime_of(live).realtime,
            "undo": svc().pending_undo(live),
            "moves": len(live.moves),
            **_fairness(live.facts, live.over),
            "prompt": client["prompt"],
            "choices": client["choices"],
            "panels": client["panels"],
            "breakdown": client["breakdown"],
            "thinking": svc().thinking(live),
        }

    @app.post("/api/matches/{match_id}/actions", responses=errors(400, 403, 404, 409, 413))
    async def post_action(match_id: str, body: ActionBody, x_seat_token: Token = None) -> dict[str, Any]:
        live, seat = await _live(match_id, x_seat_token)
        if seat is None:
            raise Forbidden(SERVER("token_to_act"))
        live, applied = await svc().act(match_id, seat, body.notation, body.seq, live=live)
        msg = live.message(applied, seat)
        return {
            "seq": applied.seq,
            "events": msg["events"],
            "to_move": msg["to_move"],
            "notation": applied.notation,
        }

    @app.post("/api/matches/{match_id}/join", responses=errors(400, 404, 409, 413))
    async def join(match_id: str, body: JoinBody) -> dict[str, Any]:
        await _live(match_id, None)
        seat, token = await svc().join(match_id, body.seat, body.name)
        return {"seat": seat, "token": token}

    @app.post("/api/matches/{match_id}/undo", responses=errors(400, 403, 404, 409, 413))
    async def undo(match_id: str, body: UndoBody, x_seat_token: Token = None) -> dict[str, Any]:
        _, seat = await _live(match_id, x_seat_token)
        if seat is None:
            raise Forbidden(SERVER("token_to_undo"))
        return await svc().undo(match_id, seat, body.seq, body.accept)

    @app.get(
        "/api/matches/{match_id}/svg",
        response_class=Response,
        responses={
            200: {"content": {"image/svg+xml": {"schema": {"type": "string"}}}, "description": "the board"},
            **errors(403, 404),
        },
    )
    async def get_svg(match_id: str, x_seat_token: Token = None, lang: Lang = "en") -> Response:
        live, seat = await _live(match_id, x_seat_token)
        return Response(
            live.svg(seat, lang), media_type="image/svg+xml", headers={"Cache-Control": "no-store"}
        )

    @app.get("/api/matches/{match_id}/log", responses=errors(403, 404))
    async def get_log(
        match_id: str,
        x_seat_token: Token = None,
        lang: Lang = "en",
        since: Annotated[int, Query(ge=0, le=10**9)] = 0,
    ) -> list[dict[str, Any]]:
        live, seat = await _live(match_id, x_seat_token)
        return live.log_view(seat, lang, since)

    @app.get("/api/matches/{match_id}/export", responses=errors(403, 404))
    async def export(match_id: str, x_seat_token: Token = None) -> dict[str, Any]:
        live, seat = await _live(match_id, x_seat_token)
        if live.over:
            data = live.match.to_json()
            data["record"] = {
                "id": match_id,
                "seats": _seats_view(live.facts.seats),
                "result": live.result(),
                "log": [
                    {
                        "seq": a.seq,
                        "seat": a.seat,
                        "kind": a.kind,
                        "notation": a.notation,
                        "moves": a.target,
                        "time": a.time.isoformat() if a.time else None,
                    }
                    for a in live.log
                ],
            }
            return data
        return {
            "format": 1,
            "game": live.facts.game,
            "players": live.facts.players,
            "redacted": True,
            "seat": seat,
            "options": _public_options(live.facts.options),
            "history": [[a.seat, a.notation if live.notation_visible(a, seat) else None] for a in live.moves],
            "observation": live.match.observation(seat),
        }

    @app.get("/api/matches/{match_id}/replay", responses=errors(404, 409))
    async def replay_match(
        match_id: str,
        step: Annotated[int | None, Query(ge=0, le=100_000)] = None,
        seat: Annotated[int | None, Query(ge=0, le=15)] = None,
        lang: Lang = "en",
    ) -> dict[str, Any]:
        live, _ = await _live(match_id, None)
        if not live.over:
            raise Refused(SERVER("replay_when_over"))
        f = live.facts
        record = {
            "game": f.game,
            "players": f.players,
            "seed": f.seed,
            "options": f.options,
            "history": live.history(),
        }
        view = await asyncio.to_thread(replay_view, record, step, seat, lang)
        view["result"] = live.result()
        return view

    @app.post("/api/replay", responses=errors(400, 413))
    async def replay_upload(body: ReplayBody) -> dict[str, Any]:
        return await asyncio.to_thread(replay_view, body.match, body.step, body.seat, body.lang)

    # --- live updates ----------------------------------------------------------------------
    @app.websocket("/api/matches/{match_id}/ws")
    async def ws(websocket: WebSocket, match_id: str) -> None:
        """Live updates. The first message authenticates: ``{"token": T or null, "since": S}``
        (the token never travels in the URL, which access logs keep). Refusals are close
        codes after the upgrade: 4400 bad first message (or a token in the URL), 4403 the
        token opens no seat, 4404 no such match, 4408 no first message in time, 4429 too
        many connections from this address."""
        service = svc()
        client = client_of(websocket.scope)
        await websocket.accept()
        if buckets.take(client, "ws") > 0 or not buckets.open_socket(client):
            await websocket.close(code=WS_TOO_MANY, reason="too many connections from this address")
            return
        try:
            await _serve_socket(websocket, service, match_id)
        finally:
            buckets.close_socket(client)

    async def _serve_socket(websocket: WebSocket, service: Service, match_id: str) -> None:
        if "token" in websocket.query_params:
            await websocket.close(
                code=WS_BAD_REQUEST, reason="send the token in the first message, not the URL"
            )
            return
        try:
            live, _ = await _live(match_id, None)
        except NotFound:
            await websocket.close(code=WS_NOT_FOUND, reason="no such match")
            return
        try:
            hello = await asyncio.wait_for(websocket.receive_json(), WS_HELLO_S)
        except TimeoutError:
            await websocket.close(code=WS_TIMEOUT, reason="no first message")
            return
        except (WebSocketDisconnect, RuntimeError):
            return
        except ValueError:
            hello = None
        token, since = _hello(hello)
        if token is False:
            await websocket.close(code=WS_BAD_REQUEST, reason='the first message is {"token": T, "since": S}')
            return
        try:
            seat = service.seat_of(live, token)
        except Forbidden:
            await websocket.close(code=WS_FORBIDDEN, reason="this token opens no seat of this match")
            return
        sub = service.fanout.subscribe(match_id, seat)
        sent = -1  # the last seq this socket has sent; fan-out messages up to it are dropped
        try:
            if since is not None:
                # Resync: everything after the client's seq, as this viewer may see it. The
                # match is read again after subscribing, so a move made meanwhile (here or in
                # another process) is either in this read or in the queue, never lost.
                live = await service.get(match_id, fresh=True)
                for applied in live.log[since:]:
                    await websocket.send_json(live.message(applied, seat))
                    sent = applied.seq
            reader = asyncio.get_running_loop().create_task(_drain(websocket))
            try:
                while True:
                    getter = asyncio.get_running_loop().create_task(sub.queue.get())
                    done, _ = await asyncio.wait({getter, reader}, return_when=asyncio.FIRST_COMPLETED)
                    if reader in done:
                        getter.cancel()
                        break
                    message = getter.result()
                    if message is None:
                        break
                    seq = message.get("seq")
                    if isinstance(seq, int) and "events" in message and seq <= sent:
                        continue  # already sent by the resync
                    await websocket.send_json(message)
            finally:
                reader.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            service.fanout.unsubscribe(match_id, sub)
            with contextlib.suppress(Exception):
                await websocket.close()

    def _hello(hello: Any) -> tuple[Any, int | None]:
        """(token or None, since or None) from the first message; (False, None) if malformed."""
        if not isinstance(hello, dict) or set(hello) - {"token", "since"}:
            return False, None
        token, since = hello.get("token"), hello.get("since")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            return False, None
        if since is not None and (
            isinstance(since, bool) or not isinstance(since, int) or not 0 <= since <= 10**9
        ):
            return False, None
        return token, since

    async def _drain(websocket: WebSocket) -> None:
        """Reads (and ignores) client messages until the socket closes."""
        with contextlib.suppress(Exception):
            while True:
                msg = await websocket.receive()
                if msg.get("type") == "websocket.disconnect":
                    return

    @app.get("/", include_in_schema=False)
    async def root() -> RedirectResponse:
        return RedirectResponse("/index.html")

    def openapi() -> dict[str, Any]:
        """FastAPI's schema, plus what only the running server knows: the game ids
        and the grammar of a seat."""
        if app.openapi_schema is None:
            schema = FastAPI.openapi(app)
            props = schema["components"]["schemas"]["CreateMatch"]["properties"]
            props["game"]["enum"] = game_ids()
            props["seats"]["items"]["pattern"] = seat_pattern()
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.router.routes.append(WebFiles("/", app=StaticFiles(directory=WEB, html=True), name="web"))
    return app


class WebFiles(Mount):
    """The browser client's files at ``/``, except under ``/api``: there a route that
    matched the path but not the method answers 405 with its own ``Allow``."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        path = scope.get("path", "")
        if path == "/api" or path.startswith("/api/"):
            return Match.NONE, {}
        return super().matches(scope)
