/** One page of a paged read, and whether another page follows it. */
export interface ReadPage<T> {
  items: T[];
  more: boolean;
}

/**
 * At most this many pages per section (100 000 jobs or ledger lines at 100 a page): an upstream
 * that always says "more" fails the export instead of running it forever.
 */
export const MAX_EXPORT_PAGES = 1_000;

/**
 * Every item of a paged, newest-first read: pages `0, 1, 2…` until one says there is no more.
 * An item that moved to the next page while reading (a newer one was added meanwhile) is kept
 * once, by id; the order is the read's.
 */
export async function readEveryPage<T extends { id: string }>(
  readPage: (index: number) => Promise<ReadPage<T>>,
  maxPages: number = MAX_EXPORT_PAGES,
): Promise<T[]> {
  const byId = new Map<string, T>();
  for (let index = 0; ; index += 1) {
    if (index >= maxPages) throw new Error(`more than ${maxPages} pages`);
    const { items, more } = await readPage(index);
    for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
    if (!more || items.length === 0) return [...byId.values()];
  }
}
