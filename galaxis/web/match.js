// The match page: the seat's SVG board, legal actions, log, clocks, live updates,
// click-to-act, hot-seat hand-overs and undo. Nothing here knows any game's rules.
"use strict";
const params = new URLSearchParams(location.search);
const ID = params.get("id") || "";
const BASE = `/api/matches/${encodeURIComponent(ID)}`;

let tokens = {};
let viewSeat = null; // whose view is on screen (null: spectator)
let shownSeat = null; // the seat that last confirmed a hand-over
let state = null; // the last GET /api/matches/{id}
let pendingSvg = "";
let lastLog = [];
let logKey = "";
let busy = false;
let refreshing = null;
let dirty = false;
let ws = null;
let backoff = 500;
let clockBase = 0;
let countdownEnd = 0;
let games = {};

function heldSeats() {
  return Object.keys(tokens).map(Number).sort((a, b) => a - b);
}

async function takeLinkToken() {
  // Capability links look like match.html?id=X#seat=1&token=T. The token is checked
  // with the server before it is stored: a junk link must not replace a real token.
  const hash = new URLSearchParams(location.hash.slice(1));
  const linkToken = hash.get("token");
  const linkSeat = hash.get("seat");
  if (linkToken && linkSeat !== null) {
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    try {
      const s = await api("GET", BASE, { token: linkToken });
      if (s.seat === Number(linkSeat)) saveToken(ID, s.seat, linkToken);
      else showError(t("bad_link"));
    } catch (err) {
      showError(t("bad_link"));
    }
  }
  tokens = loadTokens(ID);
}

function seatLabel(seat) {
  return `${t("seat")} ${seat}`;
}

async function fetchState(seat) {
  return api("GET", `${BASE}?lang=${getLang()}`, { token: seat === null ? undefined : tokens[seat] });
}

