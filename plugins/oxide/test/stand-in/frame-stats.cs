// What each main-loop frame spends in plugin code: hooks (chat and console commands included), timer
// callbacks and web-request callbacks, measured where the host calls into the plugin. Nested calls
// (a plugin running a console command that is its own, a GiveItem that asks the plugin's CanStackItem)
// count once. The game's own work is not counted; what the plugin's calls into the game cost is.
// `stats` answers {frames, maxFrameMs, totalPluginMs, over5ms}: frames run since the start (or the last
// reset), the most plugin time in one frame, the plugin time in all, and how many frames spent more than
// 5 ms in the plugin; and the same in the main thread's CPU time (…CpuMs, over5msCpu), which the other
// processes of a test machine (the shop, its database) cannot inflate by taking the core away.
using System.Diagnostics;
using System.Runtime.InteropServices;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal static class FrameStats
    {
        private const double Budget = 5.0;
        private static readonly Stopwatch Clock = new Stopwatch();
        private static int depth;
        private static double frameMs;
        private static long frames;
        private static double maxFrameMs;
        private static double totalMs;
        private static long over;
        private static double cpuStart;
        private static double frameCpuMs;
        private static double maxFrameCpuMs;
        private static double totalCpuMs;
        private static long overCpu;

        [StructLayout(LayoutKind.Sequential)]
        private struct Timespec
        {
            public long Seconds;
            public long Nanoseconds;
        }

        [DllImport("libc", EntryPoint = "clock_gettime")]
        private static extern int ClockGettime(int clock, out Timespec time);

        private const int ThreadCpuClock = 3; // CLOCK_THREAD_CPUTIME_ID (Linux)

        private static double ThreadCpuMs()
        {
            Timespec time;
            return ClockGettime(ThreadCpuClock, out time) == 0 ? time.Seconds * 1000.0 + time.Nanoseconds / 1e6 : 0;
        }

        public static void Enter()
        {
            if (depth++ == 0)
            {
                Clock.Restart();
                cpuStart = ThreadCpuMs();
            }
        }

        public static void Exit()
        {
            if (--depth == 0)
            {
                Clock.Stop();
                frameMs += Clock.Elapsed.TotalMilliseconds;
                frameCpuMs += ThreadCpuMs() - cpuStart;
            }
        }

        public static void BeginFrame()
        {
            frameMs = 0;
            frameCpuMs = 0;
        }

        public static void EndFrame()
        {
            frames++;
            totalMs += frameMs;
            if (frameMs > maxFrameMs)
            {
                maxFrameMs = frameMs;
            }
            if (frameMs > Budget)
            {
                over++;
            }
            totalCpuMs += frameCpuMs;
            if (frameCpuMs > maxFrameCpuMs)
            {
                maxFrameCpuMs = frameCpuMs;
            }
            if (frameCpuMs > Budget)
            {
                overCpu++;
            }
        }

        public static JObject ToJson(bool reset)
        {
            var json = new JObject
            {
                { "frames", frames }, { "maxFrameMs", System.Math.Round(maxFrameMs, 3) },
                { "totalPluginMs", System.Math.Round(totalMs, 3) }, { "over5ms", over },
                { "maxFrameCpuMs", System.Math.Round(maxFrameCpuMs, 3) },
                { "totalPluginCpuMs", System.Math.Round(totalCpuMs, 3) }, { "over5msCpu", overCpu }
            };
            if (reset)
            {
                frames = 0;
                maxFrameMs = 0;
                totalMs = 0;
                over = 0;
                maxFrameCpuMs = 0;
                totalCpuMs = 0;
                overCpu = 0;
            }
            return json;
        }
    }
}
