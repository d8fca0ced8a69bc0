import type { Roster } from './players';
import type { SimPlayer } from './types';

/** Background noise of a live server: what an admin's console shows between commands. */
export interface Chatter {
  consoleLine(): string;
  chatLine(): { player: SimPlayer; message: string } | null;
}

const CHAT_MESSAGES = [
  'всем привет',
  'кто на нефтевышку?',
  'продам скрап',
  'wipe когда?',
  'gg',
  'где купить калаш?',
  'спасибо за сервер!',
  'anyone trading sulfur?',
];

export function createChatter(roster: Roster, random: () => number): Chatter {
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  return {
    consoleLine() {
      const entities = 48_000 + Math.floor(random() * 4000);
      const players = roster.list();
      const a = pick(players);
      const b = pick(players.filter((p) => p !== a));
      const lines = [
        `Saving ${entities} entities`,
        `Saved ${entities.toLocaleString('en-US')} ents, cache(0.0${Math.floor(random() * 9)}), write(0.01), disk(0.00).`,
        'Invalid Position: supply_drop[1234] (resetting)',
        a && b ? `${a.name}[${a.steamId}] was killed by ${b.name}[${b.steamId}]` : 'Barrel spawned',
        a ? `${a.name}[${a.steamId}] has entered the game` : 'Oil rig event started',
      ];
      return pick(lines) ?? lines[0] ?? '';
    },
    chatLine() {
      const player = pick(roster.list());
      const message = pick(CHAT_MESSAGES);
      return player && message ? { player, message } : null;
    },
  };
}

export function joinLine(player: SimPlayer): string {
  return `${player.address}/${player.steamId}/${player.name} joined [windows/${player.steamId}]`;
}

export function leaveLine(player: SimPlayer): string {
  return `${player.address}/${player.steamId}/${player.name} disconnecting: disconnect`;
}
