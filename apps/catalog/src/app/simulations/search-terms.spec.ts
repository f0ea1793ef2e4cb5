import {
  globSubstringPattern,
  likeSubstringPattern,
  matchingTokenCount,
  MAX_TOKENS,
  searchTokens,
  searchWords,
  tagFilter,
  usesTrigramIndex,
} from './search-terms';

describe('search terms', () => {
  describe('query tokens', () => {
    it('lower-cases, splits on any white space and drops tokens under two characters', () => {
      expect(searchTokens('  Heat\tTRANSFER\n a 1d  ')).toEqual(['heat', 'transfer', '1d']);
    });

    it('keeps each token once and an empty query empty', () => {
      expect(searchTokens('heat HEAT heat')).toEqual(['heat']);
      expect(searchTokens('')).toEqual([]);
      expect(searchTokens(undefined)).toEqual([]);
      expect(searchTokens('a b c')).toEqual([]);
    });

    it('counts characters, not UTF-16 units, for the length rule', () => {
      expect(searchTokens('𝛼 é')).toEqual([]);
      expect(searchTokens('𝛼𝛽')).toEqual(['𝛼𝛽']);
      expect(usesTrigramIndex('𝛼𝛽')).toBe(false);
      expect(usesTrigramIndex('𝛼𝛽𝛾')).toBe(true);
    });

    it(`uses at most ${MAX_TOKENS} tokens`, () => {
      expect(searchTokens(Array.from({ length: 40 }, (_, i) => `t${i}`).join(' '))).toHaveLength(MAX_TOKENS);
    });
  });

  describe('tag filter', () => {
    it('splits on commas, trims, lower-cases and drops empty entries and repeats', () => {
      expect(tagFilter(' CFD, heat,,cfd ,')).toEqual(['cfd', 'heat']);
      expect(tagFilter(undefined)).toEqual([]);
    });
  });

  describe('indexed words', () => {
    it('are the lower-cased white-space separated words of name, description and tags, once each', () => {
      expect(searchWords('Heat-1D', 'Heat  conduction\nin a rod.', ['PDE', 'heat transfer'])).toEqual([
        'heat-1d',
        'heat',
        'conduction',
        'in',
        'a',
        'rod.',
        'pde',
        'transfer',
      ]);
    });

    it('answer substring matching exactly as matching the fields would (tokens have no white space)', () => {
      const fields = { name: 'heat-1d', description: 'Solves the heat equation on a rod', tags: ['thermal', 'finite differences'] };
      const words = searchWords(fields.name, fields.description, fields.tags);
      const text = [fields.name, fields.description, ...fields.tags].map((field) => field.toLowerCase());
      for (const token of ['eat-1', 'equat', 'on', 'rod', 'ite dif', 'differ', 'erma', 'solves', 'xyz', 't-1d']) {
        for (const part of token.split(' ')) {
          expect([part, words.some((word) => word.includes(part))]).toEqual([part, text.some((field) => field.includes(part))]);
        }
      }
    });
  });

  describe('ranking rule', () => {
    it('counts the tokens contained in any word', () => {
      expect(matchingTokenCount(['heat', 'rod', 'fluid'], ['heat-1d', 'rods'])).toBe(2);
    });
  });

  describe('backend escaping', () => {
    it('brackets GLOB wildcards so that they match themselves', () => {
      expect(globSubstringPattern('a*b?c[d]"e')).toBe('*a[*]b[?]c[[]d]"e*');
    });

    it('escapes LIKE wildcards and the escape character', () => {
      expect(likeSubstringPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    });
  });
});
