import { describe, expect, it } from 'vitest';
import { grantedGroups } from './server-groups';

describe('the groups a VIP product grants', () => {
  it("is the tier's default group when the product has no commands of its own", () => {
    expect(grantedGroups('Gold', null)).toEqual(['vip_gold']);
  });

  it('reads the groups its own commands join, in Oxide’s and Carbon’s words, and nothing else', () => {
    expect(
      grantedGroups(
        'Gold',
        'oxide.usergroup add {playerId} vip_plus, c.usergroup add {steamId} "donators", oxide.usergroup remove {playerId} vip_old, say {playerId} hi',
      ),
    ).toEqual(['vip_plus', 'donators']);
  });
});
