// The card browser and deck builder of a game with decks (generic: the game gives its card
// pool, facets, deck check, charts and starter decks through the server; card pictures are
// its pieces). A deck is a deck text; every change is checked by the game's own rules.
"use strict";
const GAME = new URLSearchParams(location.search).get("game") || "";
let POOL = null; // {title, facets, cards, deck_size, options}
let BY_ID = new Map();
const picked = {}; // facet key -> Set of chosen values (none chosen: all)
let deck = new Map(); // card id -> copies, in the order added
let checkTimer = null;
let checkSeq = 0;

function pieceUrl(id) {
  return `/api/games/${encodeURIComponent(GAME)}/pieces/${encodeURIComponent(id)}.svg?lang=${getLang()}`;
}

function fmt(key, values) {
  return t(key).replace(/\{(\w+)\}/g, (_, k) => (k in values ? String(values[k]) : `{${k}}`));
}

// --- the pool ---------------------------------------------------------------------------------

function renderFacets() {
  const box = document.getElementById("facets");
  box.replaceChildren();
  for (const facet of POOL.facets) {
    picked[facet.key] = picked[facet.key] || new Set();
    const group = el("div", { class: "facet", role: "group", "aria-label": facet.label },
      el("span", { class: "facet-label", text: facet.label }));
    for (const v of facet.values) {
      const on = picked[facet.key].has(v.value);
      const chip = el("button", { type: "button", class: "chip", "data-facet": facet.key, "data-value": v.value,
        "aria-pressed": on ? "true" : "false", onclick: () => {
          if (picked[facet.key].has(v.value)) picked[facet.key].delete(v.value); else picked[facet.key].add(v.value);
          renderFacets();
          renderCards();
        } }, v.colour ? el("span", { class: "swatch", style: { background: v.colour }, "aria-hidden": "true" }) : null, v.label);
      group.append(chip);
    }
    box.append(group);
  }
}

function matches(card, words) {
  for (const [key, values] of Object.entries(picked)) {
    if (values.size && !values.has(String(card.facets[key]))) return false;
  }
  return words.every((w) => card.search.includes(w));
}

function renderCards() {
  const words = document.getElementById("search").value.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = POOL.cards.filter((c) => matches(c, words));
  document.getElementById("shown").textContent = fmt("cards_shown", { n: shown.length, total: POOL.cards.length });
  const grid = document.getElementById("cards");
  grid.replaceChildren(...shown.map((c) => el("li", {},
    el("button", { type: "button", class: "card-tile", "data-card": c.id, "data-zoom-src": pieceUrl(c.id),
      "aria-label": fmt("add_card", { card: c.name }), onclick: () => addCard(c.id, 1) },
      el("img", { src: pieceUrl(c.id), alt: c.name, loading: "lazy", width: 100, height: 140 }),
      el("span", { class: "in-deck", text: deck.get(c.id) ? `×${deck.get(c.id)}` : "" })))));
}

// --- the deck ---------------------------------------------------------------------------------

function deckCount() {
  let n = 0;
  for (const v of deck.values()) n += v;
  return n;
}

function deckText() {
  return [...deck.entries()].filter(([, n]) => n > 0).map(([id, n]) => `${n} ${BY_ID.get(id) ? BY_ID.get(id).name : id}`).join("\n");
}

function addCard(id, delta) {
  const now = (deck.get(id) || 0) + delta;
  if (now <= 0) deck.delete(id); else deck.set(id, now);
  document.getElementById("deck-text").value = deckText();
  renderDeck();
  scheduleCheck();
}

function renderDeck() {
  const list = document.getElementById("deck-list");
  list.replaceChildren(...[...deck.entries()].map(([id, n]) => {
    const card = BY_ID.get(id);
    const name = card ? card.name : id;
    return el("li", { "data-card": id },
      el("button", { type: "button", class: "small", "aria-label": fmt("remove_card", { card: name }), onclick: () => addCard(id, -1), text: "−" }),
      el("span", { class: "copies", text: `${n}×` }),
      el("span", { class: "piece", tabindex: "0", "data-zoom-src": pieceUrl(id), text: name }),
      el("button", { type: "button", class: "small", "aria-label": fmt("add_card", { card: name }), onclick: () => addCard(id, 1), text: "+" }));
  }));
  document.getElementById("count").textContent = fmt("deck_count", { n: deckCount(), size: POOL.deck_size });
  for (const tile of document.querySelectorAll(".card-tile")) {
    const n = deck.get(tile.dataset.card);
    tile.querySelector(".in-deck").textContent = n ? `×${n}` : "";
  }
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 200);
}

