import {
  DEFAULT_MAX_PLAYERS,
  DEFAULT_RCON_PORT,
  deliveryMethodOf,
  deliveryModes,
  serverInputSchema,
  type AdminServer,
  type DeliveryMethod,
} from '@shop/shared';
import type { ServerPayload } from './api/create-server';
import { failure, fromZodError, type FormResult } from '../shared/form-result';
import {
  emptyWipeSchedule,
  formToSchedule,
  scheduleToForm,
  type WipeScheduleFormValues,
} from './wipe-schedule';

export type EditableStatus = 'online' | 'offline' | 'maintenance';

/** Every field as the text the admin typed, so that "empty" stays distinguishable from 0. */
export interface ServerFormValues extends WipeScheduleFormValues {
  name: string;
  ip: string;
  port: string;
  rconPort: string;
  maxPlayers: string;
  map: string;
  description: string;
  rconPassword: string;
  delivery: DeliveryMethod;
  status: EditableStatus;
}

export const REQUIRED_SERVER_FIELDS = 'Заполните обязательные поля (название, IP, порт)';

export const deliveryOptions = [
  { value: 'rcon', label: 'RCON' },
  { value: 'plugin', label: 'Плагин (/store)' },
  { value: 'hidden', label: 'Скрыт от покупателей' },
] as const satisfies readonly { value: DeliveryMethod; label: string }[];

export function deliveryLabel(server: { isPluginEnabled: number }): string {
  const method = deliveryMethodOf(server);
  return deliveryOptions.find((option) => option.value === method)?.label ?? 'RCON';
}

/** SPEC §4: the admin form offers these three; maintenance sticks, the other two hand back to the monitor. */
export const statusOptions: readonly { value: EditableStatus; label: string }[] = [
  { value: 'online', label: 'Онлайн' },
  { value: 'offline', label: 'Оффлайн' },
  { value: 'maintenance', label: 'Технические работы' },
];

export const emptyServerForm: ServerFormValues = {
  name: '',
  ip: '',
  port: '',
  rconPort: String(DEFAULT_RCON_PORT),
  maxPlayers: String(DEFAULT_MAX_PLAYERS),
  map: '',
  description: '',
  rconPassword: '',
  delivery: 'rcon',
  status: 'online',
  ...emptyWipeSchedule,
};

export function serverToForm(server: AdminServer): ServerFormValues {
  return {
    name: server.name,
    ip: server.ip,
    port: String(server.port),
    rconPort: String(server.rconPort),
    maxPlayers: String(server.maxPlayers),
    map: server.map,
    description: server.description,
    rconPassword: server.rconPassword,
    delivery: deliveryMethodOf(server),
    status:
      server.statusOverride === 'maintenance'
        ? 'maintenance'
        : server.status === 'offline'
          ? 'offline'
          : 'online',
    ...scheduleToForm(server.wipeSchedule),
  };
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value.trim());

/**
 * SPEC §5: name, IP and port are required (one message for all three); an empty or invalid RCON
 * port or player cap falls back to its default. The rest of the rules are the shared schema's.
 */
export function serverFormToPayload(values: ServerFormValues): FormResult<ServerPayload> {
  const missing = (['name', 'ip', 'port'] as const).filter((field) => !values[field].trim());
  if (missing.length > 0) return failure(REQUIRED_SERVER_FIELDS, [...missing]);
  const wipes = formToSchedule(values);
  if (!wipes.ok) return failure(wipes.message, wipes.fields);

  const parsed = serverInputSchema.safeParse({
    name: values.name,
    ip: values.ip,
    port: values.port.trim(),
    rconPort: blankToUndefined(values.rconPort),
    maxPlayers: blankToUndefined(values.maxPlayers),
    map: values.map,
    description: values.description,
    rconPassword: values.rconPassword,
    isPluginEnabled: deliveryModes[values.delivery],
    status: values.status,
    wipeSchedule: wipes.schedule,
  });
  return parsed.success ? { ok: true, payload: parsed.data } : fromZodError(parsed.error);
}
