import { CalendarClock } from 'lucide-react';
import { useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ServerFormValues } from '../server-form';
import { weekdayOptions, wipeEveryOptions } from '../wipe-schedule';
import { SelectField } from '../../shared/components/select-field';

type Field = keyof ServerFormValues;

/** Zones the browser knows, offered as the admin types (any IANA name is still accepted). */
function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * The server form's wipe schedule: a preset, then only the fields it needs. The shop predicts the
 * next wipe from it (the countdown on /servers, the purchase warnings); wipes it sees still count.
 */
export function WipeScheduleFields({
  form,
  err,
  aria,
}: {
  form: UseFormReturn<ServerFormValues>;
  err: (field: Field) => string | undefined;
  aria: (id: string, field: Field, hint?: boolean) => Record<string, unknown>;
}) {
  const { register, control } = form;
  const every = useWatch({ control, name: 'wipeEvery' });
  const zones = useMemo(() => knownTimeZones(), []);

  return (
    <fieldset className="grid gap-4 rounded-lg border border-white/10 bg-black/25 p-4 sm:col-span-6 sm:grid-cols-6">
      <legend className="flex items-center gap-1.5 px-1 text-sm font-bold text-accent">
        <CalendarClock className="size-4" aria-hidden="true" />
        Расписание вайпов
      </legend>
      <FormField
        id="server-wipe-every"
        label="Вайп"
        hint={
          every === 'none'
            ? 'Без расписания магазин не знает, когда следующий вайп, и показывает только прошедший.'
            : undefined
        }
        className={every === 'none' ? 'sm:col-span-6' : 'sm:col-span-3'}
      >
        <SelectField
          control={control}
          name="wipeEvery"
          options={wipeEveryOptions}
          aria={aria('server-wipe-every', 'wipeEvery', every === 'none')}
        />
      </FormField>
      {(every === 'week' || every === 'two-weeks') && (
        <FormField
          id="server-wipe-weekday"
          label="День недели"
          error={err('wipeWeekday')}
          className="sm:col-span-3"
        >
          <SelectField
            control={control}
            name="wipeWeekday"
            options={weekdayOptions}
            aria={aria('server-wipe-weekday', 'wipeWeekday')}
          />
        </FormField>
      )}
      {every !== 'none' && (
        <>
          <FormField
            id="server-wipe-time"
            label="Время"
            error={err('wipeTime')}
            className={every === 'month-first-thursday' ? 'sm:col-span-3' : 'sm:col-span-2'}
          >
            <Input
              {...aria('server-wipe-time', 'wipeTime')}
              type="time"
              className="[color-scheme:dark]"
              {...register('wipeTime')}
            />
          </FormField>
          {every === 'two-weeks' && (
            <FormField
              id="server-wipe-anchor"
              label="Дата одного из вайпов"
              required
              error={err('wipeAnchor')}
              hint="Любой прошедший или будущий вайп: по нему видно, какая из двух недель."
              className="sm:col-span-4"
            >
              <Input
                {...aria('server-wipe-anchor', 'wipeAnchor', true)}
                type="date"
                className="[color-scheme:dark]"
                {...register('wipeAnchor')}
              />
            </FormField>
          )}
          <FormField
            id="server-wipe-zone"
            label="Часовой пояс"
            error={err('wipeTimeZone')}
            hint="Пусто — часовой пояс магазина (SHOP_TIMEZONE)."
            className={every === 'two-weeks' ? 'sm:col-span-6' : 'sm:col-span-4'}
          >
            <Input
              {...aria('server-wipe-zone', 'wipeTimeZone', true)}
              autoComplete="off"
              spellCheck={false}
              placeholder="Europe/Moscow"
              list="server-wipe-zones"
              className="font-mono"
              {...register('wipeTimeZone')}
            />
            <datalist id="server-wipe-zones">
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </FormField>
        </>
      )}
    </fieldset>
  );
}
