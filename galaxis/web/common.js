// Small helpers shared by the pages: API calls, token storage, DOM building.
"use strict";

async function api(method, path, { body, token, raw } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  const resp = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (raw) {
    if (!resp.ok) throw Object.assign(new Error(await resp.text()), { status: resp.status });
    return resp.text();
  }
  let data = null;
  try { data = await resp.json(); } catch (e) { data = null; }
  if (!resp.ok) {
    const err = new Error((data && data.detail) || `HTTP ${resp.status}`);
    err.status = resp.status;
    err.data = data;
    throw err;
  }
  return data;
}

// Tokens are capabilities: kept per match in this browser only.
function loadTokens(matchId) {
  try { return JSON.parse(localStorage.getItem(`galaxis:tokens:${matchId}`) || "{}"); } catch (e) { return {}; }
}

function saveToken(matchId, seat, token) {
  const tokens = loadTokens(matchId);
  tokens[seat] = token;
  localStorage.setItem(`galaxis:tokens:${matchId}`, JSON.stringify(tokens));
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "style") for (const [prop, val] of Object.entries(v)) node.style.setProperty(prop, val); // CSSOM: allowed by a strict CSP
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function gameName(info) {
  return getLang() === "hu" ? (info.name_hu || info.name) : info.name;
}

function downloadJson(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
}

function fmtClock(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function defaultName(seat) {
  return getLang() === "hu" ? `${seat + 1}. játékos` : `Player ${seat + 1}`;
}

// Decks built in the card browser (cards.html), kept per game in this browser: {name: deck text}.
function loadDecks(game) {
  try {
    const decks = JSON.parse(localStorage.getItem(`galaxis:decks:${game}`) || "{}");
    return decks && typeof decks === "object" && !Array.isArray(decks) ? decks : {};
  } catch (e) { return {}; }
}

function saveDecks(game, decks) {
  localStorage.setItem(`galaxis:decks:${game}`, JSON.stringify(decks));
}
