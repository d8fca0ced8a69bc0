import type { FastifyInstance } from 'fastify';
import { DEMO_DISCORD_PATH } from '../../config-discord';
import { DEMO_DISCORD_ROLES } from '../../integrations/discord/fake-discord-state';
import { mapTierRolesIfUnset } from '../discord/discord-role-sync';

/**
 * The demo's Discord: when the shop talks to the built-in stand-in, the demo catalogue's VIP tiers
 * get the stand-in server's roles, so linking on the profile and buying VIP show a role appear on
 * the stand-in's member page.
 */
export async function seedDemoDiscord(app: FastifyInstance) {
  const { config } = app.discord;
  if (!config.roles || !config.apiUrl.endsWith(`${DEMO_DISCORD_PATH}/api`)) return;
  const roles = Object.fromEntries(DEMO_DISCORD_ROLES.map((role) => [role.tier, role.id]));
  if (await mapTierRolesIfUnset(app.db, roles)) {
    app.log.info('demo: the VIP tiers give the demo Discord server’s roles');
  }
}
