import { Activity, Cpu, MemoryStick } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { useMetrics } from '../api/get-metrics';
import { clampPercent, gaugeTone, type GaugeTone } from '../gauge-tone';

const toneColour: Record<GaugeTone, string> = {
  green: 'text-success',
  yellow: 'text-warning',
  red: 'text-destructive',
};

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function Gauge({ label, icon, value }: { label: string; icon: ReactNode; value?: number }) {
  const percent = value === undefined ? 0 : clampPercent(value);
  const tone = gaugeTone(percent);
  const text = value === undefined ? '—' : `${Math.round(percent)}%`;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value === undefined ? undefined : Math.round(percent)}
      aria-valuetext={text}
      className="flex flex-col items-center gap-2"
    >
      <div className="relative size-28 md:size-36">
        <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
          <circle
            cx="50"
            cy="50"
            r={RADIUS}
            fill="none"
            strokeWidth="9"
            className="stroke-white/8"
          />
          <circle
            cx="50"
            cy="50"
            r={RADIUS}
            fill="none"
            strokeWidth="9"
            strokeLinecap="round"
            stroke="currentColor"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
            className={cn(
              'transition-[stroke-dashoffset,color] duration-700',
              value === undefined ? 'text-white/10' : toneColour[tone],
            )}
          />
        </svg>
        <div className="absolute inset-0 flex flex-col items-center justify-center">
          <span className="font-display text-2xl font-extrabold text-white tabular-nums md:text-3xl">
            {text}
          </span>
        </div>
      </div>
      <p className="flex items-center gap-1.5 text-sm font-semibold text-foreground/85">
        {icon}
        {label}
      </p>
    </div>
  );
}

/** Host load for admins, under the server grid (SPEC §2 Servers). */
export function MetricsCard() {
  const metrics = useMetrics(true);

  useEffect(() => {
    // SPEC §8: metrics failures are only logged; the gauges keep their last reading.
    if (metrics.error) console.warn('Metrics load failed', metrics.error);
  }, [metrics.error]);

  return (
    <Card className="mt-8 p-5 sm:p-6" aria-labelledby="metrics-title" role="region">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2
          id="metrics-title"
          className="flex items-center gap-2 font-display text-lg font-bold tracking-wide text-white uppercase"
        >
          <Activity className="size-5 text-primary" aria-hidden="true" />
          Системные метрики
        </h2>
        <p className="text-xs text-muted-foreground">Обновляется каждые 5 секунд</p>
      </div>
      <div className="grid grid-cols-2 justify-items-center gap-6 md:flex md:justify-center md:gap-24">
        <Gauge
          label="Загрузка CPU"
          icon={<Cpu className="size-4 text-accent" aria-hidden="true" />}
          value={metrics.data?.cpu}
        />
        <Gauge
          label="Загрузка RAM"
          icon={<MemoryStick className="size-4 text-accent" aria-hidden="true" />}
          value={metrics.data?.ram}
        />
      </div>
    </Card>
  );
}
