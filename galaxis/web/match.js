// The match page: status bar (prompt and buttons), the seat's SVG board with its
// highlighted targets, player panels, the log in words, the end table, the full
// move list for experts, clocks, live updates, hot-seat hand-overs and undo.
// Nothing here knows any game's rules: everything comes from the server's views
// (prompt, choices, panels, breakdown, legal actions with their board targets).
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
let cooldownEnd = 0; // real time: when this browser's seat may act again (one hand, one move at a time)
let games = {};
let selection = []; // board targets chosen so far for a move being put together
let shapes = null; // what the board's keyed elements looked like, to mark what changed
let shapesKey = "";
let pressTimer = null;
let pressed = false; // a long press showed a tip: the click that follows is not a move

// --- names and texts ----------------------------------------------------------------

function seatName(seat) {
  const given = state && state.seats[seat] && state.seats[seat].name;
  return given || defaultName(seat);
}

function seatColour(seat) {
  const panel = state && state.panels && state.panels[seat];
  return panel ? panel.colour : "#9aa0c3";
}

// A text from the game with seat references "⟨n⟩" as name badges (a swatch in the seat's colour)
// and piece references "⟦id|label⟧" as names whose picture shows on hover or long press.
function richText(text) {
  const frag = document.createDocumentFragment();
  const parts = String(text).split(/⟨(\d+)⟩|⟦([^|⟧]+)\|([^⟧]*)⟧/);
  for (let i = 0; i < parts.length; i += 4) {
    if (parts[i]) frag.append(parts[i]);
    if (i + 1 >= parts.length) break;
    if (parts[i + 1] !== undefined) {
      const seat = Number(parts[i + 1]);
      frag.append(el("span", { class: "name", "data-seat": seat },
        el("span", { class: "swatch", style: { background: seatColour(seat) }, "aria-hidden": "true" }), seatName(seat)));
    } else if (parts[i + 2] !== undefined) {
      const game = state ? state.game : "";
      frag.append(el("span", { class: "piece", tabindex: "0", "data-piece": parts[i + 2],
        "data-zoom-src": `/api/games/${encodeURIComponent(game)}/pieces/${encodeURIComponent(parts[i + 2])}.svg?lang=${getLang()}`,
        text: parts[i + 3] }));
    }
  }
  return frag;
}

// The first letter of a sentence in capitals (a game may start it with a seat's name).
function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function plainText(text) {
  return String(text).replace(/⟨(\d+)⟩/g, (_, n) => seatName(Number(n))).replace(/⟦[^|⟧]+\|([^⟧]*)⟧/g, "$1");
}

function mine() {
  return state && viewSeat !== null && !state.over && state.to_move.includes(viewSeat);
}

// --- loading --------------------------------------------------------------------------

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
      else showError("board-error", t("bad_link"));
    } catch (err) {
      showError("board-error", t("bad_link"));
    }
  }
  tokens = loadTokens(ID);
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
      showError("board-error", err.message);
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
  if (!state || s.seq !== state.seq || seat !== viewSeat) selection = [];
  viewSeat = seat;
  state = s;
  pendingSvg = svg;
  if (incremental && !log.some((e) => e.kind === "undo")) lastLog = lastLog.concat(log);
  else lastLog = since === 0 ? log : await api("GET", `${BASE}/log?lang=${getLang()}`, { token });
  logKey = key;
  clockBase = performance.now();
  render();
}

// --- rendering ---------------------------------------------------------------------------

function needsCover() {
  return heldSeats().length > 1 && viewSeat !== null && viewSeat !== shownSeat && !state.over;
}

