// The lobby: create a match from /api/games, list matches to join, watch or replay.
"use strict";
let GAMES = [];
const BOTS = ["random", "greedy", "heuristic", "mcts:iters=200", "ismcts:iters=200"];

function currentGame() {
  return GAMES.find((g) => g.id === document.getElementById("game").value);
}

function seatSelect(i) {
  const sel = el("select", { id: `seat-${i}`, "data-seat": i },
    el("option", { value: "human", text: t("me") }),
    el("option", { value: "open", text: t("open") }),
    ...BOTS.map((b) => el("option", { value: `bot:${b}`, text: `${t("bot")}: ${b}` })),
    el("option", { value: "custom", text: t("custom_bot") }));
  sel.value = i === 0 ? "human" : "bot:heuristic";
  const custom = el("input", { id: `seat-${i}-spec`, placeholder: "mcts:ms=500", hidden: true, size: 14 });
  sel.addEventListener("change", () => { custom.hidden = sel.value !== "custom"; });
  return el("div", { class: "seatline" }, el("span", { text: `${t("seat")} ${i}` }), sel, custom);
}

function renderSeats() {
  const box = document.getElementById("seats");
  const n = Number(document.getElementById("players").value) || 0;
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const line = seatSelect(i);
    if (old[i]) line.querySelector("select").value = old[i];
    box.append(line);
  }
}

function renderOptions() {
  const game = currentGame();
  const box = document.getElementById("options");
  box.replaceChildren();
  if (!game) return;
  document.getElementById("game-summary").textContent = game.summary || "";
  const players = document.getElementById("players");
  players.min = game.min_players;
  players.max = game.max_players;
  players.value = Math.min(Math.max(Number(players.value) || game.min_players, game.min_players), game.max_players);
  for (const [name, spec] of Object.entries(game.options)) {
    let input;
    if (spec.type === "bool") {
      input = el("input", { type: "checkbox", "data-option": name, "data-type": "bool" });
      input.checked = !!spec.default;
    } else if (spec.type === "int") {
      input = el("input", { type: "number", "data-option": name, "data-type": "int", value: spec.default,
        min: spec.min, max: spec.max });
    } else {
      input = el("select", { "data-option": name, "data-type": "choice" },
        ...spec.choices.map((c) => el("option", { value: c, text: String(c) })));
      input.value = spec.default;
    }
    box.append(el("label", { title: spec.help || "" }, el("span", { text: `${name} ` }), input,
      el("span", { class: "dim", text: ` ${spec.help || ""}` })));
  }
  renderSeats();
}

function readForm() {
  const game = currentGame();
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const type = input.dataset.type;
    options[input.dataset.option] = type === "bool" ? input.checked : type === "int" ? Number(input.value) : input.value;
  }
  const seats = [...document.querySelectorAll("#seats select")].map((sel) => {
    if (sel.value !== "custom") return sel.value;
    return `bot:${document.getElementById(`${sel.id}-spec`).value.trim()}`;
  });
  const body = { game: game.id, players: seats.length, options, seats };
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

async function createMatch(ev) {
  ev.preventDefault();
  const errorBox = document.getElementById("create-error");
  errorBox.textContent = "";
  try {
    const body = readForm();
    const created = await api("POST", "/api/matches", { body });
    created.tokens.forEach((tok, seat) => { if (tok) saveToken(created.id, seat, tok); });
    location.href = `match.html?id=${encodeURIComponent(created.id)}`;
  } catch (err) {
    errorBox.textContent = err.message;
  }
}

function statusText(s) { return t(s) || s; }

function seatsText(m) {
  return m.seats.map((s) => (s.kind === "bot" ? `${t("seat_kind_bot")}:${s.spec}` : t(`seat_kind_${s.kind}`))).join(", ");
}

async function join(id) {
  try {
    const joined = await api("POST", `/api/matches/${encodeURIComponent(id)}/join`, { body: {} });
    saveToken(id, joined.seat, joined.token);
    location.href = `match.html?id=${encodeURIComponent(id)}`;
  } catch (err) {
    document.getElementById("create-error").textContent = err.message;
  }
}

async function loadMatches() {
  const names = Object.fromEntries(GAMES.map((g) => [g.id, gameName(g)]));
  const all = await api("GET", "/api/matches?include_over=true&limit=200");
  for (const [boxId, rows] of [["open-list", all.filter((m) => m.status !== "over")],
    ["over-list", all.filter((m) => m.status === "over").slice(0, 30)]]) {
    const table = document.getElementById(boxId);
    table.replaceChildren(el("tr", {}, el("th", { text: t("game") }), el("th", { text: t("players") }),
      el("th", { text: t("seats") }), el("th", { text: t("status") }), el("th", {})));
    if (!rows.length) table.append(el("tr", {}, el("td", { colspan: 5, class: "dim", text: t("none") })));
    for (const m of rows) {
      const held = Object.keys(loadTokens(m.id)).length > 0;
      const id = encodeURIComponent(m.id);
      const buttons = el("td", {});
      if (m.status === "over") buttons.append(el("a", { href: `replay.html?id=${id}`, text: t("replay") }));
      else {
        if (m.free_seats.length && !held) buttons.append(el("button", { type: "button", class: "join", onclick: () => join(m.id), text: t("join") }), " ");
        buttons.append(el("a", { href: `match.html?id=${id}`, text: held ? t("your_seats") : t("watch") }));
      }
      table.append(el("tr", { "data-match": m.id }, el("td", { text: names[m.game] || m.game }),
        el("td", { text: m.players }), el("td", { text: seatsText(m) }), el("td", { text: statusText(m.status) + (m.custom_setup ? ` · ⚠ ${t("custom_setup")}` : ""),
          title: m.custom_setup ? t("custom_setup_help") : undefined, "data-custom": m.custom_setup ? "1" : undefined }), buttons));
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
  languageSwitch(() => { fillGames(); loadMatches(); });
  document.getElementById("game").addEventListener("change", renderOptions);
  document.getElementById("players").addEventListener("input", renderSeats);
  document.getElementById("create-form").addEventListener("submit", createMatch);
  document.getElementById("reload").addEventListener("click", loadMatches);
  document.getElementById("upload").addEventListener("change", uploadFile);
  GAMES = await api("GET", "/api/games");
  fillGames();
  await loadMatches();
  document.body.dataset.ready = "1";
}

function fillGames() {
  const sel = document.getElementById("game");
  const chosen = sel.value;
  sel.replaceChildren(...GAMES.map((g) => el("option", { value: g.id, text: gameName(g) })));
  if (chosen) sel.value = chosen;
  renderOptions();
}

init();
