using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using Newtonsoft.Json;
using Oxide.Core;
using Oxide.Core.Libraries;

namespace Oxide.Plugins
{
    [Info("Rust Shop Store", "Rust Shop", "2.1.0")]
    [Description("Delivers Rust Shop purchases exactly once: automatically within seconds, or through /store; counts room as the game does, signed both ways, confirmed only once the world save is written")]
    public class RustShopStore : RustPlugin
    {
        #region Fields

        private const string PluginVersion = "2.1.0";
        private const int IdsPerReport = 100;          // the shop takes at most 100 jobs per report
        private const int MaxOnlineInWait = 1000;      // and at most 1000 Steam ids per long poll
        private const int WaitSeconds = 25;            // the shop holds a long poll at most this long
        private const int NoRoomRetrySeconds = 60;     // an automatic round offers a job without room again after this
        private const int DeliveredKeepDays = 30;      // delivered jobs are remembered this long, so a restored shop is told, not given again
        private const int NoticeEveryMinutes = 10;     // automatic rounds tell a waiting player at most this often
        private const float SaveCheckSeconds = 0.25f;  // how often a running world save is looked at
        private const int SaveGiveUpMinutes = 10;      // a save still "running" after this is judged by its file
        private const int SaveTimeSlackSeconds = 2;    // file systems that keep whole seconds round a write time down
        private const long MaxClockOffsetSeconds = 86400;
        private const long ClockToleranceSeconds = 10; // round trips make the measured offset jitter a little
        private const double FrameBudgetMs = 2.0;      // rounds run until this much of a frame is used, the rest next frame

        private static readonly Regex ServerKeyPattern = new Regex("^[A-Za-z0-9_-]{20,100}$");
        private static readonly Regex SteamIdPattern = new Regex("^7656119[0-9]{10}$");
        private static readonly Regex JobIdPattern = new Regex("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");
        // The one shortname rule the shop checks everywhere; one bad row would reject the whole list.
        private static readonly Regex ShortnamePattern = new Regex("^[A-Za-z0-9][A-Za-z0-9._ -]{0,99}$");
        private static readonly Regex GroupPattern = new Regex("^[A-Za-z0-9_.-]{1,64}$");

        // Lives as long as the game process and survives plugin reloads, so a journal entry written by
        // this process is told apart from one written before a crash.
        private const string BootVariable = "RUST_SHOP_STORE_BOOT";

        private PluginConfig config;
        private Journal journal;
        private bool journalDirty;
        // Jobs delivered in the last 30 days: job id → units given.
        private readonly Dictionary<string, int> delivered = new Dictionary<string, int>();
        private string boot;
        private string keyId;
        private bool unloaded;

        private readonly HashSet<string> roundsInFlight = new HashSet<string>();
        private readonly Dictionary<string, DateTime> lastStoreAt = new Dictionary<string, DateTime>();
        // Failures of jobs nothing was given of: no journal entry needed, the lease offers them again after a crash.
        private readonly Dictionary<string, string> pendingFails = new Dictionary<string, string>();
        // Groups the shop sells as VIP tiers (from its signed lease replies): the only groups a reply may add.
        private readonly HashSet<string> vipGroups = new HashSet<string>(StringComparer.OrdinalIgnoreCase);

        private bool reportInFlight;
        private int reportFailures;
        private Timer reportRetryTimer;
        private int waitGeneration;
        private int waitFailures;
        private Timer waitRetryTimer;
        private Timer waitRestartTimer;
        private Timer saveTimer;
        private Timer itemsRetryTimer;
        // Rounds to start or to give, run a few per frame: a long poll naming 50 players at once must
        // not take one frame of the game's 30 ms for all of them.
        private readonly Queue<Action> work = new Queue<Action>();
        private Timer workTimer;
        // Rounds that came while the world was being saved: they run once the save is settled.
        private readonly List<Action> heldRounds = new List<Action>();
        // When a player was last told, by an automatic round, that something waits for room.
        private readonly Dictionary<string, DateTime> noticeAt = new Dictionary<string, DateTime>();
        // The shop's clock minus this server's, in seconds, learnt from its signed replies.
        private long clockOffset;
        private DateTime clockWarnedAt = DateTime.MinValue;
        private bool warnedNotConfigured;
        private bool warnedOutdated;
        private bool warnedSaveFile;

        #endregion

        #region Configuration

        private class PluginConfig
        {
            [JsonProperty("ShopApiUrl")]
            public string ShopApiUrl = "";

            [JsonProperty("ServerKey")]
            public string ServerKey = "";

            [JsonProperty("Language")]
            public string Language = "ru";

            [JsonProperty("RequestTimeoutSeconds")]
            public int RequestTimeoutSeconds = 10;

            [JsonProperty("StoreCommand")]
            public string StoreCommand = "store";

            [JsonProperty("StoreCooldownSeconds")]
            public int StoreCooldownSeconds = 5;

            [JsonProperty("AutoDeliver")]
            public bool AutoDeliver = true;

            // Null here, filled in LoadDefaultConfig or NormalizeConfig: Newtonsoft adds a file's list to a
            // list the initializer made, so the defaults would pile up at every load.
            [JsonProperty("AllowedCommands")]
            public List<string> AllowedCommands;

            [JsonProperty("AllowedGroups")]
            public List<string> AllowedGroups;

            [JsonProperty("DebugLog")]
            public bool DebugLog = false;
        }

        /// <summary>
        /// The beginnings of other console commands the shop may run. Group and permission commands are
        /// not listed: they are checked by their structure and run through the permission library.
        /// </summary>
        private static List<string> DefaultAllowedCommands() => new List<string> { "rustshop." };

        protected override void LoadDefaultConfig()
        {
            config = new PluginConfig { AllowedCommands = DefaultAllowedCommands(), AllowedGroups = new List<string>() };
        }

        protected override void LoadConfig()
        {
            base.LoadConfig();
            try
            {
                config = Config.ReadObject<PluginConfig>();
                if (config == null)
                {
                    throw new JsonException("the file is empty");
                }
            }
            catch (Exception ex)
            {
                PrintError($"The config file is not valid JSON ({ex.Message}). Fix oxide/config/{Name}.json (or carbon/configs/{Name}.json); running with defaults, so no requests are sent.");
                LoadDefaultConfig();
                return; // keep the admin's file as it is
            }
            SaveConfig(); // adds options introduced by a newer version
        }

        protected override void SaveConfig() => Config.WriteObject(config, true);

        private void NormalizeConfig()
        {
            config.ShopApiUrl = (config.ShopApiUrl ?? "").Trim().TrimEnd('/');
            config.ServerKey = (config.ServerKey ?? "").Trim();
            config.Language = string.IsNullOrEmpty(config.Language) ? "ru" : config.Language.Trim().ToLowerInvariant();
            config.StoreCommand = (config.StoreCommand ?? "").Trim().TrimStart('/');
            if (config.StoreCommand.Length == 0)
            {
                config.StoreCommand = "store";
            }
            config.RequestTimeoutSeconds = Math.Max(2, Math.Min(120, config.RequestTimeoutSeconds));
            config.StoreCooldownSeconds = Math.Max(0, Math.Min(600, config.StoreCooldownSeconds));
            if (config.AllowedCommands == null)
            {
                config.AllowedCommands = DefaultAllowedCommands();
            }
            config.AllowedCommands.RemoveAll(string.IsNullOrWhiteSpace);
            if (config.AllowedGroups == null)
            {
                config.AllowedGroups = new List<string>();
            }
            config.AllowedGroups.RemoveAll(string.IsNullOrWhiteSpace);
        }

        /// <summary>True when the URL and the key are set; otherwise warns once and sends nothing.</summary>
        private bool IsConfigured()
        {
            string problem = null;
            if (!config.ShopApiUrl.StartsWith("https://", StringComparison.OrdinalIgnoreCase) &&
                !config.ShopApiUrl.StartsWith("http://", StringComparison.OrdinalIgnoreCase))
            {
                problem = "ShopApiUrl is not set (expected e.g. https://shop.example/api/plugin/v2)";
            }
            else if (!ServerKeyPattern.IsMatch(config.ServerKey))
            {
                problem = "ServerKey is not set or malformed (copy it from Панель администратора → Серверы)";
            }

            if (problem == null)
            {
                return true;
            }
            if (!warnedNotConfigured)
            {
                warnedNotConfigured = true;
                PrintWarning($"Not configured: {problem}. No requests are sent to the shop until oxide/config/{Name}.json is fixed and the plugin reloaded.");
            }
            return false;
        }

        #endregion

        #region Delivery journal

        /// <summary>
        /// What this server has given of the jobs it is delivering, kept in oxide/data/RustShopStore.json:
        /// only jobs something was given of, until the shop knows all of it and the world save holds it.
        /// Written compactly once per round, after the gives and before any message or request, by a
        /// temporary file and a rename with the previous copy kept: a crash leaves the old or the new one.
        /// </summary>
        private class Journal
        {
            [JsonProperty("Jobs")]
            public List<JobRecord> Jobs = new List<JobRecord>();

            // A world save heard of (its hook, or the shutdown) and not yet seen written.
            [JsonProperty("Save", NullValueHandling = NullValueHandling.Ignore)]
            public PendingSave Save;
        }

        private class PendingSave
        {
            [JsonProperty("At")] public DateTime At;
            // The save file's write time when the save began (null: there was no file yet).
            [JsonProperty("FileBefore")] public DateTime? FileBefore;
            [JsonProperty("Boot")] public string Boot;
            [JsonProperty("Shutdown")] public bool Shutdown;
        }

        private class JobRecord
        {
            [JsonProperty("Id")] public string Id;
            [JsonProperty("SteamId")] public string SteamId;
            [JsonProperty("ItemName")] public string ItemName;
            [JsonProperty("Amount")] public int Amount;
            // Units the live world has (items, or commands run), and units the saved world has.
            [JsonProperty("Given")] public int Given;
            [JsonProperty("Saved")] public int Saved;
            // What Given was when the pending save began; -1 when no save is pending for it.
            [JsonProperty("InSave")] public int InSave = -1;
            // The game process that gave Given - Saved: if that process is gone, so is the unsaved part.
            [JsonProperty("Boot")] public string Boot;
            // What the shop has confirmed receiving.
            [JsonProperty("ReportedGiven")] public int ReportedGiven;
            [JsonProperty("ReportedSaved")] public int ReportedSaved;
            [JsonProperty("RollbackPending")] public bool RollbackPending;
            [JsonProperty("Note", NullValueHandling = NullValueHandling.Ignore)] public string Note;
            [JsonProperty("FailReason", NullValueHandling = NullValueHandling.Ignore)] public string FailReason;
            [JsonProperty("FailReported")] public bool FailReported;
            [JsonProperty("UpdatedAt")] public DateTime UpdatedAt;
            // When the shop was last asked whether it still has this job (refunded in part, say).
            [JsonProperty("CheckedAt")] public DateTime CheckedAt;
            // The shop has nothing more to do with this job: forgotten once all is told.
            [JsonProperty("Closed")] public bool Closed;

