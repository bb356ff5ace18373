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
      const wrap = el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": t("table") });
      table.replaceWith(wrap);
      wrap.append(table);
      // A cell of sentences stays wide enough to read (the table scrolls sideways instead).
      for (const cell of table.querySelectorAll("td")) if (cell.textContent.length > 40) cell.classList.add("prose");
    }
    contents(box);
    document.body.dataset.ready = "1";
  } catch (err) {
    box.replaceChildren();
    document.getElementById("error").textContent = `${t("rules_missing")} ${err.message}`;
  }
}

// A folded list of the sections (long rules on a phone): each links to its heading.
function contents(box) {
  const heads = [...box.querySelectorAll("h2")];
  if (heads.length < 4) return;
  const list = el("ol");
  heads.forEach((h, i) => {
    h.id = `section-${i + 1}`;
    list.append(el("li", {}, el("a", { href: `#${h.id}`, text: h.textContent })));
  });
  const toc = el("details", { class: "toc" }, el("summary", { text: t("contents") }), list);
  const first = box.querySelector("h1");
  if (first) first.after(toc);
  else box.prepend(toc);
}

translatePage();
languageSwitch(load);
load();
