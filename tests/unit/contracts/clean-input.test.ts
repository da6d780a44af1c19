import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { describeInputProblem, findInputProblem, isCleanText } from '../../../core/contracts/http/clean-input';
import { Text } from '../../../core/contracts/http/common';

describe('findInputProblem', () => {
  it('passes ordinary text, including emoji and Devanagari', () => {
    expect(isCleanText('Alphonso आम 🥭')).toBe(true);
    expect(findInputProblem({ name: 'आम 🥭', tags: ['a', { b: 'c' }], n: 1, ok: true, none: null }, 'body')).toBeNull();
  });

  it('finds NUL and lone surrogates in values and in keys, at any depth', () => {
    expect(findInputProblem({ a: ['x', { b: 'pay_\u0000' }] }, 'body')).toEqual({ where: 'body', problem: 'nul' });
    expect(findInputProblem({ a: '\ud800' }, 'body')).toEqual({ where: 'body', problem: 'ill_formed' });
    expect(findInputProblem({ ['k\udfff']: 1 }, 'body')).toEqual({ where: 'body', problem: 'ill_formed' });
  });

  it('refuses nesting past the limit without recursing (100,000 levels)', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep, 'webhook payload')).toEqual({ where: 'webhook payload', problem: 'too_deep' });
    expect(describeInputProblem({ where: 'webhook payload', problem: 'too_deep' })).toBe('The webhook payload is nested more than 32 levels deep');
  });
});

describe('Text', () => {
  it('keeps text in the composed Unicode form, so "è" typed either way is one name', () => {
    const name = Text(100, 'Name');
    expect(z.parse(name, '  Cre\u0300me Brûlée ')).toBe('Crème Brûlée');
    expect(z.parse(name, 'Crème Brûlée')).toBe('Crème Brûlée');
  });
});
