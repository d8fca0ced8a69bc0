// Plugin timers on a clock that runs in real time and can be moved forward (the "advance" command).
// As Oxide.Core's Timer library: a repeating timer is rescheduled from its previous due time (so an
// advance past several periods fires each missed period), a timer whose callback throws is destroyed
// and the exception logged, and a plugin's timers are destroyed when it unloads.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using Oxide.Core.Plugins;
using RustStandIn.Bridge;

namespace RustStandIn
{
    internal sealed class TimerEntry : ITimerHandle
    {
        public Plugin Owner;
        public double ExpiresAt;
        public float Delay;
        public int Repetitions; // > 0: fires left; <= 0: forever (Oxide's Every passes -1)
        public Action Callback;
        public bool Destroyed;
        public long Sequence;

        public void Destroy()
        {
            Destroyed = true;
        }
    }

    internal sealed class Timers
    {
        private readonly Stopwatch watch = Stopwatch.StartNew();
        private readonly List<TimerEntry> entries = new List<TimerEntry>();
        private readonly Func<Plugin, string> describe;
        private double offset;
        private long sequence;

        public Timers(Func<Plugin, string> describe)
        {
            this.describe = describe;
        }

        /// <summary>Seconds since start, plus everything advanced.</summary>
        public double Now
        {
            get { return watch.Elapsed.TotalSeconds + offset; }
        }

        public int Pending
        {
            get { return entries.FindAll(e => !e.Destroyed && e.Owner != null).Count; }
        }

        public TimerEntry Add(Plugin owner, float delay, int repetitions, Action callback)
        {
            var entry = new TimerEntry
            {
                Owner = owner,
                ExpiresAt = Now + delay,
                Delay = delay,
                Repetitions = repetitions,
                Callback = callback,
                Sequence = sequence++
            };
            entries.Add(entry);
            return entry;
        }

        public int Advance(double seconds)
        {
            offset += Math.Max(0, seconds);
            return RunDue();
        }

        public void DestroyFor(Plugin plugin)
        {
            foreach (TimerEntry entry in entries)
            {
                if (entry.Owner == plugin)
                {
                    entry.Destroyed = true;
                }
            }
        }

        /// <summary>Fires every due timer, earliest first; a zero-delay timer fires once per call.</summary>
        public int RunDue()
        {
            int fired = 0;
            var firedOnce = new HashSet<TimerEntry>();
            for (int guard = 0; guard < 100000; guard++)
            {
                entries.RemoveAll(e => e.Destroyed);
                double now = Now;
                TimerEntry next = null;
                foreach (TimerEntry entry in entries)
                {
                    if (entry.ExpiresAt > now || firedOnce.Contains(entry))
                    {
                        continue;
                    }
                    if (next == null || entry.ExpiresAt < next.ExpiresAt ||
                        (entry.ExpiresAt == next.ExpiresAt && entry.Sequence < next.Sequence))
                    {
                        next = entry;
                    }
                }
                if (next == null)
                {
                    break;
                }
                if (next.Delay <= 0f)
                {
                    firedOnce.Add(next);
                }
                Fire(next);
                fired++;
            }
            return fired;
        }

        public int MillisecondsUntilNext(int cap)
        {
            double now = Now;
            double wait = cap / 1000.0;
            foreach (TimerEntry entry in entries)
            {
                if (!entry.Destroyed)
                {
                    wait = Math.Min(wait, entry.ExpiresAt - now);
                }
            }
            // At least a millisecond, so a zero-delay repeating timer fires once per pass, like once a frame.
            return (int)Math.Max(1, Math.Ceiling(wait * 1000));
        }

        private void Fire(TimerEntry entry)
        {
            if (entry.Repetitions > 0 && --entry.Repetitions == 0)
            {
                entry.Destroyed = true;
            }
            else
            {
                entry.ExpiresAt += entry.Delay;
            }
            bool plugin = entry.Owner != null;
            if (plugin)
            {
                FrameStats.Enter();
            }
            try
            {
                entry.Callback();
            }
            catch (Exception ex)
            {
                entry.Destroyed = true;
                Events.Exception(string.Format("Failed to run a {0:0.00} timer in '{1}'", entry.Delay, describe(entry.Owner)), ex);
            }
            finally
            {
                if (plugin)
                {
                    FrameStats.Exit();
                }
            }
        }
    }
}