            [JsonIgnore]
            public bool AllTold =>
                !RollbackPending && InSave < 0 && ReportedGiven >= Given && ReportedSaved >= Saved && Saved >= Given;

            [JsonIgnore]
            public bool Settled => AllTold && (Saved >= Amount || FailReported || Closed);
        }

        private static readonly JsonSerializerSettings CompactJson = new JsonSerializerSettings
        {
            Formatting = Formatting.None,
            NullValueHandling = NullValueHandling.Ignore
        };

        private string JournalPath => Path.Combine(Interface.Oxide.DataDirectory, Name + ".json");

        // One line per delivered job: "<id> <units> <unix seconds>", appended as jobs finish.
        private string DeliveredPath => Path.Combine(Interface.Oxide.DataDirectory, Name + ".delivered.txt");

        private void LoadJournal()
        {
            journal = ReadJournal(JournalPath) ?? ReadJournal(JournalPath + ".bak");
            if (journal == null)
            {
                if (File.Exists(JournalPath) || File.Exists(JournalPath + ".bak"))
                {
                    PrintError($"oxide/data/{Name}.json and its .bak copy are unreadable; starting with an empty journal. Deliveries the shop still shows as given are not given again.");
                }
                journal = new Journal();
            }
            // Entries of jobs nothing was given of (older versions kept them) carry nothing to remember.
            journal.Jobs.RemoveAll(record => record == null || record.Id == null || (record.Given <= 0 && !record.RollbackPending));
            LoadDelivered();
        }

        private Journal ReadJournal(string path)
        {
            try
            {
                if (!File.Exists(path))
                {
                    return null;
                }
                Journal read = JsonConvert.DeserializeObject<Journal>(File.ReadAllText(path));
                return read != null && read.Jobs != null ? read : null;
            }
            catch (Exception ex)
            {
                PrintWarning($"Could not read {Path.GetFileName(path)}: {ex.Message}");
                return null;
            }
        }

        private void SaveJournal()
        {
            if (unloaded || !journalDirty)
            {
                return; // after unload the instance loaded next owns the file
            }
            string path = JournalPath;
            string temporary = path + ".tmp";
            try
            {
                Directory.CreateDirectory(Path.GetDirectoryName(path));
                File.WriteAllText(temporary, JsonConvert.SerializeObject(journal, CompactJson));
                if (File.Exists(path))
                {
                    File.Replace(temporary, path, path + ".bak");
                }
                else
                {
                    File.Move(temporary, path);
                    File.Copy(path, path + ".bak", true); // the first copy has a spare from the start
                }
                journalDirty = false;
            }
            catch (Exception ex)
            {
                PrintError($"Could not write oxide/data/{Name}.json: {ex.Message}");
            }
        }

        private void LoadDelivered()
        {
            delivered.Clear();
            if (!File.Exists(DeliveredPath))
            {
                return;
            }
            long oldest = DateTimeOffset.UtcNow.AddDays(-DeliveredKeepDays).ToUnixTimeSeconds();
            var kept = new StringBuilder();
            bool dropped = false;
            try
            {
                foreach (string line in File.ReadAllLines(DeliveredPath))
                {
                    string[] parts = line.Split(' ');
                    int units;
                    long at;
                    if (parts.Length != 3 || !JobIdPattern.IsMatch(parts[0]) || !int.TryParse(parts[1], out units) ||
                        !long.TryParse(parts[2], out at) || at < oldest)
                    {
                        dropped = true;
                        continue;
                    }
                    delivered[parts[0]] = units;
                    kept.Append(line).Append('\n');
                }
                if (dropped)
                {
                    File.WriteAllText(DeliveredPath, kept.ToString()); // once per start, only when something aged out
                }
            }
            catch (Exception ex)
            {
                PrintWarning($"Could not read {Path.GetFileName(DeliveredPath)}: {ex.Message}");
            }
        }

        /// <summary>Finished jobs leave the journal for the delivered list, which only ever grows by a line.</summary>
        private void Archive(List<JobRecord> finished)
        {
            if (finished.Count == 0 || unloaded)
            {
                return;
            }
            var lines = new StringBuilder();
            long now = DateTimeOffset.UtcNow.ToUnixTimeSeconds();
            foreach (JobRecord record in finished)
            {
                delivered[record.Id] = record.Saved;
                lines.Append(record.Id).Append(' ').Append(record.Saved).Append(' ').Append(now).Append('\n');
            }
            try
            {
                File.AppendAllText(DeliveredPath, lines.ToString());
            }
            catch (Exception ex)
            {
                PrintError($"Could not write {Path.GetFileName(DeliveredPath)}: {ex.Message}");
                return; // they stay in the journal
            }
            var ids = new HashSet<string>();
            foreach (JobRecord record in finished)
            {
                ids.Add(record.Id);
            }
            journal.Jobs.RemoveAll(record => ids.Contains(record.Id));
            journalDirty = true;
        }

        private JobRecord FindRecord(string id) => journal.Jobs.Find(record => record.Id == id);

        /// <summary>
        /// After a crash the world is the last saved one: what was given after that save is gone, so
        /// the journal goes back to what was saved and the shop is told to offer the rest again.
        /// </summary>
        private void RecoverAfterCrash()
        {
            int rolledBack = 0;
            foreach (JobRecord record in journal.Jobs)
            {
                if (record.Boot != boot && record.Given > record.Saved)
                {
                    record.Given = record.Saved;
                    record.RollbackPending = true;
                    record.FailReason = null;
                    rolledBack++;
                }
                if (record.Boot != boot)
                {
                    record.Boot = boot;
                    journalDirty = true;
                }
            }
            if (rolledBack > 0)
            {
                PrintWarning($"The server stopped before the world was saved: {rolledBack} delivery(ies) given after the last written save are not in the world and will be given again.");
            }
            SaveJournal();
        }

        private static string CurrentBoot()
        {
            string value = Environment.GetEnvironmentVariable(BootVariable);
            if (string.IsNullOrEmpty(value))
            {
                value = Guid.NewGuid().ToString("N");
                Environment.SetEnvironmentVariable(BootVariable, value);
            }
            return value;
        }

        #endregion

        #region World save

        // OnServerSave fires before the save; the game writes the world frames later, and the write can
        // fail (a full disk) or never happen (a quit during the save). A save counts only once the save
        // file's write time shows it was written. Nothing is given in between, so what a save holds is
        // exactly what was given before its hook.

        private bool SavingNow =>
            SaveRestore.IsSaving || (journal != null && journal.Save != null && journal.Save.Boot == boot && !journal.Save.Shutdown);

        private void OnServerSave()
        {
            BeginSave(false);
        }

        // Nothing is assumed at a shutdown: the next start reads the save file's time and settles or rolls back.
        private void OnServerShutdown()
        {
            BeginSave(true);
        }

        private void BeginSave(bool shutdown)
        {
            if (config.DebugLog)
            {
                Puts($"World save begins{(shutdown ? " (shutdown)" : "")}.");
            }
            if (journal.Save != null && journal.Save.Boot == boot)
            {
                if (journal.Save.Shutdown)
                {
                    return; // Carbon calls OnServerSave after OnServerShutdown: the same save
                }
                SettleSave(); // a save in a row before the last one was judged
            }
            journal.Save = new PendingSave { At = DateTime.UtcNow, FileBefore = SaveFileTime(), Boot = boot, Shutdown = shutdown };
            bool unsaved = false;
            foreach (JobRecord record in journal.Jobs)
            {
                record.InSave = record.Given > record.Saved ? record.Given : -1;
                unsaved |= record.InSave >= 0;
            }
            if (unsaved)
            {
                journalDirty = true; // a crash after the write must find what this save holds
                SaveJournal();
            }
            if (!shutdown)
            {
                WatchSave();
            }
        }

        private void WatchSave()
        {
            DestroyTimer(ref saveTimer);
            saveTimer = timer.Every(SaveCheckSeconds, () =>
            {
                PendingSave save = journal.Save;
                if (save != null && SaveRestore.IsSaving && DateTime.UtcNow - save.At < TimeSpan.FromMinutes(SaveGiveUpMinutes))
                {
                    return;
                }
                DestroyTimer(ref saveTimer);
                SettleSave();
                SaveJournal();
                // Each save also asks the shop about jobs given in part that wait (one may be refunded).
                foreach (JobRecord record in journal.Jobs)
                {
                    record.CheckedAt = DateTime.MinValue;
                }
                FlushReports();
                RunHeldRounds();
            });
        }

        /// <summary>Judges the pending save by its file: written, its gives count as saved; else they wait for the next one.</summary>
        private void SettleSave()
        {
            PendingSave save = journal.Save;
            if (save == null)
            {
                return;
            }
            bool written = SaveWritten(save);
            if (config.DebugLog)
            {
                Puts($"World save of {save.At:HH:mm:ss} UTC: {(written ? "written" : "not written")} (file time {SaveFileTime():HH:mm:ss.fff}, before {save.FileBefore:HH:mm:ss.fff}).");
            }
            int waiting = 0;
            foreach (JobRecord record in journal.Jobs)
            {
                if (record.InSave < 0)
                {
                    continue;
                }
                if (written && record.InSave > record.Saved)
                {
                    record.Saved = Math.Min(record.InSave, record.Given);
                    record.UpdatedAt = DateTime.UtcNow;
                }
                else if (!written)
                {
                    waiting++;
                }
                record.InSave = -1;
                journalDirty = true;
            }
            journal.Save = null;
            if (!written && waiting > 0)
            {
                PrintWarning($"The world save that began at {save.At:HH:mm:ss} UTC was not written (the game logs \"Couldn't write save file!\" when the disk is full, and a quit during a save writes nothing): {waiting} delivery(ies) given before it count as saved only after a save that is written.");
            }
        }

        private bool SaveWritten(PendingSave save)
        {
            DateTime? now = SaveFileTime();
            if (!now.HasValue)
            {
                return false;
            }
            if (save.FileBefore.HasValue && now.Value == save.FileBefore.Value)
            {
                return false;
            }
            return now.Value >= save.At.AddSeconds(-SaveTimeSlackSeconds);
        }

        private DateTime? SaveFileTime()
        {
            try
            {
                string path = Path.Combine(ConVar.Server.rootFolder, World.SaveFileName);
                return File.Exists(path) ? File.GetLastWriteTimeUtc(path) : (DateTime?)null;
            }
            catch (Exception ex)
            {
                if (!warnedSaveFile)
                {
                    warnedSaveFile = true;
                    PrintWarning($"Could not read the world save file's time ({ex.Message}): deliveries count as saved only when it can be read.");
                }
                return null;
            }
        }

