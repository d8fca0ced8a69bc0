import { adminProductSchema, adminServerSchema, promocodeSchema, saleSchema } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditTarget } from './audit-fields';

describe('audit field labels', () => {
  // A created or deleted product, server, sale or promo code is journaled with all its fields.
  it.each([
    ['product', adminProductSchema],
    ['server', adminServerSchema],
    ['sale', saleSchema],
    ['promo code', promocodeSchema],
  ])('names every field of a %s in Russian', (_kind, schema) => {
    const unnamed = Object.keys(schema.shape).filter((key) => auditFieldLabel(key) === key);
    expect(unnamed).toEqual([]);
  });

  it('names the keys the other journal rows write', () => {
    const keys = ['balance', 'isOwner', 'vipExpiresAt', 'paymentId', 'sessionsEnded', 'reply'];
    keys.push('role', 'permissions', 'personalData');
    expect(keys.filter((key) => auditFieldLabel(key) === key)).toEqual([]);
  });
});

describe('auditTarget', () => {
  it('prefers the name, else says what the id is of', () => {
    const entry = { targetType: 'user', targetId: '12', targetName: null };
    expect(auditTarget({ ...entry, targetName: 'bob' })).toBe('bob');
    expect(auditTarget(entry)).toBe('Игрок №12');
    expect(auditTarget({ targetType: 'shop', targetId: null, targetName: null })).toBe('Магазин');
  });
});
