// UI text in English and Hungarian; action descriptions come from the server (describe(action, lang)).
"use strict";
const TEXT = {
  en: {
    title: "galaxis", lobby: "Lobby", new_match: "New match", game: "Game", players: "Players",
    seed: "Seed (optional)", options: "Options", seats: "Seats", seat: "Seat", create: "Create match",
    me: "me (this browser)", open: "open seat (someone joins)", bot: "bot", custom_bot: "bot, custom spec…",
    clock: "Clock", use_clock: "use chess clocks", minutes: "minutes per seat", increment: "increment (s)",
    fallback: "on time-out", fb_random: "random move", fb_heuristic: "bot move", fb_loss: "loss",
    open_matches: "Matches to join or watch", finished: "Finished matches", none: "none yet",
    join: "Join", watch: "Watch", replay: "Replay", refresh: "Refresh", status: "Status",
    waiting: "waiting for players", playing: "in progress", over: "over",
    custom_setup: "custom set-up", custom_setup_help: "The creator fixed the seed or the set-up, and may know hidden cards.",
    bad_link: "This link's seat token is not valid for this match; your stored seats are kept.",
    upload: "Open a match file (JSON) in the replay viewer", language: "Language",
    your_seats: "Your seats", spectator: "spectator", to_move: "To move", your_turn: "Your turn",
    not_your_turn: "Waiting for the others", legal: "Your options", filter: "type a notation, Enter sends",
    log: "Log", scores: "Scores", result: "Result", winner: "Winner", clocks: "Clocks",
    download: "Download match JSON", undo: "Ask to undo my last move", undo_asked: "Undo requested by seat",
    accept: "Accept", decline: "Decline", handover: "Hand over to seat", show_seat: "Show seat",
    handover_note: "The other seats' secrets stay hidden until the next player is ready.",
    connected: "live", disconnected: "reconnecting…", choose: "Which one?", cancel: "Cancel",
    nothing_here: "Nothing to do there", stale: "The match moved on; look again.", copied: "Invite link for seat",
    step: "Step", view_as: "View as", prev: "Previous", next: "Next", moves: "Moves", start: "start",
    bad_file: "That file is not a match file", countdown: "Reveal in", cooldown: "one die at a time",
    seat_kind_human: "human", seat_kind_open: "free", seat_kind_bot: "bot", resigned: "lost on time",
    undone: "undone", invite: "Invite links", back: "Back to the lobby",
  },
  hu: {
    title: "galaxis", lobby: "Előcsarnok", new_match: "Új játszma", game: "Játék", players: "Játékosok",
    seed: "Kezdőérték (nem kötelező)", options: "Beállítások", seats: "Helyek", seat: "Hely", create: "Játszma indítása",
    me: "én (ez a böngésző)", open: "szabad hely (valaki csatlakozik)", bot: "gép", custom_bot: "gép, saját leírás…",
    clock: "Óra", use_clock: "sakkóra", minutes: "perc helyenként", increment: "növekmény (mp)",
    fallback: "ha lejár az idő", fb_random: "véletlen lépés", fb_heuristic: "gépi lépés", fb_loss: "vereség",
    open_matches: "Csatlakozható vagy nézhető játszmák", finished: "Befejezett játszmák", none: "még nincs",
    join: "Csatlakozás", watch: "Nézés", replay: "Visszajátszás", refresh: "Frissítés", status: "Állapot",
    waiting: "játékosokra vár", playing: "folyamatban", over: "véget ért",
    custom_setup: "egyéni kezdés", custom_setup_help: "A létrehozó rögzítette a véletlenmagot vagy a felállást, így ismerhet rejtett lapokat.",
    bad_link: "A hivatkozás helyjegye nem érvényes ebben a játszmában; a tárolt helyeid megmaradtak.",
    upload: "Játszmafájl (JSON) megnyitása a visszajátszóban", language: "Nyelv",
    your_seats: "Helyeid", spectator: "néző", to_move: "Soron", your_turn: "Te következel",
    not_your_turn: "A többiekre várunk", legal: "Lehetőségeid", filter: "írd be a jelölést, Enter küldi",
    log: "Napló", scores: "Pontok", result: "Eredmény", winner: "Győztes", clocks: "Órák",
    download: "Játszma letöltése (JSON)", undo: "Utolsó lépésem visszavonását kérem", undo_asked: "Visszavonást kért:",
    accept: "Elfogadom", decline: "Elutasítom", handover: "Add át a helyet:", show_seat: "Mutasd:",
    handover_note: "A többi hely titkai rejtve maradnak, amíg a következő játékos készen nem áll.",
    connected: "élő", disconnected: "újracsatlakozás…", choose: "Melyik?", cancel: "Mégse",
    nothing_here: "Itt nincs mit tenni", stale: "Közben változott a játszma; nézd meg újra.", copied: "Meghívó link, hely",
    step: "Lépés", view_as: "Nézőpont", prev: "Előző", next: "Következő", moves: "Lépések", start: "kezdés",
    bad_file: "Ez nem játszmafájl", countdown: "Felfedés", cooldown: "egyszerre egy kocka",
    seat_kind_human: "ember", seat_kind_open: "szabad", seat_kind_bot: "gép", resigned: "időtúllépéssel vesztett",
    undone: "visszavonva", invite: "Meghívó linkek", back: "Vissza az előcsarnokba",
  },
};

function getLang() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (fromUrl === "en" || fromUrl === "hu") localStorage.setItem("galaxis:lang", fromUrl);
  const lang = localStorage.getItem("galaxis:lang");
  return lang === "hu" ? "hu" : "en";
}

function t(key) {
  const lang = getLang();
  return (TEXT[lang] && TEXT[lang][key]) || TEXT.en[key] || key;
}

// Fills every element carrying data-i18n (text) or data-i18n-placeholder.
function translatePage() {
  document.documentElement.lang = getLang();
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}

function languageSwitch(onChange) {
  const sel = document.getElementById("lang");
  if (!sel) return;
  sel.value = getLang();
  sel.addEventListener("change", () => {
    localStorage.setItem("galaxis:lang", sel.value);
    translatePage();
    if (onChange) onChange();
  });
}