        /// <summary>A save heard of by an earlier game process: its file tells whether it was written.</summary>
        private void SettleEarlierSave()
        {
            if (journal.Save != null && journal.Save.Boot != boot)
            {
                SettleSave();
            }
        }

        /// <summary>A round gives in a later frame, within the frame budget, or after the save being written.</summary>
        private void RunOrHold(Action round)
        {
            Defer(() =>
            {
                if (SavingNow)
                {
                    heldRounds.Add(round); // nothing is given while the world is being written
                    return;
                }
                round();
            });
        }

        private void RunHeldRounds()
        {
            if (SavingNow || heldRounds.Count == 0)
            {
                return;
            }
            var rounds = new List<Action>(heldRounds);
            heldRounds.Clear();
            foreach (Action round in rounds)
            {
                RunOrHold(round);
            }
        }

        #endregion

        #region Shop API contract (field names follow plugins/oxide/contract/*.json)

        private class ItemDto
        {
            [JsonProperty("itemid")] public int ItemId;
            [JsonProperty("shortname")] public string Shortname;
            [JsonProperty("displayName")] public string DisplayName;
            [JsonProperty("category")] public string Category;
            [JsonProperty("stackable")] public int Stackable;
        }

        private class ItemsRequest
        {
            [JsonProperty("items")] public List<ItemDto> Items;
            // The permission groups this server has, so the shop can warn about a VIP tier without one.
            [JsonProperty("groups")] public List<string> Groups;
        }

        private class ItemsResponse
        {
            [JsonProperty("imported")] public int Imported;
            [JsonProperty("total")] public int Total;
        }

        private class WaitRequest
        {
            [JsonProperty("online")] public List<string> Online;
        }

        private class WaitResponse
        {
            [JsonProperty("steamIds")] public List<string> SteamIds;
        }

        private class LeaseRequest
        {
            [JsonProperty("steamId")] public string SteamId;
            [JsonProperty("manual")] public bool Manual;
        }

        private class LeaseResponse
        {
            [JsonProperty("jobs")] public List<JobDto> Jobs;
            [JsonProperty("leaseSeconds")] public int LeaseSeconds;
            [JsonProperty("inProgress")] public int InProgress;
            [JsonProperty("vipGroups")] public List<string> VipGroups;
        }

        private class JobDto
        {
            [JsonProperty("id")] public string Id;
            [JsonProperty("kind")] public string Kind;
            [JsonProperty("itemName")] public string ItemName;
            [JsonProperty("shortname")] public string Shortname;
            [JsonProperty("amount")] public int Amount;
            [JsonProperty("given")] public int Given;
            [JsonProperty("commands")] public List<string> Commands;
            // A kit's lines, in the order they are given; `given` counts items across them.
            [JsonProperty("items")] public List<KitItemDto> Items;
            // A gift: the name of the player who bought it; null for the player's own purchases.
            [JsonProperty("giftFrom")] public string GiftFrom;
        }

        private class KitItemDto
        {
            [JsonProperty("shortname")] public string Shortname;
            [JsonProperty("itemName")] public string ItemName;
            [JsonProperty("amount")] public int Amount;
        }

        private class GivenReport
        {
            [JsonProperty("id")] public string Id;
            [JsonProperty("given")] public int Given;
            [JsonProperty("note", NullValueHandling = NullValueHandling.Ignore)] public string Note;
        }

        private class SavedReport
        {
            [JsonProperty("id")] public string Id;
            [JsonProperty("saved")] public int Saved;
        }

        private class SavedResponse
        {
            [JsonProperty("closed")] public List<string> Closed;
        }

        private class FailReport
        {
            [JsonProperty("id")] public string Id;
            [JsonProperty("reason")] public string Reason;
        }

        private class ReportRequest<T>
        {
            [JsonProperty("jobs")] public List<T> Jobs;
        }

        private class ReleaseRequest
        {
            [JsonProperty("ids")] public List<string> Ids;
            [JsonProperty("reason")] public string Reason;
            [JsonProperty("retrySeconds")] public int RetrySeconds;
        }

        private class SignedReply
        {
            [JsonProperty("body")] public string Body;
            [JsonProperty("signature")] public string Signature;
        }

        private class ErrorResponse
        {
            [JsonProperty("error")] public string Error;
            [JsonProperty("message")] public string Message;
        }

        // Every signed reply carries the shop's clock inside the signed body.
        private class ShopClock
        {
            [JsonProperty("serverTime")] public long? ServerTime;
        }

        #endregion

        #region Messages

        private static readonly Dictionary<string, string> MessagesEn = new Dictionary<string, string>
        {
            ["Prefix"] = "<color=#f0a30a>[Store]</color> ",
            ["NothingWaiting"] = "Nothing is waiting for you. Purchases from the shop arrive here by themselves after payment.",
            ["InProgress"] = "Your purchases are being delivered ({0}). Wait a few seconds and type /{1} again if nothing arrives.",
            ["Given"] = "Given: {0} ×{1}",
            ["Received"] = "Received: {0}",
            ["GiftFrom"] = "A gift from {0}: {1}",
            ["Remaining"] = "Still waiting for room: {0} ×{1}. It needs {2} free slot(s); make room and type /{3}.",
            ["NoRoom"] = "No room for {0} ×{1}: it needs {2} free slot(s), {3} free now. Make room and type /{4}.",
            ["NoRoomKit"] = "No room for the kit «{0}»: it needs {1} free slot(s), {2} free now. Make room and type /{3}.",
            ["NoRoomMany"] = "{0} purchases wait for room: they need {1} free slot(s), {2} free now. Make room and type /{3}.",
            ["Refused"] = "The game refused {0}; nothing was taken from you. Type /{1} again later.",
            ["CannotGive"] = "«{0}» cannot be given on this server. The administrator sees why and can refund it.",
            ["ShopUnavailable"] = "The shop is unavailable right now. Try again later.",
            ["Cooldown"] = "Please wait {0} s before using /{1} again.",
            ["Busy"] = "Your previous request is still being processed, please wait.",
            ["Dead"] = "Respawn first, then type /{0} again."
        };

        private static readonly Dictionary<string, string> MessagesRu = new Dictionary<string, string>
        {
            ["Prefix"] = "<color=#f0a30a>[Магазин]</color> ",
            ["NothingWaiting"] = "Для вас ничего нет. Покупки из магазина приходят сюда сами после оплаты.",
            ["InProgress"] = "Ваши покупки выдаются (в процессе: {0}). Подождите несколько секунд; если ничего не пришло, введите /{1} снова.",
            ["Given"] = "Выдано: {0} ×{1}",
            ["Received"] = "Получено: {0}",
            ["GiftFrom"] = "Подарок от {0}: {1}",
            ["Remaining"] = "Ждёт места: {0} ×{1}. Нужно свободных слотов: {2}. Освободите место и введите /{3}.",
            ["NoRoom"] = "Нет места для {0} ×{1}: нужно свободных слотов — {2}, свободно — {3}. Освободите место и введите /{4}.",
            ["NoRoomKit"] = "Нет места для набора «{0}»: нужно свободных слотов — {1}, свободно — {2}. Освободите место и введите /{3}.",
            ["NoRoomMany"] = "Ждут места покупки: {0}. Нужно свободных слотов — {1}, свободно — {2}. Освободите место и введите /{3}.",
            ["Refused"] = "Игра не приняла {0}, у вас ничего не забрано. Введите /{1} позже.",
            ["CannotGive"] = "«{0}» нельзя выдать на этом сервере. Администратор видит причину и может вернуть деньги.",
            ["ShopUnavailable"] = "Магазин сейчас недоступен. Попробуйте позже.",
            ["Cooldown"] = "Подождите {0} с перед повторным /{1}.",
            ["Busy"] = "Предыдущий запрос ещё выполняется, подождите.",
            ["Dead"] = "Сначала возродитесь, затем введите /{0} снова."
        };

        protected override void LoadDefaultMessages()
        {
            lang.RegisterMessages(MessagesEn, this, "en");
            lang.RegisterMessages(MessagesRu, this, "ru");
        }

        /// <summary>
        /// A message in the configured language, or in the player's own one when Language is "auto".
        /// Admins edit the texts in oxide/lang/{ru,en}/RustShopStore.json; a broken file there falls back
        /// to the built-in texts and never stops a delivery.
        /// </summary>
        private string Msg(string key, BasePlayer player, params object[] args)
        {
            string template = null;
            try
            {
                if (config.Language == "auto")
                {
                    template = lang.GetMessage(key, this, player != null ? player.UserIDString : null);
                }
                else
                {
                    Dictionary<string, string> messages = lang.GetMessages(config.Language, this);
                    if (messages != null)
                    {
                        messages.TryGetValue(key, out template);
                    }
                }
            }
            catch (Exception ex)
            {
                template = null;
                if (!warnedBrokenLang)
                {
                    warnedBrokenLang = true;
                    PrintWarning($"The language file for '{config.Language}' could not be read ({ex.Message}); using the built-in texts.");
                }
            }
            if (string.IsNullOrEmpty(template) || template == key)
            {
                Dictionary<string, string> builtIn = config.Language == "en" ? MessagesEn : MessagesRu;
                if (!builtIn.TryGetValue(key, out template))
                {
                    template = key;
                }
            }
            if (args == null || args.Length == 0)
            {
                return template;
            }
            try
            {
                return string.Format(template, args);
            }
            catch (FormatException)
            {
                return template;
            }
        }

        private bool warnedBrokenLang;

        private void Reply(BasePlayer player, string key, params object[] args) =>
            ReplyText(player, Msg(key, player, args));

        private void ReplyText(BasePlayer player, string text)
        {
            try
            {
                if (player == null || !player.IsConnected)
                {
                    return;
                }
                player.ChatMessage(Msg("Prefix", player) + text);
            }
            catch (Exception ex)
            {
                PrintWarning($"Could not write to {player?.UserIDString}'s chat: {ex.Message}");
            }
        }

        private static string Amount(int value) => value.ToString("N0", System.Globalization.CultureInfo.InvariantCulture).Replace(",", " ");

        #endregion

        #region Oxide hooks

        private void Init()
        {
            NormalizeConfig();
            boot = CurrentBoot();
            LoadJournal();
            SettleEarlierSave();
            RecoverAfterCrash();
            cmd.AddChatCommand(config.StoreCommand, this, nameof(StoreCommand));
            cmd.AddConsoleCommand("rustshop.notify", this, nameof(NotifyCommand));
        }

