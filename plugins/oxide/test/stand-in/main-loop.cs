// The server's main thread, frame by frame. Oxide runs hooks, timers and web-request callbacks on it
// (callbacks are queued with Interface.Oxide.NextTick and run at the next frame), so the stand-in does
// too: stdin commands, HTTP completions and anything else from another thread are posted here.
// A frame: the due timers, then everything posted before the frame began (in order; what is posted
// meanwhile waits for the next frame, as Oxide's NextTick queue), then the end of the frame, where coroutines (the world save) take one step each. While no coroutine runs the loop sleeps
// until something is posted or a timer is due; while one runs, frames follow each other every FrameMs
// (the server's frame time), so commands, callbacks and timers keep running between the save's steps.
using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Threading;

namespace RustStandIn
{
    internal static class MainLoop
    {
        private static readonly BlockingCollection<Action> Queue = new BlockingCollection<Action>();
        private static readonly List<IEnumerator> Coroutines = new List<IEnumerator>();
        private static Thread mainThread;
        private static volatile bool quit;

        /// <summary>How long a frame lasts while a coroutine runs (the server's frame time).</summary>
        public static int FrameMs = 16;

        /// <summary>Runs at the end of every frame, outside plugin time (the web requests' worker).</summary>
        public static Action AfterFrame;

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

        /// <summary>
        /// As MonoBehaviour.StartCoroutine: runs the coroutine up to its first yield at once; each later
        /// step runs at the end of a frame (every yield is a WaitForEndOfFrame).
        /// </summary>
        public static void StartCoroutine(IEnumerator coroutine)
        {
            if (Step(coroutine))
            {
                Coroutines.Add(coroutine);
            }
        }

        public static bool Busy
        {
            get { return Coroutines.Count > 0; }
        }

        /// <summary>Runs until Stop, one frame at a time.</summary>
        public static void Run(Timers timers)
        {
            mainThread = Thread.CurrentThread;
            var frameClock = new Stopwatch();
            while (!quit)
            {
                Action first = null;
                if (Coroutines.Count == 0 && Queue.Count == 0)
                {
                    // Idle: nothing happens until something is posted or a timer is due.
                    Queue.TryTake(out first, timers.MillisecondsUntilNext(250));
                }
                frameClock.Restart();
                FrameStats.BeginFrame();
                Safely(() => timers.RunDue());
                if (first != null)
                {
                    Safely(first);
                }
                // What was posted before the frame began; anything posted meanwhile waits for the next frame.
                int posted = Queue.Count;
                Action next;
                for (int i = 0; i < posted && Queue.TryTake(out next); i++)
                {
                    Safely(next);
                }
                foreach (IEnumerator coroutine in Coroutines.ToArray())
                {
                    bool more = true;
                    Safely(() => more = Step(coroutine));
                    if (!more)
                    {
                        Coroutines.Remove(coroutine);
                    }
                }
                FrameStats.EndFrame();
                if (AfterFrame != null)
                {
                    Safely(AfterFrame);
                }
                if (Coroutines.Count > 0)
                {
                    int rest = FrameMs - (int)frameClock.ElapsedMilliseconds;
                    if (rest > 0)
                    {
                        Thread.Sleep(rest);
                    }
                }
            }
        }

        private static bool Step(IEnumerator coroutine)
        {
            try
            {
                return coroutine.MoveNext();
            }
            catch (Exception ex)
            {
                Events.Exception("Coroutine error", ex);
                return false;
            }
        }

        private static void Safely(Action action)
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