function render() {
  document.body.dataset.seq = state.seq;
  document.body.dataset.over = state.over ? "1" : "0";
  document.body.dataset.viewSeat = viewSeat === null ? "" : viewSeat;
  document.body.dataset.mine = mine() ? "1" : "0";
  const info = games[state.game];
  const title = info ? gameName(info) : state.game;
  document.getElementById("title").textContent = title;
  document.title = `${title} — galaxis`;
  document.getElementById("rules-link").href = `rules.html?game=${encodeURIComponent(state.game)}`;
  const custom = document.getElementById("custom");
  custom.hidden = !state.custom_setup;
  custom.title = t("custom_setup_help");
  const cover = document.getElementById("cover");
  if (needsCover()) {
    // Hand-over: nothing of the next seat's view is in the page until it confirms.
    document.getElementById("board").replaceChildren();
    document.getElementById("actions").replaceChildren();
    document.getElementById("choices").replaceChildren();
    document.getElementById("cover-seat").textContent = seatName(viewSeat);
    document.getElementById("cover-ok").textContent = `${t("show_seat")} ${seatName(viewSeat)}`;
    cover.hidden = false;
    document.getElementById("cover-ok").focus();
  } else {
    cover.hidden = true;
    if (viewSeat !== null) shownSeat = viewSeat;
    renderBoard();
    renderStatus();
    renderActions();
  }
  renderPanels();
  renderLog();
  renderEnd();
  renderUndo();
  renderInvites();
}

// The candidate moves: the legal ones whose targets include every selected target.
// (boardMoves, board.js: the legal actions and any multi-step plans the board offers)
function candidates() {
  if (!mine()) return [];
  return boardMoves().filter((a) => selection.every((t) => a.targets.includes(t)));
}

function boardTargets() {
  return new Set([...document.querySelectorAll("#board [data-target]")].map((n) => n.getAttribute("data-target")));
}

function renderBoard() {
  const board = document.getElementById("board");
  board.innerHTML = pendingSvg;
  const svgs = splitParts(board); // a board of several parts shows each in its own block (board.js)
  if (!svgs.length) return;
  let widest = 0;
  for (const svg of svgs) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("board"));
    // A board that needs some width to stay readable (data-min-width, CSS px) scrolls sideways on a narrow screen.
    const min = Number(svg.getAttribute("data-min-width")) || 0;
    svg.style.minWidth = min ? `${min}px` : "";
    widest = Math.max(widest, min);
  }
  board.classList.toggle("wide", widest > 0);
  if (widest > 0) board.setAttribute("tabindex", "0"); else board.removeAttribute("tabindex");
  const svg = board;
  // Seat references in the board's words ("⟨1⟩") become the players' names.
  const walker = document.createTreeWalker(svg, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue.includes("⟨")) node.nodeValue = plainText(node.nodeValue);
  }
  for (const node of svg.querySelectorAll("[data-tip]")) {
    const tip = node.getAttribute("data-tip");
    if (tip.includes("⟨")) node.setAttribute("data-tip", plainText(tip));
  }
  // Tooltips: a <title> becomes the element's tip and accessible name (one tooltip, ours).
  for (const title of [...svg.querySelectorAll("title")]) {
    const host = title.parentElement;
    if (host && !svgs.includes(host)) { // a board's (or part's) own title is not a tip
      if (!host.hasAttribute("data-tip")) host.setAttribute("data-tip", title.textContent);
      title.remove();
    }
  }
  markTargets();
  markChanges(svg);
  finishBoard(board); // zoomable parts (board.js)
  tickBoard();
}

function markTargets() {
  const cands = candidates();
  const open = new Set(cands.flatMap((a) => a.targets).filter((t) => !selection.includes(t)));
  for (const node of document.querySelectorAll("#board [data-target]")) {
    const target = node.getAttribute("data-target");
    const selectable = open.has(target);
    node.classList.toggle("selectable", selectable);
    node.classList.toggle("selected", selection.includes(target));
    node.classList.remove("clickable");
    if (selectable || selection.includes(target)) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      // Its name for a screen reader: what it is (its tip) and what a click does, in words.
      const acts = cands.filter((a) => a.targets.includes(target));
      const tip = node.getAttribute("data-tip");
      const shown = acts.slice(0, 3).map((a) => plainText(a.text)).join(" / ") + (acts.length > 3 ? " …" : "");
      node.setAttribute("aria-label", tip ? `${tip}: ${shown}` : shown);
    } else {
      node.removeAttribute("tabindex");
      // A component with words of its own is an image with that name (only a leaf may be one).
      const tip = node.getAttribute("data-tip");
      const leaf = !node.querySelector("[data-target]");
      if (tip && leaf) { node.setAttribute("role", "img"); node.setAttribute("aria-label", tip); }
      else { node.removeAttribute("role"); node.removeAttribute("aria-label"); }
    }
  }
}

