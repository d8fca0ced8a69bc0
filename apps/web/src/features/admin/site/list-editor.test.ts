import type { SiteLink } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  categoryKeyProblem,
  moveItem,
  newLink,
  removeItem,
  replaceItem,
  setMainLink,
  vipKeyProblem,
} from './list-editor';

const link = (label: string, main = false): SiteLink => ({
  kind: 'vk',
  url: `https://vk.com/${label}`,
  label,
  main,
});

describe('list edits', () => {
  it('adds at the end until the list is full, and leaves the given list alone', () => {
    const list = ['a', 'b'];
    expect(addItem(list, 'c', 3)).toEqual(['a', 'b', 'c']);
    expect(addItem(['a', 'b', 'c'], 'd', 3)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b']);
  });

  it('removes and replaces by position', () => {
    expect(removeItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(replaceItem(['a', 'b', 'c'], 2, 'z')).toEqual(['a', 'b', 'z']);
  });

  it('moves one place up or down, and nothing past either end', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 2, 1)).toEqual(list);
    expect(moveItem(list, 5, 1)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('the main community link', () => {
  it('is only ever one: marking one unmarks the one before', () => {
    const links = setMainLink([link('a', true), link('b'), link('c')], 2);
    expect(links.map((item) => item.main)).toEqual([false, false, true]);
  });

  it('can be none', () => {
    expect(setMainLink([link('a', true), link('b')], -1).some((item) => item.main)).toBe(false);
  });

  it('is never a link just added', () => {
    expect(newLink().main).toBe(false);
  });
});

describe('new categories and VIP tiers', () => {
  const categories = [{ key: 'weapons', label: 'Оружие', hidden: false }];

  it('take a latin key that is not taken yet', () => {
    expect(categoryKeyProblem('skins', categories)).toBeNull();
    expect(categoryKeyProblem('скины', categories)).toMatch(/латинские/);
    expect(categoryKeyProblem('Skins', categories)).toMatch(/латинские/);
    expect(categoryKeyProblem('weapons', categories)).toBe('Категория «weapons» уже есть');
  });

  it('refuse a tier key that is taken, whatever its case', () => {
    const tiers = [{ key: 'Gold', label: 'Золото' }];
    expect(vipKeyProblem('Legend', tiers)).toBeNull();
    expect(vipKeyProblem('gold', tiers)).toBe('Уровень «gold» уже есть');
    expect(vipKeyProblem('1x', tiers)).toMatch(/латиница/);
  });
});
