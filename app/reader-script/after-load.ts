/**
 * Runs `work` once the page has loaded, in a task of its own: what the first paint need not wait
 * for (the view beacon, the event stream, the service worker) stays out of the way of the
 * stylesheet and the cover image on a slow connection. With `orOnLeave`, a reader who leaves
 * before then still gets it done.
 */
export function afterLoad(work: () => void, { orOnLeave = false } = {}) {
  let done = false;
  const runOnce = () => {
    if (done) return;
    done = true;
    work();
  };
  if (document.readyState === "complete") setTimeout(runOnce);
  else addEventListener("load", () => setTimeout(runOnce), { once: true });
  if (orOnLeave) addEventListener("pagehide", runOnce, { once: true });
}
