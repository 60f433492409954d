import { startTitleCount, type TitleCount } from './title-count';
import { setPageVisibility } from './testing/fake-notification';

let counter: TitleCount | undefined;
/** MutationObserver callbacks run as microtasks. */
const observed = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  document.title = 'Gallery — Kadr';
  setPageVisibility('visible');
});
afterEach(() => {
  counter?.stop();
  counter = undefined;
  setPageVisibility('visible');
});

describe('the title’s count of videos finished while the tab was hidden', () => {
  it('counts while hidden, and is gone once the tab shows again', () => {
    counter = startTitleCount();
    setPageVisibility('hidden');
    counter.add();
    expect(document.title).toBe('(1) Gallery — Kadr');
    counter.add();
    expect(document.title).toBe('(2) Gallery — Kadr');
    setPageVisibility('visible');
    expect(document.title).toBe('Gallery — Kadr');
  });

  it('counts nothing while the tab is visible', () => {
    counter = startTitleCount();
    counter.add();
    expect(document.title).toBe('Gallery — Kadr');
  });

  it('starts again from 1 after the tab was seen', () => {
    counter = startTitleCount();
    setPageVisibility('hidden');
    counter.add();
    counter.add();
    setPageVisibility('visible');
    setPageVisibility('hidden');
    counter.add();
    expect(document.title).toBe('(1) Gallery — Kadr');
  });

  it('follows a title the page sets on its own, before and while the count shows', async () => {
    counter = startTitleCount();
    document.title = 'Video details — Kadr';
    setPageVisibility('hidden');
    counter.add();
    expect(document.title).toBe('(1) Video details — Kadr');
    document.title = 'Szczegóły filmu — Kadr';
    await observed();
    expect(document.title).toBe('(1) Szczegóły filmu — Kadr');
    setPageVisibility('visible');
    expect(document.title).toBe('Szczegóły filmu — Kadr');
  });

  it('stop() puts the page’s own title back', () => {
    counter = startTitleCount();
    setPageVisibility('hidden');
    counter.add();
    counter.stop();
    expect(document.title).toBe('Gallery — Kadr');
    counter.add();
    expect(document.title).toBe('Gallery — Kadr');
  });
});
