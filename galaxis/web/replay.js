// Replay viewer: a finished match from the server, or an uploaded match file.
"use strict";
const rparams = new URLSearchParams(location.search);
const MATCH_ID = rparams.get("id");
const uploaded = rparams.get("upload") ? JSON.parse(sessionStorage.getItem("galaxis:upload") || "null") : null;
let view = null;
let loading = 0;

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
  document.getElementById("board").innerHTML = view.svg;
  const list = document.getElementById("moves");
  list.replaceChildren();
  view.moves.forEach((m, i) => {
    const item = el("li", { class: i + 1 === view.step ? "turn" : "" },
      el("a", { href: "#", onclick: (ev) => { ev.preventDefault(); fetchStep(i + 1); } },
        `${t("seat")} ${m.seat}: ${m.notation}${m.text !== m.notation ? ` — ${m.text}` : ""}`));
    list.append(item);
  });
  const result = view.result;
  document.getElementById("result-section").hidden = !result;
  if (result) {
    const table = document.getElementById("result");
    table.replaceChildren(...result.scores.map((s, i) => el("tr", {}, el("td", { text: `${t("seat")} ${i}` }),
      el("td", { text: String(s) }))));
  }
}

async function init() {
  translatePage();
  languageSwitch(() => fetchStep(view ? view.step : null));
  if (!MATCH_ID && !uploaded) {
    document.getElementById("error").textContent = t("bad_file");
    return;
  }
  const players = uploaded ? uploaded.players : (await api("GET", `/api/matches/${encodeURIComponent(MATCH_ID)}`)).players;
  document.getElementById("title").textContent = uploaded ? uploaded.game : MATCH_ID;
  const sel = document.getElementById("view-seat");
  sel.replaceChildren(el("option", { value: "", text: t("spectator") }),
    ...Array.from({ length: Number(players) || 0 }, (_, i) => el("option", { value: i, text: `${t("seat")} ${i}` })));
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