// After an update, the board elements that changed glow for a moment (the last move).
function markChanges(svg) {
  const now = new Map();
  for (const node of svg.querySelectorAll("[data-target], [id], [data-key]")) {
    const key = node.getAttribute("data-key") || node.getAttribute("data-target") || node.id;
    if (!now.has(key)) now.set(key, node.outerHTML.replace(/ class="[^"]*"| tabindex="0"| role="button"| aria-label="[^"]*"/g, ""));
  }
  const key = `${state.game}|${viewSeat}|${getLang()}`;
  if (shapes && shapesKey === key) {
    for (const node of svg.querySelectorAll("[data-target], [id], [data-key]")) {
      const k = node.getAttribute("data-key") || node.getAttribute("data-target") || node.id;
      if (shapes.has(k) && shapes.get(k) !== now.get(k)) node.classList.add("changed");
    }
  }
  shapes = now;
  shapesKey = key;
}

function choiceButton(choice, onPress) {
  const cls = `choice ${choice.style || "primary"}`;
  return el("button", { type: "button", class: cls, title: choice.tip ? plainText(choice.tip) : undefined,
    "data-actions": choice.actions.join("|"), disabled: busy, onclick: onPress }, plainText(choice.label));
}

function renderStatus() {
  const prompt = document.getElementById("prompt");
  const box = document.getElementById("choices");
  box.replaceChildren();
  prompt.replaceChildren();
  const bar = document.getElementById("statusbar");
  bar.classList.toggle("mine", !!mine());
  if (state.over) {
    prompt.append(endTitle());
    return;
  }
  prompt.append(richText(state.prompt));
  const thinking = state.thinking.filter((s) => state.to_move.includes(s));
  if (!mine() && thinking.length) {
    prompt.append(" ", el("span", { class: "thinking", text: `${thinking.map(seatName).join(", ")} ${t("thinking")}` }));
  }
  if (!mine()) return;
  const cands = candidates();
  if (selection.length) {
    // A move being put together on the board: the remaining options in words (always those the
    // selection completes), and a way back.
    const complete = (a) => a.targets.every((x) => selection.includes(x));
    for (const a of cands.length <= 12 ? cands : cands.filter(complete)) {
      box.append(choiceButton({ label: capitalised(a.text), actions: [a.notation], style: "primary" }, () => act(a)));
    }
    box.append(choiceButton({ label: t("cancel"), actions: ["cancel"], style: "secondary" }, () => { selection = []; markTargets(); renderStatus(); }));
    return;
  }
  const covered = new Set();
  for (const c of state.choices) {
    c.actions.forEach((n) => covered.add(n));
    box.append(choiceButton({ ...c, label: capitalised(c.label) }, (ev) => pressChoice(c, ev)));
  }
  // Every legal move is reachable: those with no button and no target on the board go under "More".
  const onBoard = boardTargets();
  const rest = state.legal_actions.filter((a) => !covered.has(a.notation) && !a.targets.some((t) => onBoard.has(t)));
  if (rest.length) {
    const more = { label: t("more_moves"), actions: rest.map((a) => a.notation), style: "secondary" };
    box.append(choiceButton(more, (ev) => pressChoice(more, ev)));
  }
}

function pressChoice(choice, ev) {
  if (choice.actions.length === 1) { send(choice.actions[0], "board"); return; }
  const acts = state.legal_actions.filter((a) => choice.actions.includes(a.notation));
  const rect = ev.currentTarget.getBoundingClientRect();
  chooser(acts, rect.left, rect.bottom + 4);
}

