// The world save as the game runs it (SeiferUwU/RustServerManaged Assembly-CSharp/SaveRestore.cs):
//   DoAutomatedSave (370-378) calls the OnServerSave hook, then starts a coroutine that sets
//   SaveRestore.IsSaving = true (83), waits for the end of the frame, warms the entities' save caches
//   over as many frames as server.saveframebudget needs, waits again, serialises the entities
//   (WriteEntities: a give made meanwhile dropped the player's cache, so it is in this save), waits
//   again and writes "<save>.new", then copies it over ConVar.Server.rootFolder + "/" +
//   World.SaveFileName (Save, 174-246). It logs «Saving complete» and sets IsSaving false (120-123).
//   The stand-in: hook, IsSaving true, `frames` frames (default 3) in which timers, web-request
//   callbacks, chat and console commands all run, then the snapshot and the write, «Saving complete»
//   and IsSaving false.
//   A write that fails logs «Couldn't write save file! We got an exception: …» (UnityEngine.Debug
//   .LogError, a `log` event of level error) and writes nothing; the coroutine still ends with «Saving
//   complete» and IsSaving false. No hook reports it.
//   SaveRestore.Save(AndWait) (380-394), what `server.save` runs (ConVar/Server.cs 1259-1268), returns
//   false at once while IsSaving; otherwise it runs the whole save in one step (OnServerSave included).
// Both frameworks write their permission data when they hear OnServerSave (Oxide.Rust RustCore
// .OnServerSave → OxideMod.OnSave; Carbon CorePlugin/Core.Plugin.cs OnServerSave), before the plugin's
// own hook: a membership changed between the hook and the world write is not in that permission save.
using System;
using System.Collections;
using System.Diagnostics;

namespace RustStandIn
{
    internal sealed class WorldSaver
    {
        private readonly StandInHost host;

        /// <summary>A full disk: every save fails until switched off.</summary>
        public bool DiskFull;

        public WorldSaver(StandInHost host)
        {
            this.host = host;
        }

        /// <summary>
        /// SaveRestore.DoAutomatedSave (server.saveinterval, the `save` command). `onFrame(i)` runs at the
        /// end of each waiting frame (i from 1); `done(written)` when the save has finished or failed.
        /// </summary>
        public void StartAutomated(int frames, Action<int> onFrame, Action<bool> done)
        {
            MainLoop.StartCoroutine(Run(Math.Max(0, frames), false, onFrame, done));
        }

        /// <summary>SaveRestore.Save(AndWait: true): false while a save runs, else the whole save now.</summary>
        public bool SaveAndWait(out bool written)
        {
            written = false;
            if (SaveRestore.IsSaving)
            {
                return false;
            }
            bool result = false;
            IEnumerator save = Run(0, true, null, w => result = w);
            while (save.MoveNext())
            {
            }
            written = result;
            return true;
        }

        private IEnumerator Run(int frames, bool andWait, Action<int> onFrame, Action<bool> done)
        {
            // The hook reaches the frameworks' core first, which save the permission data, then the plugin.
            host.PermissionData.Save();
            host.Loader.CallHook("OnServerSave");
            SaveRestore.IsSaving = true;
            Events.Emit("save", "phase", "started", "frames", andWait ? 0 : frames, "blocking", andWait);
            if (!andWait)
            {
                for (int frame = 1; frame <= frames; frame++)
                {
                    yield return null;
                    if (onFrame != null)
                    {
                        onFrame(frame);
                    }
                }
            }
            bool written = Write();
            Events.Log("info", "game", "Saving complete");
            SaveRestore.IsSaving = false;
            Events.Emit("save", "phase", "finished", "written", written);
            done(written);
        }

        private bool Write()
        {
            Stopwatch watch = Stopwatch.StartNew();
            string snapshot = host.Game.Snapshot();
            try
            {
                host.Game.Write(snapshot, DiskFull);
            }
            catch (Exception ex)
            {
                Events.Log("error", "game", "Couldn't write save file! We got an exception: " + ex);
                return false;
            }
            Events.Log("info", "game", string.Format("Saved {0} ents, cache(0.00), write(0.00), disk({1:0.00}).",
                host.Game.Count, watch.Elapsed.TotalSeconds));
            return true;
        }
    }
}
