import { DEMO_ADMIN_STEAM_ID } from '../../config';

export interface DemoPlayer {
  steamId: string;
  personaname: string;
  role: 'admin' | 'player';
  /** Avatar colour, so each demo account is recognisable at a glance. */
  colour: string;
  /** The custom profile name (steamcommunity.com/id/<vanity>) ResolveVanityURL answers for. */
  vanity?: string;
}

/** The accounts the demo sign-in page offers. Steam ids are in Steam's public 7656119… range. */
export const demoPlayers: readonly DemoPlayer[] = [
  { steamId: DEMO_ADMIN_STEAM_ID, personaname: 'Админ Демо', role: 'admin', colour: '#ce422b' },
  {
    steamId: '76561198000000002',
    personaname: 'Bandit_Kolya',
    role: 'player',
    colour: '#3b82f6',
    vanity: 'bandit_kolya',
  },
  {
    steamId: '76561198000000003',
    personaname: 'Vasya Raider',
    role: 'player',
    colour: '#16a34a',
    vanity: 'vasya_raider',
  },
  { steamId: '76561198000000004', personaname: 'Nadya_Solo', role: 'player', colour: '#a855f7' },
  // Steam allows 32 characters: the longest names must fit a phone's header too.
  {
    steamId: '76561198000000005',
    personaname: 'Александр_Великий_Рейдер_2077',
    role: 'player',
    colour: '#f59e0b',
  },
];