        private void OnServerInitialized(bool initial)
        {
            if (journal.Save != null && journal.Save.Boot == boot && !journal.Save.Shutdown)
            {
                WatchSave(); // reloaded while a save was running
            }
            if (!IsConfigured())
            {
                return;
            }
            keyId = Sha256Hex(config.ServerKey).Substring(0, 16);
            if (config.ShopApiUrl.StartsWith("http://", StringComparison.OrdinalIgnoreCase))
            {
                PrintWarning("ShopApiUrl uses plain http: anyone on the way sees what is bought. Requests and replies are signed, so the key never travels and a forged reply runs nothing; still, use https.");
            }
            if (!config.ShopApiUrl.EndsWith("/api/plugin/v2", StringComparison.OrdinalIgnoreCase))
            {
                PrintWarning($"ShopApiUrl is expected to end with /api/plugin/v2 (it is {config.ShopApiUrl}).");
            }
            SyncItems();
            FlushReports();
            StartWaiting();
        }

        private void OnPlayerConnected(BasePlayer player)
        {
            if (player == null || unloaded || !config.AutoDeliver || !IsConfigured())
            {
                return;
            }
            StartRound(player, false);
            // A new long poll that includes this player; joins close together share one.
            if (waitRestartTimer == null)
            {
                waitRestartTimer = timer.Once(1f, () =>
                {
                    waitRestartTimer = null;
                    StartWaiting();
                });
            }
        }

        private void OnPlayerDisconnected(BasePlayer player, string reason)
        {
            if (player != null)
            {
                lastStoreAt.Remove(player.UserIDString);
                noticeAt.Remove(player.UserIDString);
            }
        }

        private void Unload()
        {
            SaveJournal();
            unloaded = true; // callbacks that still arrive (Carbon runs them on this old instance) do nothing
            DestroyTimer(ref reportRetryTimer);
            DestroyTimer(ref waitRetryTimer);
            DestroyTimer(ref waitRestartTimer);
            DestroyTimer(ref saveTimer);
            DestroyTimer(ref itemsRetryTimer);
            DestroyTimer(ref workTimer);
            work.Clear();
        }

        /// <summary>Runs `action` in a later frame, within the frame budget shared with other rounds.</summary>
        private void Defer(Action action)
        {
            if (unloaded)
            {
                return;
            }
            work.Enqueue(action);
            if (workTimer == null)
            {
                workTimer = timer.Once(0f, RunWork);
            }
        }

        private void RunWork()
        {
            workTimer = null;
            Stopwatch watch = Stopwatch.StartNew();
            while (work.Count > 0 && !unloaded && watch.Elapsed.TotalMilliseconds < FrameBudgetMs)
            {
                Action action = work.Dequeue();
                try
                {
                    action();
                }
                catch (Exception ex)
                {
                    PrintError($"A delivery round failed: {ex}");
                }
            }
            if (work.Count > 0 && !unloaded)
            {
                workTimer = timer.Once(0f, RunWork);
            }
        }

        private static void DestroyTimer(ref Timer timerToStop)
        {
            if (timerToStop != null)
            {
                timerToStop.Destroy();
                timerToStop = null;
            }
        }

        // The shop tells a player something in the chat (a gift delivered over RCON):
        // rustshop.notify <steamid64> "<text>". The shop sends the text as one quoted argument.
        private bool NotifyCommand(ConsoleSystem.Arg arg)
        {
            if (arg.Connection != null) return false; // server console and RCON only
            string steamId = arg.GetString(0);
            string text = arg.GetString(1);
            if (string.IsNullOrEmpty(steamId) || string.IsNullOrEmpty(text))
            {
                arg.ReplyWith("Usage: rustshop.notify <steamid64> \"<text>\"");
                return true;
            }
            ulong id;
            BasePlayer target = BasePlayer.FindByID(ulong.TryParse(steamId, out id) ? id : 0UL);
            if (target == null || !target.IsConnected)
            {
                arg.ReplyWith("Player not online: " + steamId);
                return true;
            }
            ReplyText(target, text);
            arg.ReplyWith("Notified " + steamId);
            return true;
        }

        #endregion

        #region Signed HTTP

        /// <summary>
        /// Sends a signed request (PROTOCOL.md): the key itself never travels. The callback gets the
        /// status and the reply's body only when the shop's signature over it checks out; otherwise the
        /// body is null and nothing in it is acted on.
        /// </summary>
        private void Request(string path, object body, Action<int, string> callback, float timeout = 0f)
        {
            string json = JsonConvert.SerializeObject(body, new JsonSerializerSettings { StringEscapeHandling = StringEscapeHandling.EscapeNonAscii });
            string timestamp = ShopNow().ToString();
            string nonce = Guid.NewGuid().ToString("N");
            string canonical = "POST\n" + path + "\n" + timestamp + "\n" + nonce + "\n" + Sha256Hex(json);
            var headers = new Dictionary<string, string>
            {
                ["Content-Type"] = "application/json",
                ["X-Key-Id"] = keyId,
                ["X-Timestamp"] = timestamp,
                ["X-Nonce"] = nonce,
                ["X-Signature"] = HmacHex(config.ServerKey, canonical),
                ["X-Plugin-Version"] = PluginVersion
            };
            if (config.DebugLog)
            {
                Puts($"-> POST {path} {Shorten(json)}");
            }
            webrequest.Enqueue(config.ShopApiUrl + path, json, (code, response) =>
            {
                if (unloaded)
                {
                    return; // Carbon delivers replies to an unloaded instance: the new one owns the journal
                }
                // Replies that arrive together are read a few per frame, with the rounds they start.
                Defer(() => HandleReply(path, nonce, code, response, callback));
            }, this, RequestMethod.POST, headers, timeout > 0 ? timeout : config.RequestTimeoutSeconds);
        }

        private void HandleReply(string path, string nonce, int code, string response, Action<int, string> callback)
        {
            string verified = Verify(nonce, code, response);
            if (config.DebugLog)
            {
                Puts($"<- {code} {path} {(verified != null ? Shorten(verified) : "(unsigned) " + Shorten(response))}");
            }
            bool clockRefused = false;
            if (verified != null)
            {
                LearnClock(verified);
                clockRefused = code == 401 && ErrorCode(verified) == "clock_skew";
            }
            if (code == 401 && !clockRefused)
            {
                PrintError($"The shop refused this server's signature (401 on {path}): {Describe(code, verified ?? response)}. Copy the key of this server from Панель администратора → Серверы into ServerKey and reload the plugin.");
            }
            else if (code == 426 && !warnedOutdated)
            {
                warnedOutdated = true;
                PrintError($"The shop asks for a newer plugin: {Describe(code, response)}");
            }
            else if (code == 200 && verified == null)
            {
                PrintError($"A reply to {path} was not signed by the shop (forged, or a proxy in between): ignored, nothing from it is run or given.");
            }
            try
            {
                callback(code, verified);
            }
            catch (Exception ex)
            {
                PrintError($"Handling the shop's reply to {path} failed: {ex}");
            }
        }

        /// <summary>Unix time on the shop's clock, as far as this server knows it.</summary>
        private long ShopNow() => DateTimeOffset.UtcNow.ToUnixTimeSeconds() + clockOffset;

        /// <summary>
        /// Reads the shop's time from a signed reply and follows it: a game server whose clock is off
        /// (a local-time hardware clock, a host without NTP) still signs times the shop accepts.
        /// Replay protection stays with the shop, which refuses a nonce it has seen.
        /// </summary>
        private void LearnClock(string verified)
        {
            ShopClock clock;
            try
            {
                clock = JsonConvert.DeserializeObject<ShopClock>(verified);
            }
            catch (Exception)
            {
                return;
            }
            if (clock == null || !clock.ServerTime.HasValue)
            {
                return;
            }
            long offset = clock.ServerTime.Value - DateTimeOffset.UtcNow.ToUnixTimeSeconds();
            if (Math.Abs(offset) > MaxClockOffsetSeconds)
            {
                PrintError($"This server's clock is {-offset} s off the shop's, more than a day: requests cannot be corrected by that much. Set the server's clock right.");
                return;
            }
            bool changed = Math.Abs(offset - clockOffset) > ClockToleranceSeconds;
            if (changed)
            {
                clockOffset = Math.Abs(offset) > ClockToleranceSeconds ? offset : 0;
            }
            if (clockOffset != 0 && (changed || DateTime.UtcNow - clockWarnedAt > TimeSpan.FromHours(1)))
            {
                clockWarnedAt = DateTime.UtcNow;
                PrintWarning($"This server's clock is {-clockOffset} s off the shop's. Requests are timed by the shop's clock meanwhile; set the server's clock right (NTP, or a hardware clock kept in UTC).");
            }
        }

        private static string ErrorCode(string body)
        {
            try
            {
                ErrorResponse error = JsonConvert.DeserializeObject<ErrorResponse>(body);
                return error != null ? error.Error : null;
            }
            catch (Exception)
            {
                return null;
            }
        }

        /// <summary>The reply's body when its envelope carries the shop's signature for this request, else null.</summary>
        private string Verify(string nonce, int code, string response)
        {
            if (code == 0 || string.IsNullOrEmpty(response))
            {
                return null;
            }
            try
            {
                SignedReply envelope = JsonConvert.DeserializeObject<SignedReply>(response);
                if (envelope == null || envelope.Body == null || envelope.Signature == null)
                {
                    return null;
                }
                string expected = HmacHex(config.ServerKey, nonce + "\n" + code + "\n" + envelope.Body);
                return SameText(expected, envelope.Signature.ToLowerInvariant()) ? envelope.Body : null;
            }
            catch (Exception)
            {
                return null; // not the shop's envelope (a proxy's page, for instance)
            }
        }

        private static string Sha256Hex(string text)
        {
            using (SHA256 sha = SHA256.Create())
            {
                return Hex(sha.ComputeHash(Encoding.UTF8.GetBytes(text ?? "")));
            }
        }

        private static string HmacHex(string key, string text)
        {
            using (var hmac = new HMACSHA256(Encoding.UTF8.GetBytes(key)))
            {
                return Hex(hmac.ComputeHash(Encoding.UTF8.GetBytes(text)));
            }
        }

        private static string Hex(byte[] bytes)
        {
            var builder = new StringBuilder(bytes.Length * 2);
            foreach (byte value in bytes)
            {
                builder.Append(value.ToString("x2"));
            }
            return builder.ToString();
        }

        // Constant time, so a forger learns nothing from how long a refusal takes.
        private static bool SameText(string a, string b)
        {
            if (a == null || b == null || a.Length != b.Length)
            {
                return false;
            }
            int difference = 0;
            for (int i = 0; i < a.Length; i++)
            {
                difference |= a[i] ^ b[i];
            }
            return difference == 0;
        }

        private T Parse<T>(string body, string path) where T : class
        {
            if (body == null)
            {
                return null;
            }
            try
            {
                return JsonConvert.DeserializeObject<T>(body);
            }
            catch (Exception ex)
            {
                PrintError($"Unreadable reply to {path} ({ex.Message}): {Shorten(body)}");
                return null;
            }
        }

