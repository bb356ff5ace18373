// Enlarged views of game pieces (generic: the game draws them, this file only shows them).
// - A board element with data-zoom="x y w h" is shown enlarged: a clone of it (its own
//   transform dropped) in an <svg viewBox="x y w h">. Inside the enlargement, parts with
//   class "zoom-only" appear (a card's full text) and parts with class "table-only" hide.
// - An element with data-zoom-src="url" (a card named in the log) shows that picture.
// Shown on hover, keyboard focus and long press (touch); hidden on leave, blur, Escape or a tap.
"use strict";
const Zoom = (() => {
  const WIDTH = 300; // CSS px of the enlargement on a desktop
  let box = null;
  let shownFor = null;
  let timer = null;
  let pressed = false;

  function ensureBox() {
    if (box) return box;
    box = document.getElementById("zoom");
    if (!box) {
      box = document.createElement("div");
      box.id = "zoom";
      box.className = "zoom-box";
      box.setAttribute("aria-hidden", "true");
      box.hidden = true;
      document.body.append(box);
    }
    return box;
  }

  function hostOf(node) {
    return node && node.closest ? node.closest("[data-zoom], [data-zoom-src]") : null;
  }

  function contentFor(host) {
    const src = host.getAttribute("data-zoom-src");
    if (src) {
      const img = document.createElement("img");
      img.src = src;
      img.alt = "";
      return img;
    }
    const [x, y, w, h] = host.getAttribute("data-zoom").split(/\s+/).map(Number);
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    const root = host.ownerSVGElement;
    if (root) for (const a of ["font-family"]) if (root.getAttribute(a)) svg.setAttribute(a, root.getAttribute(a));
    const clone = host.cloneNode(true);
    clone.removeAttribute("transform");
    for (const n of [clone, ...clone.querySelectorAll("[data-target], [tabindex], [role], [aria-label]")]) {
      n.removeAttribute("data-target");
      n.removeAttribute("tabindex");
      n.removeAttribute("role");
      n.removeAttribute("aria-label");
      n.classList && n.classList.remove("selectable", "selected", "changed");
    }
    svg.append(clone);
    svg.dataset.ratio = String(h / w);
    return svg;
  }

  function place(x, y) {
    const b = ensureBox();
    const narrow = window.innerWidth < 700;
    const width = Math.min(narrow ? window.innerWidth * 0.8 : WIDTH, window.innerWidth - 16);
    const content = b.firstElementChild;
    const ratio = content && content.dataset && content.dataset.ratio ? Number(content.dataset.ratio) : 1.4;
    const height = Math.min(width * ratio, window.innerHeight - 16);
    b.style.width = `${height / ratio}px`;
    b.style.height = `${height}px`;
    let left;
    let top;
    if (narrow) {
      left = (window.innerWidth - height / ratio) / 2;
      top = (window.innerHeight - height) / 2;
    } else {
      left = x + 24 + height / ratio < window.innerWidth - 8 ? x + 24 : x - 24 - height / ratio;
      top = Math.max(8, Math.min(y - height / 2, window.innerHeight - height - 8));
    }
    b.style.left = `${Math.max(8, left)}px`;
    b.style.top = `${Math.max(8, top)}px`;
  }

  function show(host, x, y) {
    const b = ensureBox();
    if (host !== shownFor) {
      b.replaceChildren(contentFor(host));
      shownFor = host;
    }
    b.hidden = false;
    place(x, y);
  }

  function hide() {
    if (box) box.hidden = true;
    shownFor = null;
  }

  // Hover, focus and long press on the zoomable elements inside `container`.
  function attach(container) {
    container.addEventListener("pointermove", (ev) => {
      if (ev.pointerType === "touch") return;
      const host = hostOf(ev.target);
      if (host) show(host, ev.clientX, ev.clientY); else hide();
    });
    container.addEventListener("pointerleave", hide);
    container.addEventListener("focusin", (ev) => {
      const host = hostOf(ev.target);
      if (host) { const r = host.getBoundingClientRect(); show(host, r.right, r.top + r.height / 2); }
    });
    container.addEventListener("focusout", hide);
    container.addEventListener("pointerdown", (ev) => {
      if (ev.pointerType !== "touch") return;
      pressed = false;
      clearTimeout(timer);
      const host = hostOf(ev.target);
      if (!host) return;
      timer = setTimeout(() => { pressed = true; show(host, ev.clientX, ev.clientY); }, 500);
    });
    for (const end of ["pointerup", "pointercancel"]) container.addEventListener(end, () => clearTimeout(timer));
    container.addEventListener("click", (ev) => {
      if (pressed) { pressed = false; ev.preventDefault(); ev.stopPropagation(); }
    }, true);
    container.addEventListener("contextmenu", (ev) => { if (pressed) ev.preventDefault(); });
  }

  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hide(); });
  document.addEventListener("pointerdown", (ev) => {
    if (box && !box.hidden && ev.pointerType === "touch" && !hostOf(ev.target)) hide();
  });
  document.addEventListener("scroll", hide, { passive: true });

  return { attach, show, hide, hostOf };
})();