function renderPanels() {
  const list = document.getElementById("panels");
  list.replaceChildren();
  const clock = state.clock;
  state.seats.forEach((s, i) => {
    const panel = state.panels[i] || { colour: "#9aa0c3", colour_name: "", score: null, facts: [], note: "" };
    const you = tokens[i] !== undefined;
    const moving = state.to_move.includes(i);
    const kind = s.kind === "bot" ? `${t("seat_kind_bot")} · ${botLabel(s.spec)}` : t(`seat_kind_${s.kind}`);
    const head = el("div", { class: "panel-head" },
      el("span", { class: "swatch big", style: { background: panel.colour }, title: panel.colour_name, "aria-hidden": "true" }),
      el("strong", { class: "pname", text: seatName(i) }),
      you ? el("span", { class: "you", text: t("you") }) : null,
      el("span", { class: "visually-hidden", text: ` (${panel.colour_name})` }),
      el("span", { class: "grow" }),
      panel.score === null || panel.score === undefined ? null
        : el("span", { class: "score", title: t("score") }, el("span", { class: "visually-hidden", text: `${t("score")}: ` }), fmtNumber(panel.score)));
    const status = [];
    if (state.thinking.includes(i) && moving) status.push(el("span", { class: "thinking", text: t("thinking") }));
    else if (moving) status.push(el("span", { class: "turn", text: panel.note ? `${t("to_move")}: ${panel.note}` : t("to_move") }));
    const facts = el("dl", { class: "facts" });
    for (const f of panel.facts) facts.append(el("div", { title: f.tip || undefined }, el("dt", { text: f.label }), el("dd", { text: f.value })));
    const clockCell = clock ? el("span", { class: `clock${clock.running.includes(i) ? " running" : ""}`, "data-clock": i }) : null;
    list.append(el("li", { class: `panel${moving ? " moving" : ""}${you ? " me" : ""}`, style: { "--seat": panel.colour }, "data-seat": i },
      head, el("div", { class: "panel-sub" }, el("span", { class: "dim", text: kind }), ...status, clockCell), facts));
  });
  tickClocks();
}

function botLabel(spec) {
  const level = String(spec || "").split(":")[0];
  return TEXT[getLang()][`level_${level}`] ? t(`level_${level}`) : spec;
}

function fmtNumber(v) {
  return typeof v === "number" ? String(Math.round(v * 100) / 100) : String(v);
}

function tickClocks() {
  const clock = state && state.clock;
  if (!clock) return;
  const elapsed = performance.now() - clockBase;
  for (const cell of document.querySelectorAll("[data-clock]")) {
    const i = Number(cell.dataset.clock);
    const ms = clock.remaining_ms[i] - (clock.running.includes(i) ? elapsed : 0);
    cell.textContent = `⏱ ${fmtClock(ms)}`;
  }
}

function renderActions() {
  const list = document.getElementById("actions");
  const filter = document.getElementById("filter").value.trim().toLowerCase();
  list.replaceChildren();
  for (const a of state.legal_actions) {
    if (filter && !a.notation.toLowerCase().includes(filter) && !a.text.toLowerCase().includes(filter)) continue;
    const label = el("span", {}, el("span", { class: "notation", text: a.notation }), a.text !== a.notation ? plainText(a.text) : "");
    list.append(el("li", {}, el("button", { type: "button", "data-notation": a.notation, disabled: busy,
      onclick: () => send(a.notation, "list") }, label)));
  }
}

function logText(e) {
  if (e.kind === "undo") return `⟨${e.seat}⟩ ↶ ${t("undone")}`;
  if (e.kind === "resign") return `⟨${e.seat}⟩ ${t("resigned")}`;
  if (e.text) return /⟨\d+⟩/.test(e.text) ? e.text : `⟨${e.seat}⟩: ${e.text}`;
  if (e.notation !== null) return `⟨${e.seat}⟩: ${e.notation}`;
  return `⟨${e.seat}⟩ ${t("hidden_move")}`;
}

function renderLog() {
  const list = document.getElementById("log");
  list.replaceChildren();
  lastLog.forEach((e, i) => {
    const item = el("li", { class: `${e.undone ? "undone" : ""}${i === lastLog.length - 1 ? " latest" : ""}` },
      richText(capitalised(logText(e))));
    for (const line of e.lines || []) item.append(el("div", { class: "outcome" }, richText(line)));
    list.append(item);
  });
  list.parentElement.scrollTop = list.parentElement.scrollHeight;
}

function placeOf(seat) {
  let place = 1;
  for (const group of state.result.ranking) {
    if (group.includes(seat)) return place;
    place += group.length;
  }
  return place;
}

function endTitle() {
  const n = state.players;
  const me = viewSeat !== null ? viewSeat : heldSeats()[0];
  if (me !== undefined && me !== null && state.result) {
    const place = placeOf(me);
    return t("you_finished").replace("{place}", ordinalText(place)).replace("{n}", n).replace("{the}", huArticle(place));
  }
  const winners = state.result ? state.result.ranking[0].map(seatName).join(", ") : "";
  return `${t("game_over")} ${t("winner")}: ${winners}`;
}

