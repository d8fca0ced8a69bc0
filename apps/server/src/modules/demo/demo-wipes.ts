import type { WipeSchedule } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { createWipesRepository } from '../wipes/wipes-repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far back the demo's history goes (its month). */
const HISTORY_DAYS = 30;

/**
 * How each demo server wipes: when it last wiped before a fresh demo starts, how often before
 * that (the history's past wipes), and the schedule the admin panel shows and predicts from.
 */
export interface DemoWipes {
  /** Hours before a fresh demo's start that the server's current save was made. */
  lastWipeHoursAgo: number;
  /** Days between the wipes of its history, back from the last one. */
  everyDays: number;
  /** The schedule, given the last wipe's time (a fortnightly cycle runs from it). */
  schedule: (lastWipe: Date, shopTimeZone: string) => WipeSchedule;
  seed: number;
  worldSize: number;
}

/** The save a demo server starts on: the one it had (a restart is no wipe), else a new one. */
export interface DemoSave {
  saveCreatedAt: Date;
  seed: number;
  worldSize: number;
}

/**
 * A restarted demo comes back on the save it last had, so a restart records no wipe; a fresh demo
 * starts on a save made `lastWipeHoursAgo` before now.
 */
export async function demoSave(
  app: FastifyInstance,
  serverId: number | undefined,
  wipes: DemoWipes,
): Promise<DemoSave> {
  const last = serverId ? await createWipesRepository(app.db).lastWipe(serverId) : undefined;
  if (last && last.wipedAt.getTime() <= Date.now()) {
    return {
      saveCreatedAt: last.wipedAt,
      seed: last.seed ?? wipes.seed,
      worldSize: last.worldSize ?? wipes.worldSize,
    };
  }
  return {
    saveCreatedAt: new Date(Date.now() - wipes.lastWipeHoursAgo * HOUR),
    seed: wipes.seed,
    worldSize: wipes.worldSize,
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Every two weeks on the weekday and at the hour of the last wipe, in the shop's zone. */
export function fortnightFrom(lastWipe: Date, shopTimeZone: string): WipeSchedule {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: shopTimeZone,
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
  }).formatToParts(lastWipe);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return {
    every: 'two-weeks',
    weekday: Math.max(WEEKDAYS.indexOf(part('weekday')), 0),
    time: `${part('hour')}:00`,
    anchor: `${part('year')}-${part('month')}-${part('day')}`,
  };
}

/**
 * The wipes of the history: every `everyDays` back from the server's current save, within the
 * month, each with its own map seed (the current one is the monitor's to see).
 */
export function pastWipes(
  serverId: number,
  current: Date,
  wipes: DemoWipes,
  random: () => number,
): Array<{ serverId: number; at: Date; seed: number; worldSize: number }> {
  const past = [];
  const oldest = Date.now() - HISTORY_DAYS * DAY;
  for (
    let at = current.getTime() - wipes.everyDays * DAY;
    at > oldest;
    at -= wipes.everyDays * DAY
  ) {
    const seed = 1 + Math.floor(random() * 2_000_000_000);
    past.push({ serverId, at: new Date(at), seed, worldSize: wipes.worldSize });
  }
  return past;
}

/**
 * The demo servers' wipes. The classic server wiped 5 hours before a fresh demo begins (its sale
 * «после вайпа» runs and a raid item is blocked there), every two weeks; the other wipes every
 * Thursday at 18:00 Moscow time, as its description and the history's support chat say, and last
 * wiped 3 days before the demo began.
 */
export const DEMO_WIPES = {
  classic: {
    lastWipeHoursAgo: 5,
    everyDays: 14,
    schedule: fortnightFrom,
    seed: 1_870_314,
    worldSize: 4250,
  },
  weekly: {
    lastWipeHoursAgo: 72,
    everyDays: 7,
    schedule: () => ({ every: 'week', weekday: 4, time: '18:00', timeZone: 'Europe/Moscow' }),
    seed: 2_024_117,
    worldSize: 3500,
  },
} satisfies Record<string, DemoWipes>;