async function refresh() {
  if (refreshing) { dirty = true; return refreshing; }
  refreshing = (async () => {
    try {
      do {
        dirty = false;
        await refreshOnce();
      } while (dirty);
    } catch (err) {
      showError(err.message);
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function refreshOnce() {
  const held = heldSeats();
  let seat = held.includes(viewSeat) ? viewSeat : (held.length ? held[0] : null);
  let s = await fetchState(seat);
  // Hot-seat: the view follows the held seat that is to move.
  const ready = held.filter((x) => s.to_move.includes(x));
  if (ready.length && !ready.includes(seat)) {
    seat = ready[0];
    s = await fetchState(seat);
  }
  const token = seat === null ? undefined : tokens[seat];
  // The log grows by appending: fetch only the new entries unless the viewer,
  // the language or an undo (which strikes earlier entries) changed it.
  const key = `${seat}|${getLang()}`;
  const incremental = logKey === key && lastLog.length <= s.seq && !s.over; // at the end all is public
  const since = incremental ? lastLog.length : 0;
  const [svg, log] = await Promise.all([
    api("GET", `${BASE}/svg?lang=${getLang()}`, { token, raw: true }),
    api("GET", `${BASE}/log?lang=${getLang()}&since=${since}`, { token }),
  ]);
  viewSeat = seat;
  state = s;
  pendingSvg = svg;
  if (incremental && !log.some((e) => e.kind === "undo")) lastLog = lastLog.concat(log);
  else lastLog = since === 0 ? log : await api("GET", `${BASE}/log?lang=${getLang()}`, { token });
  logKey = key;
  clockBase = performance.now();
  render();
}

function needsCover() {
  return heldSeats().length > 1 && viewSeat !== null && viewSeat !== shownSeat && !state.over;
}

function render() {
  document.body.dataset.seq = state.seq;
  document.body.dataset.over = state.over ? "1" : "0";
  document.body.dataset.viewSeat = viewSeat === null ? "" : viewSeat;
  const info = games[state.game];
  document.getElementById("title").textContent = info ? gameName(info) : state.game;
  const toMove = state.to_move.map(seatLabel).join(", ");
  const custom = state.custom_setup ? ` · ⚠ ${t("custom_setup")}` : "";
  const status = document.getElementById("status");
  status.textContent = (state.over ? t("over") : `${t("to_move")}: ${toMove}`) + custom;
  status.title = state.custom_setup ? t("custom_setup_help") : "";
  document.getElementById("viewing").textContent = viewSeat === null ? `(${t("spectator")})` : `(${seatLabel(viewSeat)})`;
  const cover = document.getElementById("cover");
  if (needsCover()) {
    // Hand-over: nothing of the next seat's view is in the page until it confirms.
    document.getElementById("board").replaceChildren();
    document.getElementById("actions").replaceChildren();
    document.getElementById("cover-seat").textContent = String(viewSeat);
    document.getElementById("cover-ok").textContent = `${t("show_seat")} ${viewSeat}`;
    cover.hidden = false;
    document.getElementById("cover-ok").focus();
  } else {
    cover.hidden = true;
    if (viewSeat !== null) shownSeat = viewSeat;
    document.getElementById("board").innerHTML = pendingSvg;
    renderActions();
  }
  renderSeats();
  renderLog();
  renderResult();
  renderUndo();
  renderInvites();
}

function renderSeats() {
  const table = document.getElementById("seats");
  table.replaceChildren();
  const clock = state.clock;
  state.seats.forEach((s, i) => {
    const kind = s.kind === "bot" ? `${t("seat_kind_bot")}: ${s.spec}` : t(`seat_kind_${s.kind}`);
    const mine = tokens[i] !== undefined ? " ★" : "";
    const moving = state.to_move.includes(i);
    const clockCell = el("td", { class: "clock", "data-clock": i });
    if (clock) clockCell.classList.toggle("running", clock.running.includes(i));
    table.append(el("tr", { class: moving ? "turn" : "" }, el("td", { text: `${seatLabel(i)}${mine}` }),
      el("td", { text: kind }), clockCell));
  });
  tickClocks();
}

function tickClocks() {
  const clock = state && state.clock;
  if (!clock) return;
  const elapsed = performance.now() - clockBase;
  for (const cell of document.querySelectorAll("[data-clock]")) {
    const i = Number(cell.dataset.clock);
    const ms = clock.remaining_ms[i] - (clock.running.includes(i) ? elapsed : 0);
    cell.textContent = fmtClock(ms);
  }
}

function legalFor(target) {
  return state.legal_actions.filter((a) => a.targets.includes(target));
}

function renderActions() {
  const list = document.getElementById("actions");
  const filter = document.getElementById("filter").value.trim().toLowerCase();
  list.replaceChildren();
  const mine = viewSeat !== null && state.to_move.includes(viewSeat) && !state.over;
  document.getElementById("turn").textContent = state.over ? "" : mine ? t("your_turn") : t("not_your_turn");
  document.getElementById("turn").className = mine ? "turn" : "dim";
  for (const a of state.legal_actions) {
    if (filter && !a.notation.toLowerCase().includes(filter) && !a.text.toLowerCase().includes(filter)) continue;
    const label = el("span", {}, el("span", { class: "notation", text: a.notation }),
      a.text !== a.notation ? a.text : "");
    list.append(el("li", {}, el("button", { type: "button", "data-notation": a.notation, disabled: busy,
      onclick: () => send(a.notation) }, label)));
  }
  // Click-to-act: mark the board elements some legal action refers to.
  const targets = new Set(state.legal_actions.flatMap((a) => a.targets));
  for (const node of document.querySelectorAll("#board [data-target]")) {
    node.classList.toggle("clickable", targets.has(node.getAttribute("data-target")));
  }
}

function renderLog() {
  const list = document.getElementById("log");
  list.replaceChildren();
  for (const e of lastLog) {
    let text;
    if (e.kind === "undo") text = `${seatLabel(e.seat)}: ↶ ${t("undone")}`;
    else if (e.kind === "resign") text = `${seatLabel(e.seat)}: ${t("resigned")}`;
    else if (e.notation !== null) text = `${seatLabel(e.seat)}: ${e.notation}${e.text && e.text !== e.notation ? ` — ${e.text}` : ""}`;
    else text = `${seatLabel(e.seat)}: ${e.events.map((ev) => ev.type).join(", ") || "…"}`;
    list.append(el("li", { class: e.undone ? "undone" : "", text }));
  }
  list.scrollTop = list.scrollHeight;
}

function renderResult() {
  const box = document.getElementById("result-section");
  box.hidden = !state.over;
  if (!state.over || !state.result) return;
  const table = document.getElementById("result");
  table.replaceChildren(el("tr", {}, el("th", { text: t("seat") }), el("th", { text: t("scores") })));
  const best = state.result.ranking[0] || [];
  state.result.scores.forEach((score, i) => {
    table.append(el("tr", { class: best.includes(i) ? "turn" : "" },
      el("td", { text: `${seatLabel(i)}${best.includes(i) ? ` — ${t("winner")}` : ""}` }), el("td", { text: String(score) })));
  });
  document.getElementById("replay-link").href = `replay.html?id=${encodeURIComponent(ID)}`;
}

function renderUndo() {
  const section = document.getElementById("undo-section");
  const held = heldSeats();
  section.hidden = state.over || state.clock !== null || !held.length;
  const box = document.getElementById("undo-box");
  box.replaceChildren();
  const req = state.undo;
  if (!req) return;
  box.append(el("p", { text: `${t("undo_asked")} ${req.by}` }));
  for (const seat of req.waiting.filter((s) => tokens[s] !== undefined)) {
    box.append(el("div", { class: "seatline" }, el("span", { text: seatLabel(seat) }),
      el("button", { type: "button", class: "undo-accept", onclick: () => undoVote(seat, true), text: t("accept") }),
      el("button", { type: "button", class: "undo-decline", onclick: () => undoVote(seat, false), text: t("decline") })));
  }
}

function renderInvites() {
  const box = document.getElementById("invites");
  box.replaceChildren();
  const held = heldSeats();
  if (held.length < 2 || state.over) return;
  box.append(el("p", { class: "dim", text: t("invite") }));
  for (const seat of held) {
    const url = `${location.origin}${location.pathname}?id=${encodeURIComponent(ID)}#seat=${seat}&token=${encodeURIComponent(tokens[seat])}`;
    box.append(el("div", {}, el("a", { href: url, text: `${t("copied")} ${seat}` })));
  }
}

function showError(message) {
  document.getElementById("error").textContent = message || "";
}

async function send(notation, retried = false) {
  if (busy || viewSeat === null) return;
  busy = true;
  showError("");
  let retry = null;
  try {
    const seq = state.realtime ? null : state.seq;
    await api("POST", `${BASE}/actions`, { token: tokens[viewSeat], body: { notation, seq } });
  } catch (err) {
    if (err.status === 409 && !retried) retry = "stale";
    else if (err.status === 429 && !retried) retry = "later";
    else showError(err.message);
    if (retry === "later") {
      showError(t("cooldown"));
      setTimeout(() => send(notation, true), (err.data && err.data.retry_after_ms) || 500);
    }
  } finally {
    busy = false;
  }
  await refresh();
  if (retry === "stale") {
    // In simultaneous phases another seat moving first makes our seq stale; the
    // same move is sent again only if it is still one of the options.
    if (state.legal.includes(notation)) await send(notation, true);
    else showError(t("stale"));
  }
}

function chooser(actions, x, y) {
  closeChooser();
  const box = el("div", { class: "chooser", id: "chooser", role: "dialog" }, el("div", { class: "dim", text: t("choose") }));
  for (const a of actions) {
    box.append(el("button", { type: "button", "data-notation": a.notation,
      onclick: () => { closeChooser(); send(a.notation); } }, `${a.notation}${a.text !== a.notation ? ` — ${a.text}` : ""}`));
  }
  box.append(el("button", { type: "button", onclick: closeChooser, text: t("cancel") }));
  box.style.left = `${Math.min(x, window.innerWidth - 260)}px`;
  box.style.top = `${Math.min(y, window.innerHeight - 40 * (actions.length + 2))}px`;
  document.body.append(box);
  box.querySelector("button").focus();
}

function closeChooser() {
  const old = document.getElementById("chooser");
  if (old) old.remove();
}

function onBoardClick(ev) {
  const node = ev.target.closest("[data-target]");
  if (!node || !state) return;
  const options = legalFor(node.getAttribute("data-target"));
  if (options.length === 1) send(options[0].notation);
  else if (options.length > 1) chooser(options, ev.clientX, ev.clientY);
  else showError(t("nothing_here"));
}

function onFilterKey(ev) {
  if (ev.key === "Enter") {
    const text = ev.target.value.trim();
    const exact = state.legal_actions.find((a) => a.notation === text);
    const shown = [...document.querySelectorAll("#actions button")];
    if (exact) send(exact.notation);
    else if (shown.length === 1) send(shown[0].dataset.notation);
    ev.target.value = "";
  } else if (ev.key === "ArrowDown") {
    const first = document.querySelector("#actions button");
    if (first) { ev.preventDefault(); first.focus(); }
  }
}

function onListKey(ev) {
  // Arrow keys move through the action list; Enter/Space press the focused button.
  if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
  const buttons = [...document.querySelectorAll("#actions button")];
  const i = buttons.indexOf(document.activeElement);
  if (i < 0) return;
  ev.preventDefault();
  const next = ev.key === "ArrowDown" ? Math.min(i + 1, buttons.length - 1) : i - 1;
  if (next < 0) document.getElementById("filter").focus();
  else buttons[next].focus();
}

async function undoRequest() {
  showError("");
  // "My last move" is the latest move of any seat this browser holds (hot-seat).
  const held = heldSeats();
  const mine = lastLog.filter((e) => !e.undone && (e.kind === "act" || e.kind === "timeout") && held.includes(e.seat));
  const seat = mine.length ? mine[mine.length - 1].seat : (held.includes(viewSeat) ? viewSeat : held[0]);
  await postUndo(seat, true);
  await refresh();
}

async function undoVote(seat, accept) {
  showError("");
  await postUndo(seat, accept);
  await refresh();
}

async function postUndo(seat, accept) {
  // A bot or another player may move between our last update and the click: on a
  // stale seq (409) resync and ask again, a few times at most.
  for (let attempt = 0; ; attempt++) {
    try {
      await api("POST", `${BASE}/undo`, { token: tokens[seat], body: { seq: state.seq, accept } });
      return;
    } catch (err) {
      if (err.status === 409 && attempt < 3) { await refresh(); continue; }
      showError(err.message);
      return;
    }
  }
}

async function download() {
  const seat = viewSeat;
  const data = await api("GET", `${BASE}/export`, { token: seat === null ? undefined : tokens[seat] });
  downloadJson(`galaxis-${state.game}-${ID}.json`, data);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const seat = heldSeats().length ? heldSeats()[0] : null;
  // The token goes in the first message, never in the URL (access logs keep URLs).
  ws = new WebSocket(`${proto}://${location.host}${BASE}/ws`);
  ws.onopen = () => {
    ws.send(JSON.stringify({ token: seat === null ? null : tokens[seat], since: state ? state.seq : 0 }));
    backoff = 500; setLive(true); refresh();
  };
  ws.onmessage = (ev) => {
    let msg = {};
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.countdown_ms) countdownEnd = performance.now() + msg.countdown_ms;
    refresh();
  };
  ws.onclose = (ev) => {
    setLive(false);
    if (ev.code === 4404 || ev.code === 4403 || ev.code === 4400) return;
    // Reconnect with back-off; the next connection resyncs from our seq.
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 8000);
  };
}

function setLive(on) {
  const pill = document.getElementById("live");
  pill.textContent = on ? t("connected") : t("disconnected");
  pill.classList.toggle("live", on);
  document.body.dataset.live = on ? "1" : "0";
}

function tick() {
  tickClocks();
  const left = countdownEnd - performance.now();
  document.getElementById("countdown").textContent = left > 0 ? `${t("countdown")} ${Math.ceil(left / 1000)}…` : "";
}

async function init() {
  translatePage();
  await takeLinkToken();
  languageSwitch(() => { refresh(); });
  try {
    for (const g of await api("GET", "/api/games")) games[g.id] = g;
  } catch (e) { games = {}; }
  document.getElementById("board").addEventListener("click", onBoardClick);
  document.getElementById("filter").addEventListener("keydown", onFilterKey);
  document.getElementById("filter").addEventListener("input", () => state && renderActions());
  document.getElementById("actions").addEventListener("keydown", onListKey);
  document.getElementById("cover-ok").addEventListener("click", () => { shownSeat = viewSeat; render(); });
  document.getElementById("undo").addEventListener("click", undoRequest);
  document.getElementById("download").addEventListener("click", download);
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") closeChooser(); });
  setInterval(tick, 250);
  await refresh();
  if (state) connect();
}

init();
