import { promptWordsOf } from './prompt-words';

describe('promptWordsOf', () => {
  it('splits on everything but letters and digits, lower-cases and keeps each word once', () => {
    expect(promptWordsOf('A red Fox, a RED sky — 4K!')).toEqual(['a', 'red', 'fox', 'sky', '4k']);
  });

  it('keeps letters of any script and folds compatibility forms', () => {
    expect(promptWordsOf('Żółty KOT nad Łodzią')).toEqual(['żółty', 'kot', 'nad', 'łodzią']);
    expect(promptWordsOf('ｆｕｌｌ width')).toEqual(['full', 'width']);
  });

  it('has no words for punctuation or blanks only', () => {
    expect(promptWordsOf('  ... !!  ')).toEqual([]);
  });
});
