// A game's rules in the chosen language (the server renders the game's rules text).
"use strict";
const GAME = new URLSearchParams(location.search).get("game") || "";

async function load() {
  const box = document.getElementById("rules");
  document.getElementById("error").textContent = "";
  try {
    const games = await api("GET", "/api/games");
    const info = games.find((g) => g.id === GAME);
    const name = info ? gameName(info) : GAME;
    document.getElementById("title").textContent = t("rules_of").replace("{game}", name);
    document.title = `${name} — ${t("rules")}`;
    const data = await api("GET", `/api/games/${encodeURIComponent(GAME)}/rules?lang=${getLang()}`);
    // The server renders the markdown without passing raw HTML through (no script can come in).
    box.innerHTML = data.html;
    for (const table of box.querySelectorAll("table")) {
      const wrap = el("div", { class: "table-wrap" });
      table.replaceWith(wrap);
      wrap.append(table);
    }
    document.body.dataset.ready = "1";
  } catch (err) {
    box.replaceChildren();
    document.getElementById("error").textContent = `${t("rules_missing")} ${err.message}`;
  }
}

translatePage();
languageSwitch(load);
load();
