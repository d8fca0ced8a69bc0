// The stand-in's stdout: one JSON object per line, each with an "event" name. Only this class writes
// there; Console.Out is pointed at stderr so a plugin that prints cannot break the protocol. Lines are
// queued in order and written by a thread of their own, so a slow reader on the other end of the pipe
// never counts as time spent in the plugin (frame-stats.cs).
using System;
using System.Collections.Concurrent;
using System.IO;
using System.Text;
using System.Threading;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace RustStandIn
{
    internal static class Events
    {
        private static readonly BlockingCollection<string> Lines = new BlockingCollection<string>();
        private static readonly object Gate = new object();
        private static TextWriter output;
        private static long queued;
        private static long written;

        public static void Init()
        {
            output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false)) { AutoFlush = true };
            Console.SetOut(Console.Error);
            new Thread(WriteLines) { IsBackground = true, Name = "stdout" }.Start();
        }

        private static void WriteLines()
        {
            foreach (string line in Lines.GetConsumingEnumerable())
            {
                output.Write(line);
                lock (Gate)
                {
                    written++;
                    Monitor.PulseAll(Gate);
                }
            }
        }

        /// <summary>Emits {"event": name, ...fields}; fields are name/value pairs.</summary>
        public static void Emit(string name, params object[] fields)
        {
            var json = new JObject { { "event", name } };
            for (int i = 0; i + 1 < fields.Length; i += 2)
            {
                json[(string)fields[i]] = fields[i + 1] == null ? JValue.CreateNull() : JToken.FromObject(fields[i + 1]);
            }
            Write(json);
        }

        public static void Write(JObject json)
        {
            string line = json.ToString(Formatting.None) + "\n";
            lock (Gate)
            {
                queued++;
                Lines.Add(line);
            }
        }

        /// <summary>Everything emitted so far has reached stdout.</summary>
        public static void Flush()
        {
            lock (Gate)
            {
                while (written < queued)
                {
                    Monitor.Wait(Gate, 100);
                }
            }
        }

        public static void Log(string level, string source, string text)
        {
            Emit("log", "level", level, "source", source, "text", text);
        }

        /// <summary>What Oxide's LogException prints: the context, then the exception and its stack.</summary>
        public static void Exception(string context, Exception ex)
        {
            Exception inner = ex;
            while (inner is System.Reflection.TargetInvocationException && inner.InnerException != null)
            {
                inner = inner.InnerException;
            }
            Emit("exception", "text", context + " (" + inner.GetType().Name + ": " + inner.Message + ")",
                "stack", inner.StackTrace ?? "");
        }
    }
}
