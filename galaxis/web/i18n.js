// The pages' own words in English and Hungarian. Everything about a game (prompts,
// buttons, log sentences, panels, the end table, the board) comes from the server
// in the chosen language.
"use strict";
const TEXT = {
  en: {
    title: "galaxis", lobby: "Lobby", language: "Language", back: "Back to the lobby", rules: "Rules",
    // lobby
    choose_game: "Choose a game", your_name: "Your name", board_of: "The board of {game} at the start",
    seed_help: "the same seed deals the same game; a fixed seed is shown to everyone as a custom set-up",
    no_options: "This game has no options.", actions: "Actions", rules_of: "Rules: {game}",
    rules_missing: "These rules could not be loaded.", play_bots: "Play against bots", set_up: "Set up a match…",
    players_n: "{lo}–{hi} players", players_1: "{n} players", minutes: "{lo}–{hi} min",
    new_match: "New match", players: "Players", seats: "Seats", seat: "Seat", options: "Options",
    advanced: "Advanced", create: "Start the match", name: "Name", bot_level: "Bot level",
    me: "me (this browser)", open: "open seat (someone joins)", bot: "bot", custom_bot: "bot, agent spec…",
    agent_spec: "agent spec", seed: "Seed (fixed shuffle)", clock: "Chess clocks", use_clock: "use chess clocks",
    clock_minutes: "minutes per player", increment: "increment (seconds)", fallback: "when time runs out",
    fb_random: "a random move", fb_heuristic: "a bot's move", fb_loss: "a loss",
    open_matches: "Matches to join or watch", finished: "Finished matches", none: "none yet",
    join: "Join", watch: "Watch", replay: "Replay", refresh: "Refresh", status: "Status", game: "Game",
    waiting: "waiting for players", playing: "in progress", over: "over", your_seats: "Your seats",
    upload: "Open a match file (JSON) in the replay viewer", bad_file: "That file is not a match file",
    custom_setup: "⚠ custom set-up", custom_setup_help: "The creator fixed the seed or the set-up, and may know hidden cards.",
    bad_link: "This link's seat token is not valid for this match; your stored seats are kept.",
    yes: "yes", no: "no", level_random: "random", level_easy: "easy", level_normal: "normal", level_hard: "hard",
    level_expert: "expert", level_heuristic: "normal", level_greedy: "greedy",
    level_help: "easy: plays loosely; normal: the game's own bot; hard and expert: search (a second or three per move)",
    // match
    board: "Board", log: "Log", all_moves: "All moves (notation)", filter_label: "Type a move",
    filter: "type a move's notation, Enter sends", undo: "Ask to undo my last move", download: "Download match JSON",
    handover: "Hand over to", handover_note: "The other seats' secrets stay hidden until the next player is ready.",
    show_seat: "Show the board of", game_over: "Game over.", winner: "Winner", total: "Total", place: "Place",
    breakdown: "How the scores were made",
    you_finished: "You finished {place} of {n}.", thinking: "thinking…", to_move: "to move", you: "you",
    score: "score", seat_kind_human: "player", seat_kind_open: "free seat", seat_kind_bot: "bot",
    zoom_in: "Zoom in", zoom_out: "Zoom out", zoom_fit: "Show the whole map",
    cancel: "Cancel", more_moves: "More moves…", choose: "Which one?", nothing_here: "Nothing to do there.",
    not_your_turn: "It is not your turn", refused: "Not allowed", cooldown: "one die at a time: wait a moment",
    undone: "took back a move", resigned: "lost on time", hidden_move: "made a hidden move",
    connected: "live", disconnected: "reconnecting…", countdown: "Reveal in", invite: "Invite links",
    copied: "Invite link for", accept: "Accept", decline: "Decline", undo_asked: "Undo requested by",
    spectator: "spectator",
    // rules
    contents: "Contents", table: "table (scrolls sideways)",
    // replay
    step: "Step", view_as: "View as", prev: "Previous", next: "Next", moves: "Moves", result: "Result",
    // card browser and deck builder (cards.html)
    cards_decks: "Cards and decks", card_pool: "Cards", search: "Search", search_help: "name, type or rules text",
    cards_shown: "{n} of {total} cards", add_card: "Add {card} to the deck", remove_card: "Take one {card} out",
    your_deck: "Your deck", deck_name: "Name", deck_count: "{n} / {size} cards", deck_text: "Deck text (edit, paste, copy)",
    save_deck: "Save in this browser", export_deck: "Export as a file", clear_deck: "Empty the deck",
    play_deck: "Play with it (lobby, set-up)", saved_decks: "Saved decks", starter_decks: "Starter decks",
    deck_empty: "The deck is empty: click cards to add them, or copy a starter deck.",
    deck_legal: "A legal deck of {n} cards.", deck_illegal: "Not a legal deck yet:", load_deck: "Load",
    delete_deck: "Delete", copy_deck: "Copy into the deck", deck_n: "Deck {n}", cards_missing: "The cards could not be loaded.",
    deck: "Deck", deck_default: "the deck chosen in the options",
  },
  hu: {
    title: "galaxis", lobby: "Előcsarnok", language: "Nyelv", back: "Vissza az előcsarnokba", rules: "Szabályok",
    choose_game: "Válassz játékot", your_name: "A neved", board_of: "{game} táblája a játék elején",
    seed_help: "ugyanaz a kezdőérték ugyanazt a leosztást adja; a rögzített kezdőértéket mindenki egyéni kezdésként látja",
    no_options: "Ennek a játéknak nincsenek beállításai.", actions: "Műveletek", rules_of: "Szabályok: {game}",
    rules_missing: "A szabályokat nem sikerült betölteni.", play_bots: "Játék gépi ellenfelek ellen", set_up: "Játszma beállítása…",
    players_n: "{lo}–{hi} játékos", players_1: "{n} játékos", minutes: "{lo}–{hi} perc",
    new_match: "Új játszma", players: "Játékosok", seats: "Helyek", seat: "Hely", options: "Beállítások",
    advanced: "Haladó beállítások", create: "A játszma indítása", name: "Név", bot_level: "Gépi szint",
    me: "én (ez a böngésző)", open: "szabad hely (valaki csatlakozik)", bot: "gép", custom_bot: "gép, saját leírással…",
    agent_spec: "gépi játékos leírása", seed: "Kezdőérték (rögzített keverés)", clock: "Sakkóra", use_clock: "sakkórával",
    clock_minutes: "perc játékosonként", increment: "növekmény (másodperc)", fallback: "ha lejár az idő",
    fb_random: "véletlen lépés", fb_heuristic: "gépi lépés", fb_loss: "vereség",
    open_matches: "Csatlakozható vagy nézhető játszmák", finished: "Befejezett játszmák", none: "még nincs",
    join: "Csatlakozás", watch: "Nézés", replay: "Visszajátszás", refresh: "Frissítés", status: "Állapot", game: "Játék",
    waiting: "játékosokra vár", playing: "folyamatban", over: "véget ért", your_seats: "A helyeid",
    upload: "Játszmafájl (JSON) megnyitása a visszajátszóban", bad_file: "Ez nem játszmafájl",
    custom_setup: "⚠ egyéni kezdés", custom_setup_help: "A létrehozó rögzítette a véletlenmagot vagy a felállást, így ismerhet rejtett lapokat.",
    bad_link: "A hivatkozás helyjegye nem érvényes ebben a játszmában; a tárolt helyeid megmaradtak.",
    yes: "igen", no: "nem", level_random: "véletlen", level_easy: "könnyű", level_normal: "közepes", level_hard: "nehéz",
    level_expert: "mester", level_heuristic: "közepes", level_greedy: "mohó",
    level_help: "könnyű: lazán játszik; közepes: a játék saját gépi játékosa; nehéz és mester: keresés (lépésenként egy-három másodperc)",
    board: "Játéktábla", log: "Napló", all_moves: "Minden lépés (jelöléssel)", filter_label: "Írj be egy lépést",
    filter: "írd be a lépés jelölését, Enter küldi", undo: "Az utolsó lépésem visszavonását kérem", download: "A játszma letöltése (JSON)",
    handover: "Átadás neki:", handover_note: "A többi hely titkai rejtve maradnak, amíg a következő játékos készen nem áll.",
    show_seat: "A tábla megmutatása neki:", game_over: "A játszma véget ért.", winner: "Győztes", total: "Összesen", place: "Helyezés",
    breakdown: "Így jöttek ki a pontok",
    you_finished: "{n} játékos közül {the} {place} helyen végeztél.", thinking: "gondolkodik…", to_move: "következik", you: "te",
    score: "pontszám", seat_kind_human: "játékos", seat_kind_open: "szabad hely", seat_kind_bot: "gép",
    zoom_in: "Nagyítás", zoom_out: "Kicsinyítés", zoom_fit: "Az egész térkép",
    cancel: "Mégse", more_moves: "További lépések…", choose: "Melyiket?", nothing_here: "Itt most nincs mit tenni.",
    not_your_turn: "Most nem te következel", refused: "Nem szabályos", cooldown: "egyszerre egy kocka: várj egy pillanatot",
    undone: "visszavont egy lépést", resigned: "időtúllépéssel vesztett", hidden_move: "rejtett lépést tett",
    connected: "élő", disconnected: "újracsatlakozás…", countdown: "Felfedés", invite: "Meghívó linkek",
    copied: "Meghívó link neki:", accept: "Elfogadom", decline: "Elutasítom", undo_asked: "Visszavonást kért:",
    spectator: "néző",
    contents: "Tartalom", table: "táblázat (oldalra görgethető)",
    step: "Lépés", view_as: "Nézőpont", prev: "Előző", next: "Következő", moves: "Lépések", result: "Eredmény",
    cards_decks: "Lapok és paklik", card_pool: "Lapok", search: "Keresés", search_help: "név, típus vagy szabályszöveg",
    cards_shown: "{n} lap a {total} közül", add_card: "{card} hozzáadása a paklihoz", remove_card: "Egy {card} kivétele",
    your_deck: "A paklid", deck_name: "Név", deck_count: "{n} / {size} lap", deck_text: "A pakli szövege (szerkeszthető, bemásolható)",
    save_deck: "Mentés ebben a böngészőben", export_deck: "Exportálás fájlba", clear_deck: "A pakli kiürítése",
    play_deck: "Játék vele (előcsarnok, beállítás)", saved_decks: "Mentett paklik", starter_decks: "Kezdőpaklik",
    deck_empty: "A pakli üres: kattints a lapokra, vagy másolj le egy kezdőpaklit.",
    deck_legal: "Szabályos, {n} lapos pakli.", deck_illegal: "Még nem szabályos pakli:", load_deck: "Betöltés",
    delete_deck: "Törlés", copy_deck: "Másolás a pakliba", deck_n: "{n}. pakli", cards_missing: "A lapokat nem sikerült betölteni.",
    deck: "Pakli", deck_default: "a beállításokban választott pakli",
  },
};

// The Hungarian definite article before a number as read aloud: "az 1.", "a 2.", "az 5.".
function huArticle(number) {
  const digits = String(Math.abs(number));
  return digits[0] === "5" || (digits[0] === "1" && (digits.length === 1 || digits.length === 4)) ? "az" : "a";
}

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
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of document.querySelectorAll("[data-i18n-aria]")) node.setAttribute("aria-label", t(node.dataset.i18nAria));
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
