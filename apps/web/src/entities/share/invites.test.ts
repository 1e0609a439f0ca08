import { describe, expect, it } from 'vitest';
import { parseInvites } from './invites';

describe('invite entries (000 §9)', () => {
  it('splits on comma, tab and line breaks; what follows the last separator stays in the field', () => {
    expect(parseInvites('a@example.com,B@Example.com\tc@example.com\nd@exa', [], [])).toEqual({
      emails: ['a@example.com', 'b@example.com', 'c@example.com'],
      rest: 'd@exa',
      error: null,
    });
  });

  it('refuses an invalid entry (not added, kept to fix), a duplicate and someone who already has access', () => {
    expect(parseInvites('not-an-email,', [], [])).toMatchObject({
      emails: [],
      error: 'not-an-email is not a valid e-mail address',
    });
    expect(parseInvites('a@example.com,', ['a@example.com'], [])).toMatchObject({
      emails: [],
      error: 'a@example.com is already in the list',
    });
    expect(parseInvites('a@example.com,a@example.com,', [], [])).toMatchObject({
      emails: ['a@example.com'],
      error: 'a@example.com is already in the list',
    });
    expect(parseInvites('ben@example.com,', [], ['ben@example.com'])).toMatchObject({
      emails: [],
      error: 'ben@example.com already has access',
    });
  });
});
