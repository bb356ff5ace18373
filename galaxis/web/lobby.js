// The lobby: a tile per game (a drawing of its start, players, playing time), "Play
// against bots" in one click, a match set-up with options in words, and the lists of
// matches to join, watch or replay. Nothing here knows any game's rules.
"use strict";
let GAMES = [];
let chosen = null; // the game being set up
const LEVELS = ["easy", "normal", "hard", "expert"];

function gameById(id) {
  return GAMES.find((g) => g.id === id);
}

function myName() {
  return (localStorage.getItem("galaxis:name") || "").trim();
}

function fmtText(key, values) {
  return t(key).replace(/\{(\w+)\}/g, (_, k) => (values[k] === undefined ? "" : values[k]));
}

function optionLabel(name, spec) {
  const hu = getLang() === "hu";
  return (hu ? spec.label_hu : spec.label) || spec.label || name;
}

function optionHelp(spec) {
  return (getLang() === "hu" ? spec.help_hu : spec.help) || spec.help || "";
}

function choiceLabel(spec, value) {
  const labels = spec.choice_labels && spec.choice_labels[String(value)];
  return labels ? (labels[getLang()] || labels.en || String(value)) : String(value);
}

// --- tiles ----------------------------------------------------------------------------

function renderTiles() {
  const box = document.getElementById("tiles");
  box.replaceChildren();
  for (const g of GAMES) {
    const players = g.min_players === g.max_players ? fmtText("players_1", { n: g.min_players })
      : fmtText("players_n", { lo: g.min_players, hi: g.max_players });
    const [lo, hi] = g.minutes || [0, 0];
    const time = hi ? fmtText("minutes", { lo, hi }) : "";
    const summary = getLang() === "hu" ? (g.summary_hu || g.summary) : g.summary;
    const name = gameName(g);
    box.append(el("li", { class: `tile${chosen && chosen.id === g.id ? " chosen" : ""}`, "data-game": g.id },
      el("img", { src: `/api/games/${encodeURIComponent(g.id)}/preview.svg?lang=${getLang()}`, alt: fmtText("board_of", { game: name }), loading: "lazy" }),
      el("h3", { text: name }),
      el("p", { class: "facts-line", text: [players, time].filter(Boolean).join(" · ") }),
      el("p", { class: "summary", text: summary }),
      el("div", { class: "buttons" },
        el("button", { type: "button", class: "primary quick", "data-game": g.id, onclick: () => quickPlay(g), text: t("play_bots") }),
        el("button", { type: "button", class: "setup-button", "data-game": g.id, onclick: () => openSetup(g), text: t("set_up") }),
        el("a", { href: `rules.html?game=${encodeURIComponent(g.id)}`, text: t("rules") }),
        g.deck_setup ? el("a", { class: "cards-link", href: `cards.html?game=${encodeURIComponent(g.id)}`, text: t("cards_decks") }) : null)));
  }
}

function quickPlayers(g) {
  return Math.max(g.min_players, Math.min(2, g.max_players));
}

async function quickPlay(g) {
  const err = document.getElementById("quick-error");
  err.textContent = "";
  const n = quickPlayers(g);
  const seats = ["human", ...Array.from({ length: n - 1 }, () => "bot:normal")];
  const names = [myName()];
  await create({ game: g.id, players: n, seats, names, options: {} }, err);
}

async function create(body, errorBox) {
  try {
    const created = await api("POST", "/api/matches", { body });
    created.tokens.forEach((tok, seat) => { if (tok) saveToken(created.id, seat, tok); });
    location.href = `match.html?id=${encodeURIComponent(created.id)}`;
  } catch (err) {
    errorBox.textContent = err.message;
  }
}

// --- the set-up form ------------------------------------------------------------------

function openSetup(g) {
  chosen = g;
  document.getElementById("setup").hidden = false;
  renderSetup();
  renderTiles();
  document.getElementById("setup").scrollIntoView({ behavior: "smooth", block: "start" });
  document.getElementById("my-name").focus({ preventScroll: true });
}