function ordinalText(place) {
  if (getLang() === "hu") return `${place}.`;
  const suffix = place % 100 >= 11 && place % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[place % 10] || "th");
  return `${place}${suffix}`;
}

function renderEnd() {
  const box = document.getElementById("end");
  box.hidden = !state.over;
  if (!state.over || !state.result) return;
  document.getElementById("end-title").textContent = `${t("game_over")} ${endTitle()}`;
  const table = document.getElementById("breakdown");
  const bd = state.breakdown || { rows: [], totals: state.result.scores, tie_break: "" };
  const order = state.result.ranking.flat();
  const head = el("tr", {}, el("th", { scope: "col", text: "" }),
    ...order.map((s) => el("th", { scope: "col" }, richText(`⟨${s}⟩`))));
  const rows = bd.rows.map((r) => el("tr", {}, el("th", { scope: "row", title: r.tip || undefined, text: r.label }),
    ...order.map((s) => el("td", { text: fmtNumber(r.values[s]) }))));
  const total = el("tr", { class: "total" }, el("th", { scope: "row", text: t("total") }),
    ...order.map((s) => el("td", { text: fmtNumber(bd.totals[s]) })));
  const place = el("tr", {}, el("th", { scope: "row", text: t("place") }), ...order.map((s) => el("td", { text: ordinalText(placeOf(s)) })));
  table.replaceChildren(el("caption", { class: "visually-hidden", text: t("breakdown") }), el("thead", {}, head), el("tbody", {}, ...rows, total, place));
  const tie = document.getElementById("tie-break");
  tie.replaceChildren();
  if (bd.tie_break) tie.append(richText(bd.tie_break));
  for (const note of bd.notes || []) tie.append(" ", richText(note));
  if (state.result.details && state.result.details.resigned !== undefined) {
    tie.append(" ", richText(`⟨${state.result.details.resigned}⟩ ${t("resigned")}.`));
  }
  const ranking = document.getElementById("ranking");
  ranking.replaceChildren(...order.map((s) => el("li", { value: placeOf(s) }, richText(`⟨${s}⟩ — ${fmtNumber(bd.totals[s])}`))));
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
  box.append(el("p", { text: `${t("undo_asked")} ${seatName(req.by)}` }));
  for (const seat of req.waiting.filter((s) => tokens[s] !== undefined)) {
    box.append(el("div", { class: "seatline" }, el("span", { text: seatName(seat) }),
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
    box.append(el("div", {}, el("a", { href: url, text: `${t("copied")} ${seatName(seat)}` })));
  }
}

function showError(where, message) {
  document.getElementById(where).textContent = message || "";
}

function clearErrors() {
  showError("error", "");
  showError("board-error", "");
}

// --- acting ------------------------------------------------------------------------------

// source: "board" (board, status bar, chooser) or "list" (the typed or listed notation):
// a refusal (422) is shown next to the input that caused it; a stale seq (409) resyncs silently.
async function send(notation, source = "board", retried = false) {
  if (busy || viewSeat === null) return;
  busy = true;
  clearErrors();
  closeChooser();
  let retry = null;
  let ok = false;
  const where = source === "list" ? "error" : "board-error";
  try {
    const seq = state.realtime ? null : state.seq;
    await api("POST", `${BASE}/actions`, { token: tokens[viewSeat], body: { notation, seq } });
    ok = true;
    if (state.realtime && state.realtime.cooldown_ms) cooldownEnd = performance.now() + state.realtime.cooldown_ms;
    selection = [];
  } catch (err) {
    if (err.status === 409 && !retried) retry = "stale";
    else if (err.status === 429 && !retried) retry = "later";
    else if (err.status === 409) retry = null;
    else showError(where, err.status === 422 ? `${t("refused")}: ${err.message}` : err.message);
    if (retry === "later") {
      cooldownEnd = performance.now() + ((err.data && err.data.retry_after_ms) || 500);
      showError(where, t("cooldown"));
      setTimeout(() => send(notation, source, true), (err.data && err.data.retry_after_ms) || 500);
    }
  } finally {
    busy = false;
  }
  await refresh();
  if (retry === "stale" && state.legal.includes(notation)) {
    // In simultaneous phases another seat moving first makes our seq stale; the
    // same move is sent again only if it is still one of the options.
    await send(notation, source, true);
  }
  return ok;
}

function chooser(actions, x, y) {
  closeChooser();
  const box = el("div", { class: "chooser", id: "chooser", role: "dialog", "aria-label": t("choose") },
    el("div", { class: "dim", text: t("choose") }));
  for (const a of actions) {
    box.append(el("button", { type: "button", "data-notation": a.notation,
      onclick: () => { closeChooser(); act(a); } }, capitalised(plainText(a.text))));
  }
  box.append(el("button", { type: "button", class: "secondary", onclick: closeChooser, text: t("cancel") }));
  document.body.append(box);
  const w = box.offsetWidth;
  const h = box.offsetHeight;
  box.style.left = `${Math.max(4, Math.min(x, window.innerWidth - w - 4))}px`;
  box.style.top = `${Math.max(4, Math.min(y, window.innerHeight - h - 4))}px`;
  box.querySelector("button").focus();
}

function closeChooser() {
  const old = document.getElementById("chooser");
  if (old) old.remove();
}

function onBoardClick(ev) {
  if (pressed) { pressed = false; ev.preventDefault(); return; }
  const node = ev.target.closest("[data-target]");
  if (!node || !state) return;
  clearErrors();
  const target = node.getAttribute("data-target");
  if (!mine()) {
    if (!state.over) showError("board-error", `${t("not_your_turn")}: ${plainText(state.prompt)}`);
    return;
  }
  if (selection.includes(target)) { // a second click on a chosen element lets it go
    selection = selection.filter((x) => x !== target);
    markTargets();
    renderStatus();
    return;
  }
  const next = [...selection, target];
  const cands = boardMoves().filter((a) => next.every((x) => a.targets.includes(x)));
  if (!cands.length) {
    showError("board-error", `${t("nothing_here")} ${plainText(state.prompt)}`);
    return;
  }
  if (cands.length === 1) { act(cands[0]); return; }
  const more = new Set(cands.flatMap((a) => a.targets).filter((x) => !next.includes(x)));
  const onBoard = boardTargets();
  if (![...more].some((x) => onBoard.has(x))) {
    // Several moves share exactly this target: a small chooser names them.
    chooser(cands, ev.clientX, ev.clientY);
    return;
  }
  selection = next;
  markTargets();
  renderStatus();
}

function onBoardKey(ev) {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const node = ev.target.closest("[data-target]");
  if (!node) return;
  ev.preventDefault();
  const r = node.getBoundingClientRect();
  onBoardClick({ target: node, clientX: r.left + r.width / 2, clientY: r.bottom, preventDefault() {} });
}

async function onFilterKey(ev) {
  if (ev.key === "Enter") {
    const text = ev.target.value.trim();
    if (!text) return;
    const exact = state.legal_actions.find((a) => a.notation === text);
    const shown = [...document.querySelectorAll("#actions button")];
    let notation = text; // not among the options: the server says why
    if (exact) notation = exact.notation;
    else if (shown.length === 1) notation = shown[0].dataset.notation;
    if (await send(notation, "list")) {
      ev.target.value = "";
      renderActions();
    }
  } else if (ev.key === "ArrowDown") {
    const first = document.querySelector("#actions button");
    if (first) { ev.preventDefault(); first.focus(); }
  }
}

function onListKey(ev) {
  // Arrow keys move through the move list; Enter/Space press the focused button.
  if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp") return;
  const buttons = [...document.querySelectorAll("#actions button")];
  const i = buttons.indexOf(document.activeElement);
  if (i < 0) return;
  ev.preventDefault();
  const next = ev.key === "ArrowDown" ? Math.min(i + 1, buttons.length - 1) : i - 1;
  if (next < 0) document.getElementById("filter").focus();
  else buttons[next].focus();
}

// --- tooltips: hover, keyboard focus and long press ----------------------------------------

function tipHost(node) {
  return node && node.closest ? node.closest("[data-tip]") : null;
}

function showTip(host, x, y) {
  const tip = document.getElementById("tip");
  if (!host || Zoom.hostOf(host)) { tip.hidden = true; return; } // a piece shows enlarged instead (zoom.js)
  tip.textContent = host.getAttribute("data-tip");
  tip.hidden = false;
  const w = tip.offsetWidth;
  const h = tip.offsetHeight;
  tip.style.left = `${Math.max(4, Math.min(x + 12, window.innerWidth - w - 4))}px`;
  tip.style.top = `${Math.max(4, y - h - 12 < 0 ? y + 16 : y - h - 12)}px`;
}

function hideTip() {
  document.getElementById("tip").hidden = true;
}

function setupTips(board) {
  board.addEventListener("pointermove", (ev) => {
    if (ev.pointerType === "touch") return;
    showTip(tipHost(ev.target), ev.clientX, ev.clientY);
  });
  board.addEventListener("pointerleave", hideTip);
  board.addEventListener("focusin", (ev) => {
    const host = tipHost(ev.target);
    if (host) { const r = host.getBoundingClientRect(); showTip(host, r.left, r.top); }
  });
  board.addEventListener("focusout", hideTip);
  board.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType !== "touch") return;
    pressed = false;
    clearTimeout(pressTimer);
    const host = tipHost(ev.target);
    if (!host) return;
    pressTimer = setTimeout(() => { pressed = true; showTip(host, ev.clientX, ev.clientY); }, 500);
  });
  for (const end of ["pointerup", "pointercancel"]) {
    board.addEventListener(end, () => clearTimeout(pressTimer));
  }
  board.addEventListener("contextmenu", (ev) => { if (pressed) ev.preventDefault(); });
  document.addEventListener("scroll", hideTip, { passive: true });
}

