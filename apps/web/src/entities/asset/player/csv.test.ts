import { describe, expect, it } from 'vitest';
import { columnCount, parseCsv } from './csv';

describe('parseCsv', () => {
  it('splits records on line breaks and fields on commas', () => {
    expect(parseCsv('name,views\nHero,120\nTeaser,45')).toEqual([
      ['name', 'views'],
      ['Hero', '120'],
      ['Teaser', '45'],
    ]);
  });

  it('accepts CRLF, LF and CR line endings; a final line break adds no row', () => {
    expect(parseCsv('a,b\r\n1,2\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\r1\n2\n')).toEqual([['a'], ['1'], ['2']]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields', () => {
    const text = 'id,quote\n1,"Hello, world"\n2,"line one\nline two"\n3,"She said ""buy now"""\n';
    expect(parseCsv(text)).toEqual([
      ['id', 'quote'],
      ['1', 'Hello, world'],
      ['2', 'line one\nline two'],
      ['3', 'She said "buy now"'],
    ]);
  });

  it('keeps empty fields, including quoted and trailing ones', () => {
    expect(parseCsv('a,,c,\n"",x,"",')).toEqual([
      ['a', '', 'c', ''],
      ['', 'x', '', ''],
    ]);
  });

  it('is lenient with sloppy files: stray quotes, text after a closing quote, an unterminated quote', () => {
    expect(parseCsv('5" screen,ok')).toEqual([['5" screen', 'ok']]);
    expect(parseCsv('"abc"def,x')).toEqual([['abcdef', 'x']]);
    expect(parseCsv('a,"never closed\nstill inside')).toEqual([['a', 'never closed\nstill inside']]);
  });

  it('drops a byte-order mark, answers no rows for an empty file, and takes another delimiter', () => {
    expect(parseCsv('\uFEFFa,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('a;b\n"x;y";z', { delimiter: ';' })).toEqual([
      ['a', 'b'],
      ['x;y', 'z'],
    ]);
  });

  it('keeps blank lines in the middle as rows of one empty field', () => {
    expect(parseCsv('a\n\nb')).toEqual([['a'], [''], ['b']]);
  });
});

describe('columnCount', () => {
  it('is the width of the widest row', () => {
    expect(columnCount([['a'], ['a', 'b', 'c'], []])).toBe(3);
    expect(columnCount([])).toBe(0);
  });
});
