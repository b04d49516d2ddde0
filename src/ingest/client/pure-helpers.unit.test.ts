import { describe, expect, it } from 'vitest';
import { isoSeconds, maskSecret, mergeBySubsession, parseCsv, searchWindows } from './index.ts';

describe('maskSecret', () => {
  // The vectors aydsko-iracingdata's OAuth tests assert against iRacing's documented algorithm.
  it('masks a password with the normalised username', () => {
    expect(maskSecret('SuperSecretPassword', 'test.user@example.com')).toBe(
      'nXmEFCdpHheD1R3XBVkm6VQavR7ZLbW7SRmzo/MfFso=',
    );
  });

  it('masks a client secret with the normalised client id', () => {
    expect(maskSecret('Secret-Client-Password', 'UnitTestApp')).toBe(
      'D2GfmYK/nC8zeQPkpV2uGkk13hL0/LTQH44hiJKawCo=',
    );
  });

  it('trims and lower-cases the identifier, never the secret', () => {
    expect(maskSecret('SuperSecretPassword', '  Test.User@Example.COM ')).toBe(
      maskSecret('SuperSecretPassword', 'test.user@example.com'),
    );
    expect(maskSecret('supersecretpassword', 'test.user@example.com')).not.toBe(
      maskSecret('SuperSecretPassword', 'test.user@example.com'),
    );
  });
});

describe('parseCsv', () => {
  it('reads quoted commas, doubled quotes, line breaks in quotes, CRLF and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\nlines",\r\n';
    expect(parseCsv(text)).toEqual([
      { a: '1', b: 'x, y', c: 'say "hi"' },
      { a: '2', b: 'two\nlines', c: '' },
    ]);
  });

  it('accepts a last line without newline and rejects an unterminated quote', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([{ a: '1', b: '2' }]);
    expect(() => parseCsv('a\n"open')).toThrow(/unterminated/);
  });
});

describe('search windows', () => {
  it('cuts a range into consecutive half-open windows of at most 90 days', () => {
    const windows = searchWindows(
      new Date('2022-01-01T00:00:00Z'),
      new Date('2022-07-01T00:00:00Z'),
    );
    expect(windows.map((w) => [isoSeconds(w.begin), isoSeconds(w.end)])).toEqual([
      ['2022-01-01T00:00:00Z', '2022-04-01T00:00:00Z'],
      ['2022-04-01T00:00:00Z', '2022-06-30T00:00:00Z'],
      ['2022-06-30T00:00:00Z', '2022-07-01T00:00:00Z'],
    ]);
  });

  it('keeps a short range as one window and refuses an empty one', () => {
    const from = new Date('2022-06-13T23:25:04Z');
    const to = new Date('2022-06-18T22:00:00Z');
    expect(searchWindows(from, to)).toEqual([{ begin: from, end: to }]);
    expect(() => searchWindows(to, from)).toThrow(RangeError);
  });

  it('merges windows keeping the first row of each subsession', () => {
    const merged = mergeBySubsession([
      [
        { subsession_id: 1, w: 'a' },
        { subsession_id: 2, w: 'a' },
      ],
      [
        { subsession_id: 2, w: 'b' },
        { subsession_id: 3, w: 'b' },
      ],
    ]);
    expect(merged).toEqual([
      { subsession_id: 1, w: 'a' },
      { subsession_id: 2, w: 'a' },
      { subsession_id: 3, w: 'b' },
    ]);
  });
});
