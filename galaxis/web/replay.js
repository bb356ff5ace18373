// Replay viewer: a finished match from the server, or an uploaded match file.
"use strict";
const rparams = new URLSearchParams(location.search);
const MATCH_ID = rparams.get("id");
const uploaded = rparams.get("upload") ? JSON.parse(sessionStorage.getItem("galaxis:upload") || "null") : null;
let view = null;
let loading = 0;
let showLanguage = null; // redraws the page's own words in the new language
let names = []; // the players' names by seat ("" or missing: "Player n")

function seatName(seat) {
  return names[seat] || defaultName(seat);
}

// Seat references ("⟨1⟩") in the game's words become the players' names.
function plainText(text) {
  return String(text).replace(/⟨(\d+)⟩/g, (_, n) => seatName(Number(n)));
}

function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function fillNames(svg) {
  const walker = document.createTreeWalker(svg, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue.includes("⟨")) node.nodeValue = plainText(node.nodeValue);
  }
  for (const node of svg.querySelectorAll("[data-tip]")) {
    node.setAttribute("data-tip", plainText(node.getAttribute("data-tip")));
    if (!node.querySelector(":scope > title")) { // the browser's own tooltip
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = node.getAttribute("data-tip");
      node.prepend(title);
    }
  }
}

async function fetchStep(step) {
  const seatValue = document.getElementById("view-seat").value;
  const seat = seatValue === "" ? null : Number(seatValue);
  const ticket = ++loading;
  let data;
  try {
    if (uploaded) {
      data = await api("POST", "/api/replay", { body: { match: uploaded, step, seat, lang: getLang() } });
    } else {
      let url = `/api/matches/${encodeURIComponent(MATCH_ID)}/replay?lang=${getLang()}`;
      if (step !== null) url += `&step=${step}`;
      if (seat !== null) url += `&seat=${seat}`;
      data = await api("GET", url);
    }
  } catch (err) {
    document.getElementById("error").textContent = err.message;
    return;
  }
  if (ticket !== loading) return; // a newer step was asked for meanwhile
  document.getElementById("error").textContent = "";
  view = data;
  render();
}

function render() {
  const slider = document.getElementById("slider");
  slider.max = view.steps;
  slider.value = view.step;
  document.getElementById("step-label").textContent = `${view.step} / ${view.steps}`;
  document.body.dataset.step = view.step;
  const board = document.getElementById("board");
  board.innerHTML = view.svg;
  const svg = board.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("board"));
    fillNames(svg);
  }
  const list = document.getElementById("moves");
  list.replaceChildren();
  view.moves.forEach((m, i) => {
    // The move in words (the notation only when the game has no words for it).
    const words = plainText(m.text);
    const said = /⟨\d+⟩/.test(m.text) ? words : `${seatName(m.seat)}: ${words}`;
    const item = el("li", { class: i + 1 === view.step ? "turn" : "" },
      el("a", { href: "#", "data-notation": m.notation, onclick: (ev) => { ev.preventDefault(); fetchStep(i + 1); } },
        capitalised(said)));
    for (const line of m.lines || []) item.append(el("div", { class: "outcome", text: plainText(line) }));
    list.append(item);
  });
  // The current move in sight inside the list's own scroll box (the page stays where it is).
  const current = list.querySelector(".turn");
  if (current) list.scrollTop = current.offsetTop - list.clientHeight / 2;
  const result = view.result;
  document.getElementById("result-section").hidden = !result;
  if (result) {
    const table = document.getElementById("result");
    table.replaceChildren(...result.scores.map((s, i) => el("tr", {}, el("th", { scope: "row", text: seatName(i) }),
      el("td", { text: String(s) }))));
  }
}

async function init() {
  translatePage();
  languageSwitch(() => {
    if (showLanguage) showLanguage();
    fetchStep(view ? view.step : null);
  });
  if (!MATCH_ID && !uploaded) {
    document.getElementById("error").textContent = t("bad_file");
    return;
  }
  let players;
  let game;
  if (uploaded) {
    ({ players, game } = uploaded);
    const seats = (uploaded.record && Array.isArray(uploaded.record.seats)) ? uploaded.record.seats : [];
    names = seats.map((s) => (s && typeof s.name === "string" ? s.name : ""));
  } else {
    const match = await api("GET", `/api/matches/${encodeURIComponent(MATCH_ID)}`);
    ({ players, game } = match);
    names = (match.seats || []).map((s) => s.name || "");
  }
  const showTitle = async () => {
    let name = String(game || "");
    try {
      const info = (await api("GET", "/api/games")).find((g) => g.id === game);
      if (info) name = gameName(info);
    } catch (err) { /* the id stays */ }
    document.getElementById("title").textContent = name;
    document.title = `${t("replay")}: ${name}`;
  };
  const seatOptions = () => {
    const sel = document.getElementById("view-seat");
    const chosen = sel.value;
    sel.replaceChildren(el("option", { value: "", text: t("spectator") }),
      ...Array.from({ length: Number(players) || 0 }, (_, i) => el("option", { value: i, text: seatName(i) })));
    sel.value = chosen;
  };
  await showTitle();
  seatOptions();
  showLanguage = () => { showTitle(); seatOptions(); };
  const sel = document.getElementById("view-seat");
  sel.addEventListener("change", () => fetchStep(view ? view.step : null));
  const slider = document.getElementById("slider");
  slider.addEventListener("input", () => fetchStep(Number(slider.value)));
  document.getElementById("prev").addEventListener("click", () => view && fetchStep(Math.max(0, view.step - 1)));
  document.getElementById("next").addEventListener("click", () => view && fetchStep(Math.min(view.steps, view.step + 1)));
  document.addEventListener("keydown", (ev) => {
    // The slider handles its own arrow keys; text fields and menus keep theirs.
    if (!view || ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (ev.key === "ArrowLeft") fetchStep(Math.max(0, view.step - 1));
    if (ev.key === "ArrowRight") fetchStep(Math.min(view.steps, view.step + 1));
  });
  document.getElementById("download").addEventListener("click", async () => {
    const data = uploaded || await api("GET", `/api/matches/${encodeURIComponent(MATCH_ID)}/export`);
    downloadJson(`galaxis-${data.game}.json`, data);
  });
  await fetchStep(null);
}

init();
