import { hooked, hooks } from "./reader-hooks";

// The site's menu on small screens, one behaviour on reader and hydrated pages alike: the navbar
// renders it closed (components/site/navbar.tsx), this drives it. Plain DOM, no React: the reader
// script runs it too. Its button's icon follows aria-expanded by CSS.

/** Opens or closes the menu; its button's state and name follow. */
function setMenu(open: boolean) {
  const toggle = document.querySelector(hooked(hooks.menuToggle));
  const menu = document.querySelector<HTMLElement>(hooked(hooks.menu));
  if (!toggle || !menu) return;
  menu.hidden = !open;
  toggle.setAttribute("aria-expanded", String(open));
  toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
}

let driven = false;

/**
 * Its button opens and closes the menu; a link or button followed in it, or a move back or
 * forward, closes it: the menu belongs to the page it was opened on. Set up once per page.
 */
export function driveMobileMenu() {
  if (driven) return;
  driven = true;
  document.addEventListener("click", (event) => {
    const target = event.target as Element;
    const toggle = target.closest(hooked(hooks.menuToggle));
    if (toggle) setMenu(toggle.getAttribute("aria-expanded") !== "true");
    else if (target.closest("a, button")?.closest(hooked(hooks.menu))) setMenu(false);
  });
  addEventListener("popstate", () => setMenu(false));
}
