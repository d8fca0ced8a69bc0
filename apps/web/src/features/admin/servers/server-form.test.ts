import type { AdminServer } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyServerForm,
  REQUIRED_SERVER_FIELDS,
  serverFormToPayload,
  serverToForm,
  type ServerFormValues,
} from './server-form';

const filled: ServerFormValues = {
  ...emptyServerForm,
  name: ' Classic ',
  ip: '203.0.113.10',
  port: '28015',
};

describe('serverFormToPayload', () => {
  it('asks for name, IP and port with one message', () => {
    const result = serverFormToPayload({ ...filled, name: ' ', port: '' });
    expect(result).toEqual({
      ok: false,
      message: REQUIRED_SERVER_FIELDS,
      fields: ['name', 'port'],
    });
  });

  it('maps the form to the API payload', () => {
    const result = serverFormToPayload({
      ...filled,
      rconPort: '28017',
      maxPlayers: '150',
      delivery: 'plugin',
      status: 'maintenance',
    });
    expect(result).toEqual({
      ok: true,
      payload: {
        name: 'Classic',
        ip: '203.0.113.10',
        port: 28015,
        rconPort: 28017,
        maxPlayers: 150,
        map: '',
        description: '',
        rconPassword: '',
        isPluginEnabled: 1,
        status: 'maintenance',
        wipeSchedule: null,
      },
    });
  });

  it("sends the wipe schedule the preset describes, in the shop's zone unless one is given", () => {
    const weekly = serverFormToPayload({
      ...filled,
      wipeEvery: 'week',
      wipeWeekday: '5',
      wipeTime: '18:30',
    });
    expect(weekly.ok).toBe(true);
    // No zone typed: none is sent and the shop's own applies (a timeZone, even '', would differ).
    expect(weekly.ok && weekly.payload.wipeSchedule).toEqual({
      every: 'week',
      weekday: 5,
      time: '18:30',
    });
    const monthly = serverFormToPayload({
      ...filled,
      wipeEvery: 'month-first-thursday',
      wipeTimeZone: ' Asia/Yekaterinburg ',
    });
    expect(monthly.ok && monthly.payload.wipeSchedule).toEqual({
      every: 'month-first-thursday',
      time: '14:00',
      timeZone: 'Asia/Yekaterinburg',
    });
  });

  it('marks the schedule field the shared rules refuse', () => {
    expect(serverFormToPayload({ ...filled, wipeEvery: 'two-weeks' })).toEqual({
      ok: false,
      message: 'Укажите дату одного из вайпов (ГГГГ-ММ-ДД)',
      fields: ['wipeAnchor'],
    });
    expect(serverFormToPayload({ ...filled, wipeEvery: 'week', wipeTime: '25:00' })).toMatchObject({
      ok: false,
      fields: ['wipeTime'],
    });
    expect(
      serverFormToPayload({ ...filled, wipeEvery: 'week', wipeTimeZone: 'Mars/Olympus' }),
    ).toEqual({ ok: false, message: 'Неизвестный часовой пояс', fields: ['wipeTimeZone'] });
  });

  it('falls back to RCON port 28016 and 100 players when empty or invalid', () => {
    const result = serverFormToPayload({ ...filled, rconPort: '', maxPlayers: 'abc' });
    expect(result.ok && [result.payload.rconPort, result.payload.maxPlayers]).toEqual([28016, 100]);
  });

  it('reports an invalid port with the shared message', () => {
    const result = serverFormToPayload({ ...filled, port: '70000' });
    expect(result).toMatchObject({ ok: false, fields: ['port'] });
  });
});

describe('serverToForm', () => {
  const server: AdminServer = {
    id: 1,
    name: 'Classic',
    description: 'x2',
    status: 'online',
    ip: '127.0.0.1',
    port: 28015,
    map: 'Barren',
    playersOnline: 3,
    maxPlayers: 200,
    isPluginEnabled: 2,
    rconPort: 28016,
    rconPassword: 'secret',
    pluginKey: 'key',
    statusOverride: null,
    lastCheckedAt: null,
    lastError: null,
    lastWipeAt: null,
    nextWipeAt: null,
    wipeSchedule: null,
  };

  it('shows a kept maintenance status, otherwise what the monitor sees', () => {
    expect(
      serverToForm({ ...server, status: 'maintenance', statusOverride: 'maintenance' }).status,
    ).toBe('maintenance');
    expect(serverToForm({ ...server, status: 'offline' }).status).toBe('offline');
    expect(serverToForm(server)).toMatchObject({
      delivery: 'hidden',
      port: '28015',
      status: 'online',
    });
  });

  it('opens a two-week schedule with its day, time, anchor and zone', () => {
    const form = serverToForm({
      ...server,
      wipeSchedule: {
        every: 'two-weeks',
        weekday: 4,
        time: '15:00',
        anchor: '2026-11-19',
        timeZone: 'Europe/Berlin',
      },
    });
    expect(form).toMatchObject({
      wipeEvery: 'two-weeks',
      wipeWeekday: '4',
      wipeTime: '15:00',
      wipeAnchor: '2026-11-19',
      wipeTimeZone: 'Europe/Berlin',
    });
    expect(serverFormToPayload(form)).toMatchObject({
      ok: true,
      payload: { wipeSchedule: { every: 'two-weeks', anchor: '2026-11-19' } },
    });
    expect(serverToForm(server).wipeEvery).toBe('none');
  });

  it('round-trips through the payload mapping', () => {
    const result = serverFormToPayload(serverToForm(server));
    expect(result).toMatchObject({ ok: true, payload: { name: 'Classic', isPluginEnabled: 2 } });
  });
});