function renderSetup() {
  const g = chosen;
  if (!g) return;
  document.getElementById("setup-title").textContent = `${t("new_match")}: ${gameName(g)}`;
  document.getElementById("my-name").value = myName();
  const players = document.getElementById("players");
  const current = Number(players.value) || quickPlayers(g);
  players.replaceChildren(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => {
    const n = g.min_players + i;
    return el("option", { value: n, text: String(n) });
  }));
  players.value = String(Math.min(Math.max(current, g.min_players), g.max_players));
  renderOptions();
  renderSeats();
}

function seatRow(i, old) {
  const sel = el("select", { id: `seat-${i}`, "data-seat": i, "aria-label": `${t("seat")} ${i + 1}` },
    el("option", { value: "human", text: t("me") }),
    el("option", { value: "open", text: t("open") }),
    ...LEVELS.map((level) => el("option", { value: `bot:${level}`, text: `${t("bot")}: ${t(`level_${level}`)}` })),
    el("option", { value: "custom", text: t("custom_bot") }));
  sel.value = old || (i === 0 ? "human" : "bot:normal");
  const custom = el("input", { id: `seat-${i}-spec`, type: "text", placeholder: "mcts:ms=500", "aria-label": t("agent_spec"), hidden: sel.value !== "custom", size: 14 });
  const name = el("input", { id: `seat-${i}-name`, type: "text", maxlength: 40, placeholder: defaultName(i), "aria-label": `${t("name")} (${defaultName(i)})` });
  if (i === 0 && sel.value === "human") name.value = myName();
  sel.addEventListener("change", () => { custom.hidden = sel.value !== "custom"; });
  return el("div", { class: "seatrow" }, el("span", { text: defaultName(i) }), sel, custom, name, deckSelect(i));
}

// A game with decks (GameInfo.deck_setup): each seat may play a deck saved in this browser (cards.html).
function deckSelect(i) {
  if (!chosen.deck_setup) return null;
  const decks = loadDecks(chosen.id);
  const names = Object.keys(decks).sort();
  if (!names.length) return null;
  const sel = el("select", { id: `seat-${i}-deck`, class: "deck-select", "aria-label": `${t("deck")} (${defaultName(i)})` },
    el("option", { value: "", text: `${t("deck")}: ${t("deck_default")}` }),
    ...names.map((n) => el("option", { value: n, text: `${t("deck")}: ${n}` })));
  const wanted = new URLSearchParams(location.search).get("deck");
  if (i === 0 && wanted && names.includes(wanted)) sel.value = wanted;
  return sel;
}

function renderSeats() {
  const box = document.getElementById("seats");
  const n = Number(document.getElementById("players").value) || 0;
  const old = [...box.querySelectorAll("select[data-seat]")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) box.append(seatRow(i, old[i]));
  box.append(el("p", { class: "help dim", text: t("level_help") }));
}

function renderOptions() {
  const g = chosen;
  const basic = document.getElementById("options");
  const advanced = document.getElementById("advanced-options");
  basic.replaceChildren();
  advanced.replaceChildren();
  for (const [name, spec] of Object.entries(g.options)) {
    const id = `opt-${name}`;
    let input;
    if (spec.type === "bool") {
      input = el("input", { id, type: "checkbox", "data-option": name, "data-type": "bool" });
      input.checked = !!spec.default;
    } else if (spec.type === "int") {
      input = el("input", { id, type: "number", "data-option": name, "data-type": "int", value: spec.default, min: spec.min, max: spec.max });
    } else {
      input = el("select", { id, "data-option": name, "data-type": "choice" },
        ...spec.choices.map((c) => el("option", { value: c, text: choiceLabel(spec, c) })));
      input.value = spec.default;
    }
    const label = spec.type === "bool"
      ? el("label", { for: id }, input, ` ${optionLabel(name, spec)}`)
      : el("label", { for: id }, `${optionLabel(name, spec)} `, input);
    const row = el("div", { class: "option" }, label, el("span", { class: "help", text: optionHelp(spec) }));
    if (spec.fixed_by) row.append(el("span", { id: `${id}-fixed`, class: "help fixed-reason", hidden: true }));
    input.addEventListener("change", applyFixedOptions);
    (spec.advanced ? advanced : basic).append(row);
  }
  if (!basic.children.length) basic.append(el("p", { class: "dim", text: t("no_options") }));
  applyFixedOptions();
}

