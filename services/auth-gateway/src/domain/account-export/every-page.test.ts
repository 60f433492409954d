import { readEveryPage } from './every-page';

const item = (id: string) => ({ id });

describe('readEveryPage', () => {
  it('reads pages until one says there is no more, keeping the order', async () => {
    const pages = [[item('a'), item('b')], [item('c'), item('d')], [item('e')]];
    const asked: number[] = [];
    const all = await readEveryPage((index) => {
      asked.push(index);
      return Promise.resolve({ items: pages[index]!, more: index < pages.length - 1 });
    });
    expect(all.map((i) => i.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(asked).toEqual([0, 1, 2]);
  });

  it('keeps an item once when a newer one pushed it onto the next page while reading', async () => {
    // Page 1 was read, then "new" arrived at the top: page 2 starts with the last item of page 1 again.
    const pages = [
      [item('c'), item('b')],
      [item('b'), item('a')],
    ];
    const all = await readEveryPage((index) => Promise.resolve({ items: pages[index]!, more: index === 0 }));
    expect(all.map((i) => i.id)).toEqual(['c', 'b', 'a']);
  });

  it('stops at an empty page, and fails rather than read forever', async () => {
    expect(await readEveryPage(() => Promise.resolve({ items: [], more: true }))).toEqual([]);
    let n = 0;
    await expect(
      readEveryPage(() => Promise.resolve({ items: [item(String((n += 1)))], more: true }), 5),
    ).rejects.toThrow('more than 5 pages');
    expect(n).toBe(5);
  });
});
