/**
 * The tab's title counts the videos that finished while the tab was hidden: "(2) Gallery — Kadr"
 * (issue 20). The count starts at the first notification heard while hidden and ends when the tab is
 * shown again. Pages set `document.title` themselves, whenever they like: a title set meanwhile
 * becomes the one the count stands in front of.
 */
export interface TitleCount {
  /** A notification of a finished video arrived: counted when the tab is hidden. */
  add(): void;
  /** Puts the page's own title back and stops listening. */
  stop(): void;
}

export function startTitleCount(page: Document = document): TitleCount {
  let count = 0;
  /** The page's own title (without our count). */
  let ownTitle = page.title;
  /** The title we wrote last; any other title seen is the page's own. */
  let written: string | null = null;
  let stopped = false;

  function show(): void {
    if (page.title !== written) ownTitle = page.title;
    if (count === 0) {
      if (written !== null && page.title === written) page.title = ownTitle;
      written = null;
      return;
    }
    written = `(${count}) ${ownTitle}`;
    page.title = written;
  }

  function onVisibilityChange(): void {
    if (page.visibilityState === 'hidden' || count === 0) return;
    count = 0;
    show();
  }

  // A page that sets its title while the count shows (a route change, a language switch).
  const observer =
    typeof MutationObserver === 'undefined'
      ? undefined
      : new MutationObserver(() => {
          if (count > 0 && page.title !== written) show();
        });
  observer?.observe(page.head, { childList: true, subtree: true, characterData: true });
  page.addEventListener('visibilitychange', onVisibilityChange);

  return {
    add() {
      if (stopped || page.visibilityState !== 'hidden') return;
      count += 1;
      show();
    },
    stop() {
      stopped = true;
      observer?.disconnect();
      page.removeEventListener('visibilitychange', onVisibilityChange);
      count = 0;
      show();
    },
  };
}