        private static string Describe(int code, string response)
        {
            if (code == 0)
            {
                return "no answer (network error or timeout)";
            }
            try
            {
                ErrorResponse error = JsonConvert.DeserializeObject<ErrorResponse>(response ?? "");
                if (error != null && !string.IsNullOrEmpty(error.Message))
                {
                    return $"HTTP {code}: {Shorten(error.Message)}";
                }
            }
            catch (Exception)
            {
                // not the shop's JSON error
            }
            return $"HTTP {code}: {Shorten(response)}";
        }

        private static string Shorten(string text)
        {
            if (string.IsNullOrEmpty(text))
            {
                return "";
            }
            return text.Length <= 300 ? text : text.Substring(0, 300) + "…";
        }

        #endregion

        #region Rounds: /store and automatic delivery

        private void StoreCommand(BasePlayer player, string command, string[] args)
        {
            if (player == null)
            {
                return;
            }
            string steamId = player.UserIDString;
            if (!IsConfigured() || keyId == null || !SteamIdPattern.IsMatch(steamId ?? ""))
            {
                Reply(player, "ShopUnavailable");
                return;
            }
            if (roundsInFlight.Contains(steamId))
            {
                Reply(player, "Busy");
                return;
            }
            DateTime now = DateTime.UtcNow;
            DateTime last;
            if (lastStoreAt.TryGetValue(steamId, out last))
            {
                double wait = config.StoreCooldownSeconds - (now - last).TotalSeconds;
                if (wait > 0)
                {
                    Reply(player, "Cooldown", (int)Math.Ceiling(wait), config.StoreCommand);
                    return;
                }
            }
            lastStoreAt[steamId] = now;
            StartRound(player, true);
        }

        /// <summary>
        /// Keeps one long poll open: the shop answers it as soon as one of the online players has a
        /// purchase, so it arrives within seconds without /store. A newer poll (a player joined)
        /// replaces the older one, whose answer is still used but does not start another poll.
        /// </summary>
        private void StartWaiting()
        {
            if (unloaded || !config.AutoDeliver || keyId == null)
            {
                return;
            }
            DestroyTimer(ref waitRetryTimer);
            var online = new List<string>();
            foreach (BasePlayer player in BasePlayer.activePlayerList)
            {
                if (player != null && player.IsConnected && SteamIdPattern.IsMatch(player.UserIDString ?? "") && online.Count < MaxOnlineInWait)
                {
                    online.Add(player.UserIDString);
                }
            }
            // Also with nobody online: the shop then only holds the poll (no queue lookups), and the
            // admin panel reads its regular contact as the plugin being alive.
            int generation = ++waitGeneration;
            Request("/wait", new WaitRequest { Online = online }, (code, body) =>
            {
                WaitResponse reply = code == 200 ? Parse<WaitResponse>(body, "/wait") : null;
                if (reply != null && reply.SteamIds != null)
                {
                    waitFailures = 0;
                    foreach (string steamId in reply.SteamIds)
                    {
                        string id = steamId;
                        Defer(() =>
                        {
                            BasePlayer player = FindOnline(id);
                            if (player != null)
                            {
                                StartRound(player, false);
                            }
                        });
                    }
                }
                else
                {
                    waitFailures++;
                }
                if (generation != waitGeneration)
                {
                    return; // a newer poll is open
                }
                if (waitFailures == 0)
                {
                    if (reply.SteamIds.Count == 0)
                    {
                        StartWaiting();
                    }
                    else
                    {
                        // Until the rounds just started hold their leases, the shop would name the same players again.
                        waitRetryTimer = timer.Once(0.5f, StartWaiting);
                    }
                    return;
                }
                float delay = Math.Min(60f, 2f * (float)Math.Pow(2, Math.Min(waitFailures - 1, 5)));
                if (waitFailures == 1 || waitFailures % 10 == 0)
                {
                    PrintWarning($"Automatic delivery cannot reach the shop ({Describe(code, body)}); trying again in {delay:0} s. /{config.StoreCommand} keeps working when it can.");
                }
                waitRetryTimer = timer.Once(delay, StartWaiting);
            }, WaitSeconds + config.RequestTimeoutSeconds);
        }

        private static BasePlayer FindOnline(string steamId)
        {
            ulong id;
            if (!ulong.TryParse(steamId, out id))
            {
                return null;
            }
            BasePlayer player = BasePlayer.FindByID(id);
            return player != null && player.IsConnected ? player : null;
        }

        /// <summary>One round for one player: lease their jobs, give what fits, report. One at a time per player.</summary>
        private void StartRound(BasePlayer player, bool manual)
        {
            string steamId = player.UserIDString;
            if (unloaded || keyId == null || !SteamIdPattern.IsMatch(steamId ?? "") || roundsInFlight.Contains(steamId))
            {
                return;
            }
            roundsInFlight.Add(steamId);
            Request("/jobs/lease", new LeaseRequest { SteamId = steamId, Manual = manual }, (code, body) =>
            {
                LeaseResponse lease = code == 200 ? Parse<LeaseResponse>(body, "/jobs/lease") : null;
                if (lease == null)
                {
                    roundsInFlight.Remove(steamId);
                    if (code != 401 && code != 426)
                    {
                        PrintWarning($"Leasing {steamId}'s purchases failed: {Describe(code, body)}.");
                    }
                    if (manual)
                    {
                        Reply(player, "ShopUnavailable");
                    }
                    return;
                }
                if (lease.VipGroups != null)
                {
                    vipGroups.Clear();
                    foreach (string group in lease.VipGroups)
                    {
                        if (group != null) vipGroups.Add(group);
                    }
                }
                Action round = () =>
                {
                    roundsInFlight.Remove(steamId);
                    RunRound(player, steamId, lease, manual);
                };
                RunOrHold(round);
            });
        }

        private void RunRound(BasePlayer player, string steamId, LeaseResponse lease, bool manual)
        {
            List<JobDto> jobs = lease.Jobs ?? new List<JobDto>();
            if (jobs.Count > 0)
            {
                Deliver(player, steamId, jobs, manual);
            }
            else if (manual)
            {
                if (lease.InProgress > 0)
                {
                    Reply(player, "InProgress", lease.InProgress, config.StoreCommand);
                }
                else
                {
                    Reply(player, "NothingWaiting");
                }
            }
        }

        #endregion

        #region Giving

        /// <summary>What a round did with one job, for the player's chat once everything is recorded.</summary>
        private class Outcome
        {
            public string Line;       // what was given (or why it never can be)
            public string Waiting;    // why the rest waits, for the player
            public int Slots;         // free slots the rest needs
            public string Release;    // why the job goes back to the queue untouched
            public int RetrySeconds;
        }

        private void Deliver(BasePlayer player, string steamId, List<JobDto> jobs, bool manual)
        {
            var lines = new List<string>();
            var waiting = new List<Outcome>();
            var releases = new Dictionary<string, List<string>>();
            var retryByReason = new Dictionary<string, int>();
            foreach (JobDto job in jobs)
            {
                if (job == null || job.Id == null || !JobIdPattern.IsMatch(job.Id))
                {
                    PrintError($"Skipped a job with a malformed id from the shop: {Shorten(JsonConvert.SerializeObject(job))}");
                    continue;
                }
                Outcome outcome;
                int before = UnitsGiven(job);
                try
                {
                    outcome = DeliverJob(player, steamId, job);
                }
                catch (Exception ex)
                {
                    // What was given before the exception is in the journal entry already (see Progress).
                    PrintError($"Job {job.Id} for {steamId} stopped: {ex}");
                    outcome = new Outcome();
                    if (UnitsGiven(job) <= before)
                    {
                        outcome.Release = "Ошибка плагина при выдаче: см. консоль сервера";
                        outcome.RetrySeconds = NoRoomRetrySeconds;
                    }
                }
                if (outcome.Line != null)
                {
                    lines.Add(outcome.Line);
                }
                if (outcome.Waiting != null)
                {
                    waiting.Add(outcome);
                }
                JobRecord record = FindRecord(job.Id);
                if (outcome.Release != null && record != null && record.Given > record.ReportedGiven)
                {
                    // The shop has not heard of a give yet: let the lease run out rather than hand the
                    // job back with a count that is too low (a refund would pay for what was given).
                    outcome.Release = null;
                }
                if (outcome.Release != null)
                {
                    List<string> ids;
                    if (!releases.TryGetValue(outcome.Release, out ids))
                    {
                        ids = new List<string>();
                        releases[outcome.Release] = ids;
                    }
                    ids.Add(job.Id);
                    retryByReason[outcome.Release] = outcome.RetrySeconds;
                }
            }

            SaveJournal(); // once per round: after the gives, before any message or request
            FlushReports();
            foreach (KeyValuePair<string, List<string>> release in releases)
            {
                Release(release.Value, release.Key, manual ? 0 : retryByReason[release.Key]);
            }
            Tell(player, steamId, lines, waiting, manual);
        }

        /// <summary>
        /// One chat message per round: what was given, and what waits for room in one line. Automatic
        /// rounds retry every minute, so they mention what waits at most once per player in ten minutes.
        /// </summary>
        private void Tell(BasePlayer player, string steamId, List<string> lines, List<Outcome> waiting, bool manual)
        {
            if (waiting.Count > 0 && (manual || ShouldNotice(steamId)))
            {
                if (waiting.Count == 1)
                {
                    lines.Add(waiting[0].Waiting);
                }
                else
                {
                    int slots = 0;
                    foreach (Outcome outcome in waiting)
                    {
                        slots += outcome.Slots;
                    }
                    lines.Add(Msg("NoRoomMany", player, waiting.Count, slots, FreeSlots(player), config.StoreCommand));
                }
            }
            if (lines.Count > 0)
            {
                ReplyText(player, string.Join("\n", lines.ToArray()));
            }
        }

        private bool ShouldNotice(string steamId)
        {
            DateTime last;
            if (noticeAt.TryGetValue(steamId, out last) && DateTime.UtcNow - last < TimeSpan.FromMinutes(NoticeEveryMinutes))
            {
                return false;
            }
            noticeAt[steamId] = DateTime.UtcNow;
            return true;
        }

        /// <summary>Units of a job this server has given: its journal entry, its delivered line, or what the shop knows.</summary>
        private int UnitsGiven(JobDto job)
        {
            JobRecord record = FindRecord(job.Id);
            if (record != null)
            {
                return record.Given;
            }
            int units;
            if (delivered.TryGetValue(job.Id, out units))
            {
                return units;
            }
            return Math.Max(0, Math.Min(job.Given, Math.Max(0, job.Amount)));
        }

