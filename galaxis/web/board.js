// What large boards add to the match page, for any game that declares it in its SVG
// (docs/architecture.md, "The client contract"); nothing here knows a game's rules.
//   Parts: a root <svg> whose children are <svg data-part="name" viewBox=…> is shown as
//     separate blocks, each scaled by its own viewBox (side by side on wide screens, stacked
//     on phones); data-wide="1" makes a part take the whole width.
//   Pan and zoom: a part with data-panzoom fits the window at start (width and height), zooms
//     with the wheel, a pinch or the +/− buttons, pans by dragging (a drag is never a click);
//     "fit" shows all of it again. Its view survives every redraw of the board.
//   Plans: <g data-plan="n1|n2|…" data-plan-targets="t1 t2" data-tip="words"> is a move made of
//     several legal actions in a row (a path on a map): it is offered like an action (its
//     targets highlighted, a click sends its steps one by one while each is still legal), and
//     drawn while the pointer is over its last target.
"use strict";

const views = {}; // "<game>|<part>" -> [x, y, w, h]: the view a player zoomed or panned to
let dragged = false; // the last pointer gesture moved the view: the click it ends is not a move

// --- parts ------------------------------------------------------------------------------------

// Moves every <svg data-part> of the board's root into its own block; returns the board's svgs.
function splitParts(board) {
  const root = board.querySelector(":scope > svg");
  if (!root) return [];
  const parts = [...root.children].filter((n) => n.localName === "svg" && n.hasAttribute("data-part"));
  board.classList.toggle("parts", parts.length > 0);
  if (!parts.length) {
    if (root.hasAttribute("data-panzoom")) { // one zoomable picture: a part of its own
      const box = el("div", { class: "board-part wide" });
      root.replaceWith(box);
      box.append(root);
    }
    return [root];
  }
  const shared = [...root.children].filter((n) => n.localName === "style" || n.localName === "defs");
  const out = [];
  parts.forEach((part, i) => {
    const box = el("div", { class: "board-part", "data-part": part.getAttribute("data-part") });
    if (part.getAttribute("data-wide")) box.classList.add("wide");
    const width = Number(part.getAttribute("data-width"));
    if (width) box.style.setProperty("--part-w", `${width}px`);
    for (const name of ["x", "y", "width", "height"]) part.removeAttribute(name);
    if (root.getAttribute("data-game")) part.setAttribute("data-game", root.getAttribute("data-game"));
    if (i === 0) shared.forEach((n) => part.prepend(n));
    box.append(part);
    out.push(part);
    board.append(box);
  });
  root.remove();
  return out;
}

// --- pan and zoom -------------------------------------------------------------------------------

function viewKey(svg) {
  return `${state ? state.game : ""}|${svg.getAttribute("data-part") || ""}`;
}

function fullView(svg) {
  return svg.getAttribute("data-full-view").split(" ").map(Number);
}

function setView(svg, view) {
  const [x0, y0, w0, h0] = fullView(svg);
  let [x, y, w, h] = view;
  w = Math.min(Math.max(w, w0 / 8), w0);
  h = w * h0 / w0;
  // keep at least a quarter of the view over the board
  x = Math.min(Math.max(x, x0 - w * 0.75), x0 + w0 - w * 0.25);
  y = Math.min(Math.max(y, y0 - h * 0.75), y0 + h0 - h * 0.25);
  const next = [x, y, w, h];
  svg.setAttribute("viewBox", next.map((v) => v.toFixed(1)).join(" "));
  const fitted = w >= w0 - 0.5;
  views[viewKey(svg)] = fitted ? null : next;
  svg.closest(".board-part").classList.toggle("zoomed", !fitted);
}

function currentView(svg) {
  return svg.getAttribute("viewBox").split(/[\s,]+/).map(Number);
}

// The point of the board under client coordinates (x, y).
function boardPoint(svg, x, y) {
  const r = svg.getBoundingClientRect();
  const [vx, vy, vw, vh] = currentView(svg);
  const scale = Math.max(vw / r.width, vh / r.height); // preserveAspectRatio "meet"
  const ox = (r.width - vw / scale) / 2;
  const oy = (r.height - vh / scale) / 2;
  return [vx + (x - r.left - ox) * scale, vy + (y - r.top - oy) * scale, scale];
}

function zoomAt(svg, factor, x, y) {
  const [vx, vy, vw, vh] = currentView(svg);
  const [px, py] = x === undefined ? [vx + vw / 2, vy + vh / 2] : boardPoint(svg, x, y);
  const w = vw / factor;
  const h = vh / factor;
  setView(svg, [px - (px - vx) * (w / vw), py - (py - vy) * (h / vh), w, h]);
}

// The tallest a part may be: what the window shows below the part's top when the page is
// scrolled to its start (at least the window below the status bar, less a margin).
function fitHeight(svg) {
  const [, , w0, h0] = fullView(svg);
  const box = svg.closest(".board-part");
  const bar = document.getElementById("statusbar");
  const top = box.getBoundingClientRect().top + window.scrollY;
  const above = Math.min(top, window.innerHeight * 0.4);
  const room = window.innerHeight - Math.max(above, bar ? bar.offsetHeight : 0) - 16;
  const natural = box.clientWidth * h0 / w0;
  svg.style.setProperty("height", `${Math.max(200, Math.min(natural, room))}px`);
}