// An option that another option's choice decides (``fixed_by`` in its spec: {option, unless,
// values: {choice: {value, reason: {en, hu}}}}, e.g. a scenario's rules): shown with the value it
// takes, greyed out, with the reason beside it; ``unless`` names choices of other options that
// leave it free.
function applyFixedOptions() {
  for (const [name, spec] of Object.entries(chosen.options)) {
    const rule = spec.fixed_by;
    if (!rule) continue;
    const input = document.getElementById(`opt-${name}`);
    const note = document.getElementById(`opt-${name}-fixed`);
    const by = document.getElementById(`opt-${rule.option}`);
    const free = Object.entries(rule.unless || {}).some(([k, v]) => {
      const other = document.getElementById(`opt-${k}`);
      return other && other.value === String(v);
    });
    const fix = by && !free ? (rule.values || {})[by.value] : undefined;
    if (fix) {
      if (input.type === "checkbox") input.checked = !!fix.value;
      else input.value = String(fix.value);
    }
    input.disabled = !!fix;
    note.textContent = fix ? (fix.reason[getLang()] || fix.reason.en) : "";
    note.hidden = !fix;
  }
}

function readForm() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const type = input.dataset.type;
    const spec = chosen.options[input.dataset.option];
    const value = type === "bool" ? input.checked : type === "int" ? Number(input.value) : input.value;
    const choice = type === "choice" ? spec.choices.find((c) => String(c) === value) : value;
    if (choice !== spec.default) options[input.dataset.option] = choice; // defaults need not be sent
  }
  const rows = [...document.querySelectorAll("#seats select[data-seat]")];
  const seats = rows.map((sel) => (sel.value === "custom" ? `bot:${document.getElementById(`${sel.id}-spec`).value.trim()}` : sel.value));
  const names = rows.map((sel) => document.getElementById(`${sel.id}-name`).value.trim());
  if (chosen.deck_setup) { // saved decks chosen for seats go in the set-up as deck texts
    const saved = loadDecks(chosen.id);
    const decks = {};
    rows.forEach((sel, i) => {
      const pick = document.getElementById(`${sel.id}-deck`);
      if (pick && pick.value && saved[pick.value]) decks[String(i)] = saved[pick.value];
    });
    if (Object.keys(decks).length) options.setup = { [chosen.deck_setup]: decks };
  }
  const body = { game: chosen.id, players: seats.length, options, seats, names };
  const seed = document.getElementById("seed").value;
  if (seed !== "") body.seed = Number(seed);
  if (document.getElementById("use-clock").checked) {
    body.clock = {
      initial_ms: Math.round(Number(document.getElementById("clock-min").value) * 60000),
      increment_ms: Math.round(Number(document.getElementById("clock-inc").value) * 1000),
      fallback: document.getElementById("clock-fallback").value,
    };
  }
  return body;
}

async function submitSetup(ev) {
  ev.preventDefault();
  const err = document.getElementById("create-error");
  err.textContent = "";
  await create(readForm(), err);
}

// --- the match lists ------------------------------------------------------------------

function statusText(s) { return t(s) || s; }

function seatsText(m) {
  return m.seats.map((s, i) => {
    const who = s.name || defaultName(i);
    if (s.kind === "bot") return `${who} (${t("bot")}: ${t(`level_${s.spec}`) === `level_${s.spec}` ? s.spec : t(`level_${s.spec}`)})`;
    return s.kind === "open" ? `${who} (${t("seat_kind_open")})` : who;
  }).join(", ");
}