        /// <summary>
        /// Gives what fits of one job. Units already given (by the journal, the delivered list, or the
        /// shop's record when this server has none) are never given again.
        /// </summary>
        private Outcome DeliverJob(BasePlayer player, string steamId, JobDto job)
        {
            var outcome = new Outcome();
            string itemName = string.IsNullOrEmpty(job.ItemName) ? (job.Shortname ?? "?") : job.ItemName;
            int amount = Math.Max(0, job.Amount);
            pendingFails.Remove(job.Id);
            JobRecord record = Reconcile(job, steamId, itemName, amount);
            int done = record != null ? record.Given : UnitsGiven(job);
            if (done >= amount)
            {
                return outcome; // given already; the shop hears of it (again) from the reports
            }
            if (player == null || !player.IsConnected)
            {
                outcome.Release = "Игрок вышел с сервера";
                return outcome;
            }
            if (player.IsDead())
            {
                outcome.Release = "Игрок мёртв";
                outcome.RetrySeconds = 30;
                outcome.Line = Msg("Dead", player, config.StoreCommand);
                return outcome;
            }
            if (job.Kind == "give")
            {
                return GiveItems(player, steamId, job, itemName, done);
            }
            if (job.Kind == "kit")
            {
                return GiveKit(player, steamId, job, itemName, done);
            }
            if (job.Kind == "commands")
            {
                return RunCommands(player, steamId, job, itemName, done);
            }
            FailJob(job, "Неизвестный тип задания «" + Shorten(job.Kind) + "»: обновите плагин");
            return outcome;
        }

        /// <summary>
        /// Squares this server's knowledge of a job with the shop's. The shop knowing more (an older
        /// journal was restored) is taken as given. The shop knowing less than this server gave (the shop
        /// was restored from a backup) gives nothing again: the shop is told what this server gave.
        /// </summary>
        private JobRecord Reconcile(JobDto job, string steamId, string itemName, int amount)
        {
            JobRecord record = FindRecord(job.Id);
            int archived;
            if (record == null && delivered.TryGetValue(job.Id, out archived) && job.Given < archived)
            {
                // Delivered and forgotten by the shop: report it again from a fresh entry.
                record = NewRecord(job, steamId, itemName, Math.Min(archived, amount), job.Given);
                PrintWarning($"The shop offered job {job.Id} again although this server delivered it (the shop was restored from a backup?): not given again, the shop is told.");
            }
            if (record == null)
            {
                return null;
            }
            record.Amount = amount;
            record.FailReason = null;
            record.FailReported = false;
            record.Closed = false; // offered again (a retry): the shop has it
            if (record.RollbackPending)
            {
                return record;
            }
            if (job.Given > record.Given)
            {
                record.Given = Math.Min(job.Given, amount);
                record.ReportedGiven = Math.Max(record.ReportedGiven, record.Given);
            }
            else if (job.Given < record.ReportedGiven)
            {
                record.ReportedGiven = job.Given;
                record.ReportedSaved = 0;
            }
            journalDirty = true;
            return record;
        }

        private JobRecord NewRecord(JobDto job, string steamId, string itemName, int given, int shopKnows)
        {
            var record = new JobRecord
            {
                Id = job.Id, SteamId = steamId, ItemName = itemName, Amount = Math.Max(0, job.Amount), Boot = boot,
                // What the shop knows already is not told again; a delivered job's count is (it was saved).
                Given = given, Saved = given, ReportedGiven = Math.Min(shopKnows, given),
                ReportedSaved = Math.Min(shopKnows, given), UpdatedAt = DateTime.UtcNow
            };
            journal.Jobs.Add(record);
            journalDirty = true;
            return record;
        }

        /// <summary>Writes down units just given; the entry is made with the first unit.</summary>
        private JobRecord Progress(JobDto job, string steamId, string itemName, int units, string note)
        {
            JobRecord record = FindRecord(job.Id);
            if (record == null)
            {
                // No entry yet: start from the shop's count (what a lost journal gave is in the world).
                int known = UnitsGiven(job);
                record = NewRecord(job, steamId, itemName, known, known);
            }
            record.Given = Math.Min(record.Amount, record.Given + units);
            record.Note = record.Given < record.Amount ? note : null;
            record.UpdatedAt = DateTime.UtcNow;
            journalDirty = true;
            return record;
        }

        private void FailJob(JobDto job, string reason)
        {
            reason = reason.Length <= 200 ? reason : reason.Substring(0, 199) + "…";
            JobRecord record = FindRecord(job.Id);
            if (record != null)
            {
                record.FailReason = reason;
                record.FailReported = false;
                record.UpdatedAt = DateTime.UtcNow;
                journalDirty = true;
            }
            else
            {
                pendingFails[job.Id] = reason;
            }
            PrintWarning($"Job {job.Id} ({job.ItemName}) cannot be delivered: {reason}");
        }

        private Outcome GiveItems(BasePlayer player, string steamId, JobDto job, string itemName, int done)
        {
            var outcome = new Outcome();
            ItemDefinition definition = Definition(job.Shortname);
            if (definition == null)
            {
                FailJob(job, "Предмета «" + Shorten(job.Shortname) + "» нет на этом сервере");
                outcome.Line = Msg("CannotGive", player, itemName);
                return outcome;
            }
            int remaining = Math.Max(0, job.Amount) - done;
            int stackLimit;
            int room = RoomFor(player, definition, out stackLimit);
            if (room <= 0)
            {
                int slots = SlotsFor(remaining, stackLimit);
                outcome.Release = "Недостаточно места в инвентаре: нужно слотов — " + slots;
                outcome.RetrySeconds = NoRoomRetrySeconds;
                outcome.Slots = slots;
                outcome.Waiting = Msg("NoRoom", player, itemName, Amount(remaining), slots, FreeSlots(player), config.StoreCommand);
                return outcome;
            }
            int accepted = GiveUpTo(player, definition, Math.Min(remaining, room), stackLimit);
            if (accepted <= 0)
            {
                outcome.Release = "Игра не приняла предмет (ограничение другого плагина или пояса)";
                outcome.RetrySeconds = NoRoomRetrySeconds;
                outcome.Line = Msg("Refused", player, itemName, config.StoreCommand);
                return outcome;
            }
            int left = remaining - accepted;
            int leftSlots = SlotsFor(left, stackLimit);
            Progress(job, steamId, itemName, accepted,
                "Выдано " + Amount(done + accepted) + " из " + Amount(job.Amount) + ": остальное ждёт места (нужно слотов — " + leftSlots + ")");
            string line = Msg("Given", player, itemName, Amount(accepted));
            if (!string.IsNullOrEmpty(job.GiftFrom) && done == 0)
            {
                line += "\n" + Msg("GiftFrom", player, job.GiftFrom, itemName);
            }
            outcome.Line = line;
            if (left > 0)
            {
                outcome.Slots = leftSlots;
                outcome.Waiting = Msg("Remaining", player, itemName, Amount(left), leftSlots, config.StoreCommand);
            }
            return outcome;
        }

        /// <summary>A kit is given whole or waits: its room is checked for every line it still owes.</summary>
        private Outcome GiveKit(BasePlayer player, string steamId, JobDto job, string itemName, int done)
        {
            var outcome = new Outcome();
            List<KitItemDto> lines = job.Items ?? new List<KitItemDto>();
            var definitions = new List<ItemDefinition>();
            int total = 0;
            foreach (KitItemDto line in lines)
            {
                ItemDefinition definition = line == null ? null : Definition(line.Shortname);
                if (definition == null || line.Amount <= 0)
                {
                    FailJob(job, "Предмета «" + Shorten(line == null ? "?" : line.Shortname) + "» из набора нет на этом сервере");
                    outcome.Line = Msg("CannotGive", player, itemName);
                    return outcome;
                }
                definitions.Add(definition);
                total += line.Amount;
            }
            if (total != job.Amount)
            {
                FailJob(job, "Набор не сходится: предметов " + total + ", ожидалось " + job.Amount);
                return outcome;
            }
            // What each line still owes, after the units given before (lines are given in order).
            var owed = new int[lines.Count];
            int skip = done;
            for (int i = 0; i < lines.Count; i++)
            {
                int already = Math.Min(skip, lines[i].Amount);
                owed[i] = lines[i].Amount - already;
                skip -= already;
            }
            int free;
            int slots = KitSlots(player, definitions, owed, out free);
            if (slots > free)
            {
                outcome.Release = "Недостаточно места в инвентаре для набора: нужно слотов — " + slots;
                outcome.RetrySeconds = NoRoomRetrySeconds;
                outcome.Slots = slots;
                outcome.Waiting = Msg("NoRoomKit", player, itemName, slots, free, config.StoreCommand);
                return outcome;
            }
            int accepted = 0;
            for (int i = 0; i < lines.Count; i++)
            {
                if (owed[i] <= 0)
                {
                    continue;
                }
                int stackLimit;
                RoomFor(player, definitions[i], out stackLimit);
                int given = GiveUpTo(player, definitions[i], owed[i], stackLimit);
                accepted += given;
                if (given < owed[i])
                {
                    break; // the game refused the rest (another plugin's hook): what it took is kept
                }
            }
            if (accepted <= 0)
            {
                outcome.Release = "Игра не приняла предметы набора (ограничение другого плагина или пояса)";
                outcome.RetrySeconds = NoRoomRetrySeconds;
                outcome.Line = Msg("Refused", player, itemName, config.StoreCommand);
                return outcome;
            }
            Progress(job, steamId, itemName, accepted,
                "Выдано " + Amount(done + accepted) + " из " + Amount(job.Amount) + " предметов набора: остальное ждёт места");
            outcome.Line = Msg("Received", player, itemName);
            if (!string.IsNullOrEmpty(job.GiftFrom) && done == 0)
            {
                outcome.Line += "\n" + Msg("GiftFrom", player, job.GiftFrom, itemName);
            }
            return outcome;
        }

        private static ItemDefinition Definition(string shortname) =>
            string.IsNullOrEmpty(shortname) || !ShortnamePattern.IsMatch(shortname) ? null : ItemManager.FindItemDefinition(shortname);

        private static int SlotsFor(int amount, int stackLimit) =>
            amount <= 0 ? 0 : (int)Math.Min(int.MaxValue, ((long)amount + stackLimit - 1) / Math.Max(1, stackLimit));

        private static IEnumerable<ItemContainer> GivingContainers(BasePlayer player)
        {
            // PlayerInventory.GiveItem fills the main inventory, then the belt.
            if (player.inventory.containerMain != null) yield return player.inventory.containerMain;
            if (player.inventory.containerBelt != null) yield return player.inventory.containerBelt;
        }

        private static int FreeSlots(BasePlayer player)
        {
            int free = 0;
            foreach (ItemContainer container in GivingContainers(player))
            {
                free += Math.Max(0, container.capacity - container.itemList.Count);
            }
            return free;
        }

