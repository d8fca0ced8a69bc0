import { wipeScheduleSchema, type WipeSchedule } from '@shop/shared';

export type WipeEvery = 'none' | WipeSchedule['every'];

/** The schedule part of the server form, as typed: every preset's fields are kept while switching. */
export interface WipeScheduleFormValues {
  wipeEvery: WipeEvery;
  /** '0' (Sunday) to '6' (Saturday), as Date#getDay counts. */
  wipeWeekday: string;
  /** 'HH:MM'. */
  wipeTime: string;
  /** 'YYYY-MM-DD': one wipe of a two-week cycle. */
  wipeAnchor: string;
  /** IANA zone; empty: the shop's own (SHOP_TIMEZONE). */
  wipeTimeZone: string;
}
export type WipeScheduleField = keyof WipeScheduleFormValues;

export const wipeEveryOptions: readonly (readonly [WipeEvery, string])[] = [
  ['none', 'Нет расписания'],
  ['week', 'Каждую неделю'],
  ['two-weeks', 'Раз в две недели'],
  ['month-first-thursday', 'Первый четверг месяца'],
];

const weekdayNames = [
  'воскресенье',
  'понедельник',
  'вторник',
  'среда',
  'четверг',
  'пятница',
  'суббота',
] as const;

/** Monday first, as a Russian calendar reads. */
export const weekdayOptions: readonly (readonly [string, string])[] = [1, 2, 3, 4, 5, 6, 0].map(
  (day) => [String(day), capitalize(weekdayNames[day]!)] as const,
);

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Thursday at 14:00 (Facepunch's monthly update lands then), the first thing admins pick anyway. */
export const emptyWipeSchedule: WipeScheduleFormValues = {
  wipeEvery: 'none',
  wipeWeekday: '4',
  wipeTime: '14:00',
  wipeAnchor: '',
  wipeTimeZone: '',
};

export function scheduleToForm(schedule: WipeSchedule | null): WipeScheduleFormValues {
  if (schedule === null) return emptyWipeSchedule;
  return {
    wipeEvery: schedule.every,
    wipeWeekday: 'weekday' in schedule ? String(schedule.weekday) : emptyWipeSchedule.wipeWeekday,
    wipeTime: schedule.time,
    wipeAnchor: schedule.every === 'two-weeks' ? schedule.anchor : '',
    wipeTimeZone: schedule.timeZone ?? '',
  };
}

const scheduleFields: Record<string, WipeScheduleField> = {
  weekday: 'wipeWeekday',
  time: 'wipeTime',
  anchor: 'wipeAnchor',
  timeZone: 'wipeTimeZone',
};

/**
 * The schedule the form describes, checked by the shared rules: null for «Нет расписания», or the
 * first problem with the form fields it concerns.
 */
export function formToSchedule(
  values: WipeScheduleFormValues,
):
  | { ok: true; schedule: WipeSchedule | null }
  | { ok: false; message: string; fields: WipeScheduleField[] } {
  if (values.wipeEvery === 'none') return { ok: true, schedule: null };
  const timeZone = values.wipeTimeZone.trim() || undefined;
  const time = values.wipeTime.trim();
  const parsed = wipeScheduleSchema.safeParse(
    values.wipeEvery === 'month-first-thursday'
      ? { every: values.wipeEvery, time, timeZone }
      : {
          every: values.wipeEvery,
          weekday: values.wipeWeekday,
          time,
          timeZone,
          ...(values.wipeEvery === 'two-weeks' ? { anchor: values.wipeAnchor.trim() } : {}),
        },
  );
  if (parsed.success) return { ok: true, schedule: parsed.data };
  const fields = parsed.error.issues.flatMap((issue) => {
    const field = scheduleFields[String(issue.path[0])];
    return field ? [field] : [];
  });
  return {
    ok: false,
    message: parsed.error.issues[0]?.message ?? 'Проверьте расписание вайпов',
    fields: [...new Set(fields)],
  };
}

/** «Каждую неделю, четверг в 14:00»: the schedule in a line, for the admin's server card. */
export function describeSchedule(schedule: WipeSchedule): string {
  const zone = schedule.timeZone ? ` (${schedule.timeZone})` : '';
  if (schedule.every === 'month-first-thursday')
    return `Первый четверг месяца в ${schedule.time}${zone}`;
  const day = weekdayNames[schedule.weekday] ?? '';
  const every = schedule.every === 'week' ? 'Каждую неделю' : 'Раз в две недели';
  return `${every}, ${day} в ${schedule.time}${zone}`;
}
