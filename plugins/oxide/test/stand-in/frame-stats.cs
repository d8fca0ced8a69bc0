// What each main-loop frame spends in plugin code: hooks (chat and console commands included), timer
// callbacks and web-request callbacks, measured where the host calls into the plugin. Nested calls
// (a plugin running a console command that is its own, a GiveItem that asks the plugin's CanStackItem)
// count once. The game's own work is not counted; what the plugin's calls into the game cost is.
// `stats` answers {frames, maxFrameMs, totalPluginMs, over5ms}: frames run since the start (or the last
// reset), the most plugin time in one frame, the plugin time in all, and how many frames spent more than
// 5 ms in the plugin.
using System.Diagnostics;
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

        public static void Enter()
        {
            if (depth++ == 0)
            {
                Clock.Restart();
            }
        }

        public static void Exit()
        {
            if (--depth == 0)
            {
                Clock.Stop();
                frameMs += Clock.Elapsed.TotalMilliseconds;
            }
        }

        public static void BeginFrame()
        {
            frameMs = 0;
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
        }

        public static JObject ToJson(bool reset)
        {
            var json = new JObject
            {
                { "frames", frames }, { "maxFrameMs", System.Math.Round(maxFrameMs, 3) },
                { "totalPluginMs", System.Math.Round(totalMs, 3) }, { "over5ms", over }
            };
            if (reset)
            {
                frames = 0;
                maxFrameMs = 0;
                totalMs = 0;
                over = 0;
            }
            return json;
        }
    }
}