        /// <summary>
        /// How many of an item the game will take now, asked of the game itself on a probe item: stacks
        /// it may top up (Item.CanStack: same item, skin, full condition, fresh food, other plugins'
        /// CanStackItem) to their Item.MaxStackable (OnMaxStackable), then empty slots of containers
        /// that accept it (the belt refuses some items, other plugins refuse through CanAcceptItem).
        /// </summary>
        private static int RoomFor(BasePlayer player, ItemDefinition definition, out int stackLimit)
        {
            stackLimit = Math.Max(1, definition.stackable);
            Item probe = ItemManager.Create(definition, 1, 0UL);
            if (probe == null)
            {
                return 0;
            }
            try
            {
                stackLimit = Math.Max(1, probe.MaxStackable());
                long room = 0;
                foreach (ItemContainer container in GivingContainers(player))
                {
                    foreach (Item item in container.itemList)
                    {
                        if (item != null && item.CanStack(probe))
                        {
                            room += Math.Max(0, item.MaxStackable() - item.amount);
                        }
                    }
                    // An empty slot only where the container takes the item (a merge needs no slot).
                    if (container.CanAcceptItem(probe, -1) == ItemContainer.CanAcceptResult.CanAccept)
                    {
                        room += (long)Math.Max(0, container.capacity - container.itemList.Count) * stackLimit;
                    }
                }
                return (int)Math.Min(int.MaxValue, room);
            }
            finally
            {
                probe.Remove();
            }
        }

        /// <summary>
        /// Empty slots a kit's owed lines need (after topping up the player's stacks), and the empty
        /// slots there are in the containers that accept every one of its items.
        /// </summary>
        private static int KitSlots(BasePlayer player, List<ItemDefinition> definitions, int[] owed, out int free)
        {
            var accepting = new List<ItemContainer>(GivingContainers(player));
            long slots = 0;
            for (int i = 0; i < definitions.Count; i++)
            {
                if (owed[i] <= 0)
                {
                    continue;
                }
                Item probe = ItemManager.Create(definitions[i], 1, 0UL);
                if (probe == null)
                {
                    free = 0;
                    return int.MaxValue;
                }
                try
                {
                    int stackLimit = Math.Max(1, probe.MaxStackable());
                    accepting.RemoveAll(container => container.CanAcceptItem(probe, -1) != ItemContainer.CanAcceptResult.CanAccept);
                    long topUp = 0;
                    foreach (ItemContainer container in GivingContainers(player))
                    {
                        foreach (Item item in container.itemList)
                        {
                            if (item != null && item.CanStack(probe))
                            {
                                topUp += Math.Max(0, item.MaxStackable() - item.amount);
                            }
                        }
                    }
                    slots += SlotsFor((int)Math.Max(0, owed[i] - topUp), stackLimit);
                }
                finally
                {
                    probe.Remove();
                }
            }
            free = 0;
            foreach (ItemContainer container in accepting)
            {
                free += Math.Max(0, container.capacity - container.itemList.Count);
            }
            return (int)Math.Min(int.MaxValue, slots);
        }

        /// <summary>
        /// Gives up to `amount` in pieces of at most the stack limit and keeps what the game accepted:
        /// when it refuses a piece, the part it merged into the player's stacks stays (piece - item.amount)
        /// and the rest of the piece is destroyed, never dropped. Returns the units given.
        /// </summary>
        private int GiveUpTo(BasePlayer player, ItemDefinition definition, int amount, int stackLimit)
        {
            int given = 0;
            while (given < amount)
            {
                int piece = Math.Min(amount - given, Math.Max(1, stackLimit));
                Item item = ItemManager.Create(definition, piece, 0UL);
                if (item == null)
                {
                    PrintError($"The game could not create {definition.shortname}.");
                    break;
                }
                if (player.inventory.GiveItem(item))
                {
                    given += piece;
                    continue;
                }
                given += Math.Max(0, Math.Min(piece, piece - item.amount));
                item.Remove();
                break;
            }
            return given;
        }

        #endregion

        #region Commands and permissions

        /// <summary>A group or permission command, read by its structure.</summary>
        private class PermissionCommand
        {
            public bool Group;     // usergroup (else grant/revoke)
            public bool Add;       // add / grant (else remove / revoke)
            public string Target;  // "user" or "group" for grant/revoke
            public string Player;
            public string Name;    // the group or the permission
        }

        private static readonly HashSet<string> GroupCommands = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "oxide.usergroup", "o.usergroup", "umod.usergroup", "u.usergroup", "c.usergroup", "carbon.usergroup"
        };