async function join(id) {
  try {
    const body = myName() ? { name: myName() } : {};
    const joined = await api("POST", `/api/matches/${encodeURIComponent(id)}/join`, { body });
    saveToken(id, joined.seat, joined.token);
    location.href = `match.html?id=${encodeURIComponent(id)}`;
  } catch (err) {
    document.getElementById("quick-error").textContent = err.message;
  }
}

async function loadMatches() {
  const names = Object.fromEntries(GAMES.map((g) => [g.id, gameName(g)]));
  const all = await api("GET", "/api/matches?include_over=true&limit=200");
  for (const [boxId, rows] of [["open-list", all.filter((m) => m.status !== "over")],
    ["over-list", all.filter((m) => m.status === "over").slice(0, 30)]]) {
    const table = document.getElementById(boxId);
    table.replaceChildren(el("tr", {}, el("th", { scope: "col", text: t("game") }), el("th", { scope: "col", text: t("players") }),
      el("th", { scope: "col", text: t("status") }), el("th", { scope: "col" }, el("span", { class: "visually-hidden", text: t("actions") }))));
    if (!rows.length) table.append(el("tr", {}, el("td", { colspan: 4, class: "dim", text: t("none") })));
    for (const m of rows) {
      const held = Object.keys(loadTokens(m.id)).length > 0;
      const id = encodeURIComponent(m.id);
      const buttons = el("td", {});
      if (m.status === "over") buttons.append(el("a", { href: `replay.html?id=${id}`, text: t("replay") }));
      else {
        if (m.free_seats.length && !held) buttons.append(el("button", { type: "button", class: "join", onclick: () => join(m.id), text: t("join") }), " ");
        buttons.append(el("a", { href: `match.html?id=${id}`, text: held ? t("your_seats") : t("watch") }));
      }
      const status = statusText(m.status) + (m.custom_setup ? ` · ${t("custom_setup")}` : "");
      table.append(el("tr", { "data-match": m.id }, el("td", { text: names[m.game] || m.game }),
        el("td", { text: seatsText(m) }), el("td", { text: status, title: m.custom_setup ? t("custom_setup_help") : undefined,
          "data-custom": m.custom_setup ? "1" : undefined }), buttons));
    }
  }
}

function uploadFile(ev) {
  const file = ev.target.files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    try {
      const data = JSON.parse(reader.result);
      if (typeof data !== "object" || !data.game) throw new Error("no game");
      sessionStorage.setItem("galaxis:upload", JSON.stringify(data));
      location.href = "replay.html?upload=1";
    } catch (e) {
      document.getElementById("upload-error").textContent = t("bad_file");
    }
  };
  reader.readAsText(file);
}

async function init() {
  translatePage();
  languageSwitch(() => { renderTiles(); renderSetup(); loadMatches(); });
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("my-name").addEventListener("input", (ev) => {
    localStorage.setItem("galaxis:name", ev.target.value.trim());
    const first = document.getElementById("seat-0");
    if (first && first.value === "human") document.getElementById("seat-0-name").value = ev.target.value.trim();
  });
  document.getElementById("create-form").addEventListener("submit", submitSetup);
  document.getElementById("reload").addEventListener("click", loadMatches);
  document.getElementById("upload").addEventListener("change", uploadFile);
  // The quickest games first: the one a newcomer should meet first leads the lobby.
  const length = (g) => (g.minutes && g.minutes[1]) || 10000;
  GAMES = (await api("GET", "/api/games")).sort((a, b) => length(a) - length(b) || gameName(a).localeCompare(gameName(b)));
  renderTiles();
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && gameById(wanted)) openSetup(gameById(wanted));
  await loadMatches();
  document.body.dataset.ready = "1";
}

init();
