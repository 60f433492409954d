import { pageFromQuery } from './use-gallery-page';

describe('pageFromQuery', () => {
  it.each([
    [null, 1],
    ['1', 1],
    ['2', 2],
    [' 3 ', 3],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['', 1],
    ['99999999999999999999', 1],
  ])('%p → page %p', (value, page) => {
    expect(pageFromQuery(value)).toBe(page);
  });
});