        private static readonly HashSet<string> GrantCommands = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "oxide.grant", "o.grant", "umod.grant", "u.grant", "c.grant", "carbon.grant"
        };

        private static readonly HashSet<string> RevokeCommands = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            "oxide.revoke", "o.revoke", "umod.revoke", "u.revoke", "c.revoke", "carbon.revoke"
        };

        private Outcome RunCommands(BasePlayer player, string steamId, JobDto job, string itemName, int done)
        {
            var outcome = new Outcome();
            List<string> commands = job.Commands ?? new List<string>();
            if (commands.Count != job.Amount)
            {
                FailJob(job, "Задание с командами не сходится: команд " + commands.Count + ", ожидалось " + job.Amount);
                return outcome;
            }
            // All are checked before any runs: a bad template, or a reply that should not be trusted
            // with this server, gets nothing run.
            for (int i = done; i < commands.Count; i++)
            {
                string problem = CommandProblem(commands[i], steamId);
                if (problem != null)
                {
                    FailJob(job, "Команда отклонена: " + Shorten(commands[i]) + " — " + problem);
                    outcome.Line = Msg("CannotGive", player, itemName);
                    return outcome;
                }
            }
            for (int i = done; i < commands.Count; i++)
            {
                if (config.DebugLog)
                {
                    Puts($"Job {job.Id} for {steamId}: {commands[i]}");
                }
                string error = RunCommand(commands[i]);
                if (error != null)
                {
                    FailJob(job, "Команда не выполнена: " + Shorten(commands[i]) + " — " + error);
                    outcome.Line = Msg("CannotGive", player, itemName);
                    return outcome;
                }
                Progress(job, steamId, itemName, 1, null);
            }
            outcome.Line = Msg("Received", player, itemName);
            if (!string.IsNullOrEmpty(job.GiftFrom))
            {
                outcome.Line += "\n" + Msg("GiftFrom", player, job.GiftFrom, itemName);
            }
            return outcome;
        }

        /// <summary>
        /// Why a command may not run here, or null. A signed reply is the shop's, but the shop can be
        /// misconfigured or its admin account stolen: it still may only touch the job's own player, add
        /// groups it sells (or the owner allows), never admin or wildcards, and run nothing else than
        /// what AllowedCommands lists.
        /// </summary>
        private string CommandProblem(string command, string steamId)
        {
            if (string.IsNullOrWhiteSpace(command))
            {
                return "пустая команда";
            }
            List<string> args = SplitCommand(command);
            foreach (string arg in args)
            {
                if (SteamIdPattern.IsMatch(arg) && arg != steamId)
                {
                    return "Steam ID не покупателя";
                }
            }
            PermissionCommand permissionCommand = ParsePermission(args);
            if (permissionCommand != null)
            {
                return PermissionProblem(permissionCommand, steamId);
            }
            if (args.Count > 0 && (args[0].EndsWith(".usergroup", StringComparison.OrdinalIgnoreCase) ||
                args[0].EndsWith(".grant", StringComparison.OrdinalIgnoreCase) || args[0].EndsWith(".revoke", StringComparison.OrdinalIgnoreCase)))
            {
                return "непонятная команда прав (ожидается «usergroup add|remove <steamid> <группа>» или «grant|revoke user <steamid> <право>»)";
            }
            foreach (string prefix in config.AllowedCommands)
            {
                if (command.StartsWith(prefix, StringComparison.OrdinalIgnoreCase))
                {
                    return null;
                }
            }
            return "её нет в AllowedCommands плагина";
        }

        private string PermissionProblem(PermissionCommand command, string steamId)
        {
            if (command.Player != steamId)
            {
                return command.Group || command.Target == "user" ? "Steam ID не покупателя" : "права на всю группу не выдаются";
            }
            if (command.Name.IndexOf('*') >= 0)
            {
                return "права со звёздочкой не выдаются";
            }
            if (command.Group)
            {
                if (!GroupPattern.IsMatch(command.Name) || command.Name.Equals("admin", StringComparison.OrdinalIgnoreCase))
                {
                    return "группа «" + Shorten(command.Name) + "» не выдаётся";
                }
                if (command.Add && !vipGroups.Contains(command.Name) && !config.AllowedGroups.Exists(group => group.Equals(command.Name, StringComparison.OrdinalIgnoreCase)))
                {
                    return "группа «" + command.Name + "» не из VIP-статусов магазина и не из AllowedGroups плагина";
                }
            }
            return null;
        }

        private static PermissionCommand ParsePermission(List<string> args)
        {
            if (args.Count != 4)
            {
                return null;
            }
            string name = args[0];
            string verb = args[1].ToLowerInvariant();
            if (GroupCommands.Contains(name) && (verb == "add" || verb == "remove"))
            {
                return new PermissionCommand { Group = true, Add = verb == "add", Player = args[2], Name = args[3] };
            }
            bool grant = GrantCommands.Contains(name);
            if ((grant || RevokeCommands.Contains(name)) && (verb == "user" || verb == "group"))
            {
                // A group-wide grant names a group where the player would be: it never matches the buyer.
                return new PermissionCommand { Group = false, Add = grant, Target = verb, Player = verb == "user" ? args[2] : "", Name = args[3] };
            }
            return null;
        }

        /// <summary>Splits a console line as the game does: on spaces, with double quotes keeping an argument whole.</summary>
        private static List<string> SplitCommand(string command)
        {
            var args = new List<string>();
            var current = new StringBuilder();
            bool quoted = false;
            bool any = false;
            foreach (char c in command)
            {
                if (c == '"')
                {
                    quoted = !quoted;
                    any = true;
                }
                else if (char.IsWhiteSpace(c) && !quoted)
                {
                    if (any) args.Add(current.ToString());
                    current.Length = 0;
                    any = false;
                }
                else
                {
                    current.Append(c);
                    any = true;
                }
            }
            if (any) args.Add(current.ToString());
            return args;
        }

        /// <summary>
        /// Runs one command and reads what it did; null when it did it. Groups and permissions go
        /// through the permission library of Oxide or Carbon and are read back, because their console
        /// commands report a missing group only in the log and answer success.
        /// </summary>
        private string RunCommand(string command)
        {
            PermissionCommand permissionCommand = ParsePermission(SplitCommand(command));
            try
            {
                return permissionCommand != null ? RunPermission(permissionCommand) : RunServerCommand(command);
            }
            catch (Exception ex)
            {
                return ex.Message;
            }
        }

        private string RunPermission(PermissionCommand command)
        {
            string player = command.Player;
            if (command.Group)
            {
                if (!command.Add)
                {
                    permission.RemoveUserGroup(player, command.Name); // a missing group has no members
                    return null;
                }
                if (!permission.GroupExists(command.Name))
                {
                    return "группы «" + command.Name + "» нет на сервере: создайте её (oxide.group add " + command.Name + ") и нажмите «Повторить выдачу»";
                }
                permission.AddUserGroup(player, command.Name);
                return permission.UserHasGroup(player, command.Name) ? null : "игрок не попал в группу «" + command.Name + "»";
            }
            if (!command.Add)
            {
                permission.RevokeUserPermission(player, command.Name);
                return null;
            }
            if (!permission.PermissionExists(command.Name, null))
            {
                return "права «" + command.Name + "» нет на сервере (плагин, который его объявляет, не загружен)";
            }
            permission.GrantUserPermission(player, command.Name, null);
            return permission.UserHasPermission(player, command.Name) ? null : "право «" + command.Name + "» не выдано";
        }

        /// <summary>Runs a console command as the server; the game's own error text when it failed, else null.</summary>
        private static string RunServerCommand(string command)
        {
            string reply = ConsoleSystem.Run(ConsoleSystem.Option.Server, command);
            if (!string.IsNullOrEmpty(ConsoleSystem.LastError))
            {
                return ConsoleSystem.LastError;
            }
            if (reply != null && reply.StartsWith("Error: ", StringComparison.Ordinal))
            {
                return Shorten(reply);
            }
            return null;
        }

        #endregion

        #region Reports to the shop

        /// <summary>
        /// Tells the shop what this server knows and it does not, one kind at a time and oldest news
        /// first: crashes (rolled back), gives, saves, failures. Every report carries absolute counts,
        /// so a repeat changes nothing; a report that does not arrive is retried with a growing pause
        /// for as long as it takes, across restarts (the journal keeps it).
        /// </summary>
        private void FlushReports()
        {
            if (unloaded || reportInFlight || keyId == null)
            {
                return;
            }
            DestroyTimer(ref reportRetryTimer);

            List<JobRecord> batch = Pending(record => record.RollbackPending);
            if (batch.Count > 0)
            {
                var sent = batch.ConvertAll(record => new SavedReport { Id = record.Id, Saved = record.Saved });
                SendReport("/jobs/rolled-back", new ReportRequest<SavedReport> { Jobs = sent }, reply =>
                {
                    // The shop's count is now the saved one. What was given again meanwhile goes out
                    // next as a /jobs/given report; keeping the flag would resend this one for ever.
                    for (int i = 0; i < batch.Count; i++)
                    {
                        batch[i].RollbackPending = false;
                        batch[i].ReportedGiven = sent[i].Saved;
                    }
                });
                return;
            }
            batch = Pending(record => record.Given > record.ReportedGiven);
            if (batch.Count > 0)
            {
                var sent = batch.ConvertAll(record => new GivenReport { Id = record.Id, Given = record.Given, Note = record.Given < record.Amount ? record.Note : null });
                SendReport("/jobs/given", new ReportRequest<GivenReport> { Jobs = sent }, reply =>
                {
                    for (int i = 0; i < batch.Count; i++)
                    {
                        batch[i].ReportedGiven = Math.Max(batch[i].ReportedGiven, sent[i].Given);
                    }
                });
                return;
            }
            batch = Pending(record => record.Saved > record.ReportedSaved);
            if (batch.Count == 0)
            {
                // Entries told in full that wait for more (a job given in part): now and then the shop
                // is asked whether it still has them, so a refunded one does not stay here for ever.
                DateTime due = DateTime.UtcNow.AddMinutes(-NoticeEveryMinutes);
                batch = Pending(record => record.AllTold && !record.Closed && record.Saved < record.Amount &&
                    record.FailReason == null && record.CheckedAt < due);
            }
            if (batch.Count > 0)
            {
                var sent = batch.ConvertAll(record => new SavedReport { Id = record.Id, Saved = record.Saved });
                SendReport("/jobs/saved", new ReportRequest<SavedReport> { Jobs = sent }, reply =>
                {
                    SavedResponse answer = Parse<SavedResponse>(reply, "/jobs/saved");
                    var closed = new HashSet<string>(answer != null && answer.Closed != null ? answer.Closed : new List<string>());
                    for (int i = 0; i < batch.Count; i++)
                    {
                        batch[i].ReportedSaved = Math.Max(batch[i].ReportedSaved, sent[i].Saved);
                        batch[i].CheckedAt = DateTime.UtcNow;
                        batch[i].Closed = closed.Contains(batch[i].Id);
                    }
                });
                return;
            }
            var fails = new List<FailReport>();
            foreach (JobRecord record in journal.Jobs)
            {
                if (record.FailReason != null && !record.FailReported && fails.Count < IdsPerReport)
                {
                    fails.Add(new FailReport { Id = record.Id, Reason = record.FailReason });
                }
            }
            foreach (KeyValuePair<string, string> fail in pendingFails)
            {
                if (fails.Count < IdsPerReport && FindRecord(fail.Key) == null)
                {
                    fails.Add(new FailReport { Id = fail.Key, Reason = fail.Value });
                }
            }
            if (fails.Count > 0)
            {
                SendReport("/jobs/fail", new ReportRequest<FailReport> { Jobs = fails }, reply =>
                {
                    foreach (FailReport sent in fails)
                    {
                        JobRecord record = FindRecord(sent.Id);
                        if (record != null && record.FailReason == sent.Reason)
                        {
                            record.FailReported = true;
                        }
                        string reason;
                        if (pendingFails.TryGetValue(sent.Id, out reason) && reason == sent.Reason)
                        {
                            pendingFails.Remove(sent.Id);
                        }
                    }
                });
                return;
            }
            // Everything is told: delivered jobs move to the delivered list, failed and closed ones are dropped.
            Archive(journal.Jobs.FindAll(record => record.Settled && record.Saved >= record.Amount));
            if (journal.Jobs.RemoveAll(record => record.Settled) > 0)
            {
                journalDirty = true;
            }
            SaveJournal(); // only when something left it
        }

        private List<JobRecord> Pending(Predicate<JobRecord> needsReport)
        {
            List<JobRecord> all = journal.Jobs.FindAll(needsReport);
            return all.Count <= IdsPerReport ? all : all.GetRange(0, IdsPerReport);
        }

        // What the shop confirmed needs no write of its own: a report lost with a crash is sent again,
        // and the shop takes a repeat as nothing new. The next round or save writes the journal.
        private void SendReport(string path, object body, Action<string> onAccepted)
        {
            reportInFlight = true;
            Request(path, body, (code, reply) =>
            {
                reportInFlight = false;
                if (code == 200 && reply != null)
                {
                    reportFailures = 0;
                    onAccepted(reply);
                    journalDirty = true;
                    FlushReports();
                    return;
                }
                reportFailures++;
                float delay = Math.Min(300f, 5f * (float)Math.Pow(2, Math.Min(reportFailures - 1, 6)));
                PrintWarning($"Could not report to the shop ({path}): {Describe(code, reply)}. Retrying in {delay:0} s; the journal keeps it meanwhile.");
                reportRetryTimer = timer.Once(delay, FlushReports);
            });
        }

        /// <summary>
        /// Jobs leased but not given at all this round go back to the queue now (otherwise when their
        /// lease ends). A job of which anything was given is never released: it is reported instead.
        /// </summary>
        private void Release(List<string> ids, string reason, int retrySeconds)
        {
            for (int start = 0; start < ids.Count; start += IdsPerReport)
            {
                List<string> chunk = ids.GetRange(start, Math.Min(IdsPerReport, ids.Count - start));
                Request("/jobs/release", new ReleaseRequest { Ids = chunk, Reason = reason, RetrySeconds = retrySeconds }, (code, reply) =>
                {
                    if (code != 200 || reply == null)
                    {
                        PrintWarning($"Could not return {chunk.Count} job(s) to the queue ({Describe(code, reply)}); the shop takes them back when their lease ends.");
                    }
                });
            }
        }

        #endregion

        #region Item list

        /// <summary>Sends the game's live item list (modded items included) and its permission groups as this server's own.</summary>
        private void SyncItems()
        {
            DestroyTimer(ref itemsRetryTimer);
            var items = new List<ItemDto>();
            var seenShortnames = new HashSet<string>(StringComparer.Ordinal);
            int skipped = 0;
            foreach (ItemDefinition definition in ItemManager.itemList)
            {
                if (definition == null || string.IsNullOrEmpty(definition.shortname))
                {
                    continue;
                }
                string shortname = definition.shortname.Trim();
                if (!ShortnamePattern.IsMatch(shortname) || !seenShortnames.Add(shortname))
                {
                    skipped++;
                    continue;
                }
                string displayName = definition.displayName != null ? definition.displayName.english : null;
                displayName = string.IsNullOrWhiteSpace(displayName) ? shortname : displayName.Trim();
                if (displayName.Length > 200)
                {
                    displayName = displayName.Substring(0, 200);
                }
                items.Add(new ItemDto
                {
                    ItemId = definition.itemid,
                    Shortname = shortname,
                    DisplayName = displayName,
                    Category = definition.category.ToString(),
                    Stackable = Math.Max(1, definition.stackable)
                });
            }
            if (items.Count == 0)
            {
                PrintWarning("The game's item list is empty; nothing sent to the shop.");
                return;
            }
            if (skipped > 0)
            {
                Puts($"{skipped} item definition(s) left out of the shop's list (duplicate or unusual shortname).");
            }
            Request("/items", new ItemsRequest { Items = items, Groups = ServerGroups() }, (code, body) =>
            {
                ItemsResponse result = code == 200 ? Parse<ItemsResponse>(body, "/items") : null;
                if (result == null)
                {
                    if (code != 401 && code != 426)
                    {
                        PrintWarning($"Could not send the item list to the shop: {Describe(code, body)}. Trying again in a minute.");
                    }
                    if (code != 426)
                    {
                        itemsRetryTimer = timer.Once(code == 401 ? 5f : 60f, SyncItems);
                    }
                    return;
                }
                Puts($"Item list sent to the shop: this server's list now has {result.Total} items.");
            }, 60f);
        }

        private List<string> ServerGroups()
        {
            var groups = new List<string>();
            try
            {
                foreach (string group in permission.GetGroups())
                {
                    if (group != null && GroupPattern.IsMatch(group) && groups.Count < 1000)
                    {
                        groups.Add(group);
                    }
                }
            }
            catch (Exception ex)
            {
                PrintWarning($"Could not read the server's permission groups: {ex.Message}");
            }
            return groups;
        }

        #endregion
    }
}
