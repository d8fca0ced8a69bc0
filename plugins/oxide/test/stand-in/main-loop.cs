// The server's main thread. Oxide runs hooks, timers and web-request callbacks on it (callbacks are
// queued with Interface.Oxide.NextTick), so the stand-in does too: stdin commands, HTTP completions
// and anything else from another thread are posted here and run one at a time, in order.
using System;
using System.Collections.Concurrent;
using System.Threading;

namespace RustStandIn
{
    internal static class MainLoop
    {
        private static readonly BlockingCollection<Action> Queue = new BlockingCollection<Action>();
        private static Thread mainThread;
        private static volatile bool quit;

        public static bool OnMainThread
        {
            get { return Thread.CurrentThread == mainThread; }
        }

        public static void Post(Action action)
        {
            Queue.Add(action);
        }

        public static void Stop()
        {
            quit = true;
        }

        /// <summary>Runs until Stop: due timers first, then the next queued action or the next timer.</summary>
        public static void Run(Timers timers)
        {
            mainThread = Thread.CurrentThread;
            while (!quit)
            {
                timers.RunDue();
                Action action;
                if (Queue.TryTake(out action, timers.MillisecondsUntilNext(250)))
                {
                    try
                    {
                        action();
                    }
                    catch (Exception ex)
                    {
                        Events.Exception("Stand-in error", ex);
                    }
                }
            }
        }
    }
}