function zoomButtons(svg) {
  const box = svg.closest(".board-part");
  const bar = el("div", { class: "zoom-controls" },
    el("button", { type: "button", class: "zoom-in", "aria-label": t("zoom_in"), title: t("zoom_in"), onclick: () => zoomAt(svg, 1.5) }, "+"),
    el("button", { type: "button", class: "zoom-out", "aria-label": t("zoom_out"), title: t("zoom_out"), onclick: () => zoomAt(svg, 1 / 1.5) }, "−"),
    el("button", { type: "button", class: "zoom-fit", "aria-label": t("zoom_fit"), title: t("zoom_fit"), onclick: () => setView(svg, fullView(svg)) }, "⤢"));
  box.append(bar);
}

// The view of size (w, h) that shows the board point (bx, by) at client point (cx, cy).
function viewPlacing(svg, w, h, bx, by, cx, cy) {
  const r = svg.getBoundingClientRect();
  const s = Math.max(w / r.width, h / r.height);
  const ox = (r.width - w / s) / 2;
  const oy = (r.height - h / s) / 2;
  return [bx - (cx - r.left - ox) * s, by - (cy - r.top - oy) * s, w, h];
}

function gesture(svg, pointers) {
  const pts = [...pointers.values()];
  const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
  const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  const spread = pts.length > 1 ? Math.hypot(pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]) : 0;
  const [bx, by] = boardPoint(svg, cx, cy);
  return { view: currentView(svg), cx, cy, bx, by, spread, count: pts.length };
}

function panZoom(svg) {
  if (!svg.hasAttribute("data-full-view")) svg.setAttribute("data-full-view", svg.getAttribute("viewBox"));
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.closest(".board-part").classList.add("panzoom");
  fitHeight(svg);
  setView(svg, views[viewKey(svg)] || fullView(svg));
  zoomButtons(svg);
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    zoomAt(svg, Math.exp(-ev.deltaY * (ev.deltaMode === 1 ? 0.05 : 0.0015)), ev.clientX, ev.clientY);
  }, { passive: false });
  const pointers = new Map();
  let start = null; // the gesture as it began: the view, the pointers' middle and spread
  let moved = false;
  svg.addEventListener("pointerdown", (ev) => {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (pointers.size === 1) { moved = false; dragged = false; }
    start = gesture(svg, pointers);
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!pointers.has(ev.pointerId) || !start) return;
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    const now = gesture(svg, pointers);
    if (!moved && pointers.size < 2 && Math.hypot(now.cx - start.cx, now.cy - start.cy) < 6) return;
    if (!moved) {
      moved = dragged = true;
      clearTimeout(pressTimer); // a drag is not a long press
      try { svg.setPointerCapture(ev.pointerId); } catch (e) { /* the pointer is gone */ }
    }
    const [, , w0, h0] = start.view;
    const ratio = start.count > 1 && now.count > 1 && start.spread > 0 ? now.spread / start.spread : 1;
    setView(svg, viewPlacing(svg, w0 / ratio, h0 / ratio, start.bx, start.by, now.cx, now.cy));
  });
  const end = (ev) => {
    pointers.delete(ev.pointerId);
    start = pointers.size ? gesture(svg, pointers) : null;
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  // the click that ends a drag is not a move
  svg.addEventListener("click", (ev) => {
    if (dragged) { ev.stopPropagation(); ev.preventDefault(); dragged = false; }
  }, true);
}

window.addEventListener("resize", () => {
  for (const svg of document.querySelectorAll("#board .panzoom > svg")) fitHeight(svg);
});

// --- plans: moves of several steps ----------------------------------------------------------------

function boardPlans() {
  if (!state) return [];
  const legal = new Set(state.legal);
  const out = [];
  for (const node of document.querySelectorAll("#board [data-plan]")) {
    const steps = node.getAttribute("data-plan").split("|").filter(Boolean);
    if (!steps.length || !legal.has(steps[0])) continue;
    if (steps.length === 1) continue; // one legal action: offered as itself, the plan only draws its path
    out.push({
      notation: steps[0],
      steps,
      plan: true,
      targets: (node.getAttribute("data-plan-targets") || "").split(" ").filter(Boolean),
      text: node.getAttribute("data-tip") || steps.join(", "),
    });
  }
  return out;
}

// Every move a click may make: the legal actions and the board's plans.
function boardMoves() {
  if (!state) return [];
  return state.legal_actions.concat(boardPlans());
}

async function act(move) {
  if (!move.plan) return send(move.notation, "board");
  for (const step of move.steps) {
    if (!state.legal.includes(step)) break; // something happened on the way (a battle, a discovery)
    if (!(await send(step, "board"))) return false;
  }
  return true;
}

// While a piece is selected, the path of the plan ending at the target under the pointer.
function showPlan(target) {
  for (const node of document.querySelectorAll("#board [data-plan].shown")) node.classList.remove("shown");
  if (!target || !selection.length) return;
  const want = new Set([...selection, target]);
  for (const node of document.querySelectorAll("#board [data-plan]")) {
    const targets = (node.getAttribute("data-plan-targets") || "").split(" ").filter(Boolean);
    if (targets.length === want.size && targets.every((x) => want.has(x))) node.classList.add("shown");
  }
}

function setupPlans(board) {
  board.addEventListener("pointerover", (ev) => {
    const node = ev.target.closest ? ev.target.closest(".selectable[data-target]") : null;
    showPlan(node ? node.getAttribute("data-target") : null);
  });
  board.addEventListener("focusin", (ev) => {
    const node = ev.target.closest ? ev.target.closest(".selectable[data-target]") : null;
    showPlan(node ? node.getAttribute("data-target") : null);
  });
  board.addEventListener("pointerleave", () => showPlan(null));
}

// After the board is drawn: zoomable parts.
function finishBoard(board) {
  for (const svg of board.querySelectorAll("svg[data-panzoom]")) panZoom(svg);
}