async function check() {
  const text = document.getElementById("deck-text").value;
  const mine = ++checkSeq;
  const verdict = document.getElementById("verdict");
  const reasons = document.getElementById("reasons");
  if (!text.trim()) {
    verdict.textContent = t("deck_empty");
    verdict.className = "verdict";
    reasons.replaceChildren();
    renderCharts([]);
    document.body.dataset.checked = String(mine);
    return;
  }
  try {
    const result = await api("POST", `/api/games/${encodeURIComponent(GAME)}/decks/check?lang=${getLang()}`, { body: { text } });
    if (mine !== checkSeq) return; // a newer check is on its way
    verdict.textContent = result.ok ? fmt("deck_legal", { n: result.count }) : t("deck_illegal");
    verdict.className = `verdict ${result.ok ? "ok" : "bad"}`;
    reasons.replaceChildren(...result.reasons.map((r) => el("li", { text: r })));
    if (result.count > 0 || Object.keys(result.cards).length) {
      const next = new Map();
      for (const [id, n] of Object.entries(result.cards)) next.set(id, n);
      deck = next;
      renderDeck();
    }
    renderCharts(result.charts);
    document.body.dataset.deckOk = result.ok ? "1" : "0";
  } catch (err) {
    verdict.textContent = err.message;
    verdict.className = "verdict bad";
  }
  document.body.dataset.checked = String(mine);
}

function renderCharts(charts) {
  const box = document.getElementById("charts");
  box.replaceChildren(...charts.map((chart) => {
    const top = Math.max(1, ...chart.bars.map((b) => b.value));
    return el("figure", { class: "chart" }, el("figcaption", { text: chart.title }),
      el("div", { class: "bars" }, ...chart.bars.map((b) => el("div", { class: "bar", title: `${b.label}: ${b.value}` },
        el("span", { class: "bar-value", text: String(b.value) }),
        el("span", { class: "bar-fill", style: { height: `${Math.round((60 * b.value) / top)}px`, background: b.colour || "var(--accent)" } }),
        el("span", { class: "bar-label", text: b.label })))));
  }));
}

function setDeckText(text, name) {
  document.getElementById("deck-text").value = text;
  if (name !== undefined) document.getElementById("deck-name").value = name;
  deck = new Map();
  renderDeck();
  check();
}

// --- saved and starter decks -----------------------------------------------------------------

function renderSaved() {
  const decks = loadDecks(GAME);
  const list = document.getElementById("saved");
  const names = Object.keys(decks).sort();
  list.replaceChildren(...names.map((name) => el("li", { "data-deck": name },
    el("span", { text: name }),
    el("button", { type: "button", class: "small", text: t("load_deck"), onclick: () => setDeckText(decks[name], name) }),
    el("button", { type: "button", class: "small", text: t("delete_deck"), onclick: () => {
      const all = loadDecks(GAME);
      delete all[name];
      saveDecks(GAME, all);
      renderSaved();
    } }))));
  if (!names.length) list.append(el("li", { class: "dim", text: t("none") }));
}

async function renderStarters() {
  const starters = await api("GET", `/api/games/${encodeURIComponent(GAME)}/decks?lang=${getLang()}`);
  document.getElementById("starters").replaceChildren(...starters.map((d) => el("li", { "data-starter": d.id },
    el("span", { text: d.name }),
    el("button", { type: "button", class: "small", text: t("copy_deck"), onclick: () => setDeckText(d.text, d.name) }))));
}

function save() {
  const nameBox = document.getElementById("deck-name");
  const name = nameBox.value.trim() || fmt("deck_n", { n: Object.keys(loadDecks(GAME)).length + 1 });
  nameBox.value = name;
  const decks = loadDecks(GAME);
  decks[name] = document.getElementById("deck-text").value;
  saveDecks(GAME, decks);
  renderSaved();
  document.getElementById("play").href = `index.html?game=${encodeURIComponent(GAME)}&deck=${encodeURIComponent(name)}`;
}

function exportDeck() {
  const name = document.getElementById("deck-name").value.trim() || "deck";
  const blob = new Blob([document.getElementById("deck-text").value + "\n"], { type: "text/plain" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `${name}.txt` });
  document.body.append(a);
  a.click();
  a.remove();
}

// --- the page ---------------------------------------------------------------------------------

async function load() {
  document.getElementById("error").textContent = "";
  try {
    POOL = await api("GET", `/api/games/${encodeURIComponent(GAME)}/cards?lang=${getLang()}`);
    BY_ID = new Map(POOL.cards.map((c) => [c.id, c]));
    document.getElementById("title").textContent = POOL.title;
    document.title = POOL.title;
    document.getElementById("rules-link").href = `rules.html?game=${encodeURIComponent(GAME)}`;
    document.getElementById("play").href = `index.html?game=${encodeURIComponent(GAME)}`;
    renderFacets();
    renderCards();
    renderSaved();
    await renderStarters();
    if (document.getElementById("deck-text").value.trim()) check(); else renderDeck();
    document.body.dataset.ready = "1";
  } catch (err) {
    document.getElementById("error").textContent = `${t("cards_missing")} ${err.message}`;
  }
}

function init() {
  translatePage();
  languageSwitch(load);
  document.getElementById("search").addEventListener("input", () => POOL && renderCards());
  document.getElementById("deck-text").addEventListener("input", scheduleCheck);
  document.getElementById("save").addEventListener("click", save);
  document.getElementById("export").addEventListener("click", exportDeck);
  document.getElementById("clear").addEventListener("click", () => setDeckText("", ""));
  for (const where of [document.getElementById("cards"), document.getElementById("deck-list")]) Zoom.attach(where);
  load();
}

init();