// --- undo, download, live updates ------------------------------------------------------------

async function undoRequest() {
  clearErrors();
  // "My last move" is the latest move of any seat this browser holds (hot-seat).
  const held = heldSeats();
  const own = lastLog.filter((e) => !e.undone && (e.kind === "act" || e.kind === "timeout") && held.includes(e.seat));
  const seat = own.length ? own[own.length - 1].seat : (held.includes(viewSeat) ? viewSeat : held[0]);
  await postUndo(seat, true);
  await refresh();
}

async function undoVote(seat, accept) {
  clearErrors();
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
      if (err.status === 409 && attempt < 3 && /stale/.test(err.message)) { await refresh(); continue; }
      showError("board-error", err.message);
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
  tickBoard();
}

// Real-time pacing drawn on a game's board: an element with data-live="countdown" (the
// synchronised reveal) or "cooldown" (this seat's one-hand wait) shows its label and the
// seconds left, and is empty otherwise (the game's drawing may hide it then).
function tickBoard() {
  const now = performance.now();
  for (const node of document.querySelectorAll("#board [data-live]")) {
    const cooling = node.dataset.live === "cooldown";
    const left = (cooling ? cooldownEnd : node.dataset.live === "countdown" ? countdownEnd : 0) - now;
    const secs = cooling ? (left / 1000).toFixed(1) : `${Math.ceil(left / 1000)}…`;
    const words = left > 0 ? `${node.dataset.label || ""} ${secs}`.trim() : "";
    if (node.textContent !== words) node.textContent = words;
  }
}

async function init() {
  translatePage();
  await takeLinkToken();
  languageSwitch(() => { shapes = null; refresh(); });
  try {
    for (const g of await api("GET", "/api/games")) games[g.id] = g;
  } catch (e) { games = {}; }
  const board = document.getElementById("board");
  board.addEventListener("click", onBoardClick);
  board.addEventListener("keydown", onBoardKey);
  setupTips(board);
  for (const where of [board, document.getElementById("log"), document.getElementById("statusbar")]) Zoom.attach(where);
  setupPlans(board);
  document.getElementById("filter").addEventListener("keydown", onFilterKey);
  document.getElementById("filter").addEventListener("input", () => state && renderActions());
  document.getElementById("actions").addEventListener("keydown", onListKey);
  document.getElementById("cover-ok").addEventListener("click", () => { shownSeat = viewSeat; render(); });
  document.getElementById("undo").addEventListener("click", undoRequest);
  document.getElementById("download").addEventListener("click", download);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      closeChooser();
      hideTip();
      if (selection.length) { selection = []; markTargets(); renderStatus(); }
    }
  });
  setInterval(tick, 250);
  await refresh();
  if (state) connect();
}

init();
