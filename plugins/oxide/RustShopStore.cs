using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using Newtonsoft.Json;
using Oxide.Core;
using Oxide.Core.Libraries;

namespace Oxide.Plugins
{
    [Info("Rust Shop Store", "Rust Shop", "2.0.0")]
    [Description("Delivers Rust Shop purchases exactly once: automatically within seconds, or through /store; stack-aware, signed both ways, confirmed only after the world save")]
    public class RustShopStore : RustPlugin
    {
        #region Fields

        private const string PluginVersion = "2.0.0";
        private const int IdsPerReport = 100;          // the shop takes at most 100 jobs per report
        private const int MaxOnlineInWait = 1000;      // and at most 1000 Steam ids per long poll
        private const int WaitSeconds = 25;            // the shop holds a long poll at most this long
        private const int NoRoomRetrySeconds = 60;     // an automatic round offers a job without room again after this
        private const int PruneAfterDays = 30;         // finished journal entries are forgotten after this

        private static readonly Regex ServerKeyPattern = new Regex("^[A-Za-z0-9_-]{20,100}$");
        private static readonly Regex SteamIdPattern = new Regex("^7656119[0-9]{10}$");
        private static readonly Regex JobIdPattern = new Regex("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");
        // The one shortname rule the shop checks everywhere; one bad row would reject the whole list.
        private static readonly Regex ShortnamePattern = new Regex("^[A-Za-z0-9][A-Za-z0-9._ -]{0,99}$");

        // Lives as long as the game process and survives plugin reloads, so a journal entry written by
        // this process is told apart from one written before a crash.
        private const string BootVariable = "RUST_SHOP_STORE_BOOT";

        private PluginConfig config;
        private Journal journal;
        private string boot;
        private string keyId;
        private bool unloaded;

        private readonly HashSet<string> roundsInFlight = new HashSet<string>();
        private readonly Dictionary<string, DateTime> lastStoreAt = new Dictionary<string, DateTime>();

        private bool reportInFlight;
        private int reportFailures;
        private Timer reportRetryTimer;
        private int waitGeneration;
        private int waitFailures;
        private Timer waitRetryTimer;
        private Timer waitRestartTimer;
        // When a player was last told why an automatic round could not give a job, by job id.
        private readonly Dictionary<string, DateTime> noticeAt = new Dictionary<string, DateTime>();
        private bool warnedNotConfigured;
        private bool warnedOutdated;

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

            [JsonProperty("DebugLog")]
            public bool DebugLog = false;
        }

        /// <summary>The shop's own commands and the forms VIP tiers use; anything else needs the owner's consent.</summary>
        private static List<string> DefaultAllowedCommands() => new List<string>
        {
            "rustshop.",
            "oxide.usergroup add ",
            "oxide.usergroup remove ",
            "oxide.grant ",
            "oxide.revoke "
        };

        protected override void LoadDefaultConfig()
        {
            config = new PluginConfig { AllowedCommands = DefaultAllowedCommands() };
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

        private bool IsAllowedCommand(string command)
        {
            foreach (string prefix in config.AllowedCommands)
            {
                if (command.StartsWith(prefix, StringComparison.OrdinalIgnoreCase))
                {
                    return true;
                }
            }
            return false;
        }

        #endregion

        #region Delivery journal

        /// <summary>
        /// What this server has given of each job, kept in oxide/data/RustShopStore.json. It is written
        /// right after a give, before any message or request, by a temporary file and a rename, with the
        /// previous copy kept: a crash leaves either the old journal or the new one, never a torn one.
        /// </summary>
        private class Journal
        {
            [JsonProperty("Jobs")]
            public List<JobRecord> Jobs = new List<JobRecord>();
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
            // The game process that gave Given - Saved: if that process is gone, so is the unsaved part.
            [JsonProperty("Boot")] public string Boot;
            // What the shop has confirmed receiving.
            [JsonProperty("ReportedGiven")] public int ReportedGiven;
            [JsonProperty("ReportedSaved")] public int ReportedSaved;
            [JsonProperty("RollbackPending")] public bool RollbackPending;
            [JsonProperty("Note")] public string Note;
            [JsonProperty("FailReason")] public string FailReason;
            [JsonProperty("FailReported")] public bool FailReported;
            [JsonProperty("UpdatedAt")] public DateTime UpdatedAt;

            [JsonIgnore]
            public bool Settled =>
                !RollbackPending && ReportedGiven >= Given && ReportedSaved >= Saved && Saved >= Given &&
                (Saved >= Amount || FailReported);
        }

        private string JournalPath => Path.Combine(Interface.Oxide.DataDirectory, Name + ".json");

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
            journal.Jobs.RemoveAll(record => record == null || record.Id == null);
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
            if (unloaded)
            {
                return; // the instance loaded after this one owns the file now
            }
            string path = JournalPath;
            string temporary = path + ".tmp";
            try
            {
                Directory.CreateDirectory(Path.GetDirectoryName(path));
                File.WriteAllText(temporary, JsonConvert.SerializeObject(journal, Formatting.Indented));
                if (File.Exists(path))
                {
                    File.Replace(temporary, path, path + ".bak");
                }
                else
                {
                    File.Move(temporary, path);
                }
            }
            catch (Exception ex)
            {
                PrintError($"Could not write oxide/data/{Name}.json: {ex.Message}");
            }
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
                record.Boot = boot;
            }
            journal.Jobs.RemoveAll(record => record.Settled && record.UpdatedAt < DateTime.UtcNow.AddDays(-PruneAfterDays));
            if (rolledBack > 0)
            {
                PrintWarning($"The server stopped before the world was saved: {rolledBack} delivery(ies) given after the last save are not in the world and will be given again.");
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
            // A gift: the name of the player who bought it; null for the player's own purchases.
            [JsonProperty("giftFrom")] public string GiftFrom;
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
            RecoverAfterCrash();
            cmd.AddChatCommand(config.StoreCommand, this, nameof(StoreCommand));
            cmd.AddConsoleCommand("rustshop.notify", this, nameof(NotifyCommand));
        }

        private void OnServerInitialized(bool initial)
        {
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

        // The world, players' inventories included, is written now: what was given is kept for good.
        private void OnServerSave()
        {
            if (MarkGivenSaved() > 0)
            {
                SaveJournal();
                FlushReports();
            }
        }

        // The game saves the world once more after the plugins are unloaded on a shutdown: what was
        // given is in that save, so it counts as saved (reported at the next start).
        private void OnServerShutdown()
        {
            MarkGivenSaved();
            SaveJournal();
        }

        /// <summary>Everything given is in the world save now; how many journal entries that changed.</summary>
        private int MarkGivenSaved()
        {
            int changed = 0;
            foreach (JobRecord record in journal.Jobs)
            {
                if (record.Given > record.Saved)
                {
                    record.Saved = record.Given;
                    record.UpdatedAt = DateTime.UtcNow;
                    changed++;
                }
            }
            return changed;
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
            }
        }

        private void Unload()
        {
            SaveJournal();
            unloaded = true; // callbacks that still arrive (Carbon runs them on this old instance) do nothing
            DestroyTimer(ref reportRetryTimer);
            DestroyTimer(ref waitRetryTimer);
            DestroyTimer(ref waitRestartTimer);
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
            string timestamp = DateTimeOffset.UtcNow.ToUnixTimeSeconds().ToString();
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
                string verified = Verify(nonce, code, response);
                if (config.DebugLog)
                {
                    Puts($"<- {code} {path} {(verified != null ? Shorten(verified) : "(unsigned) " + Shorten(response))}");
                }
                if (code == 401)
                {
                    PrintError($"The shop refused this server's signature (401 on {path}): {Describe(code, response)}. Copy the key of this server from Панель администратора → Серверы into ServerKey, check the server's clock, and reload the plugin.");
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
            }, this, RequestMethod.POST, headers, timeout > 0 ? timeout : config.RequestTimeoutSeconds);
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
                        BasePlayer player = FindOnline(steamId);
                        if (player != null)
                        {
                            StartRound(player, false);
                        }
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
                try
                {
                    LeaseResponse lease = code == 200 ? Parse<LeaseResponse>(body, "/jobs/lease") : null;
                    if (lease == null)
                    {
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
                finally
                {
                    roundsInFlight.Remove(steamId);
                }
            });
        }

        #endregion

        #region Giving

        /// <summary>What a round did with one job, for the player's chat after everything is recorded.</summary>
        private class Outcome
        {
            public string Line;
            public string Release;
            public int RetrySeconds;
        }

        private void Deliver(BasePlayer player, string steamId, List<JobDto> jobs, bool manual)
        {
            var lines = new List<string>();
            var releases = new Dictionary<string, List<string>>();
            var retryByReason = new Dictionary<string, int>();
            foreach (JobDto job in jobs)
            {
                if (job == null || job.Id == null || !JobIdPattern.IsMatch(job.Id))
                {
                    PrintError($"Skipped a job with a malformed id from the shop: {Shorten(JsonConvert.SerializeObject(job))}");
                    continue;
                }
                Outcome outcome = new Outcome();
                try
                {
                    outcome = DeliverJob(player, steamId, job);
                }
                catch (Exception ex)
                {
                    // What was given before the exception is in the journal already (see DeliverJob).
                    PrintError($"Job {job.Id} for {steamId} stopped: {ex}");
                    JobRecord record = FindRecord(job.Id);
                    if (record == null || record.Given <= Math.Max(0, job.Given))
                    {
                        outcome.Release = "Ошибка плагина при выдаче: см. консоль сервера";
                        outcome.RetrySeconds = NoRoomRetrySeconds;
                    }
                }
                finally
                {
                    SaveJournal(); // before any message or request
                }
                if (outcome.Line != null && (manual || outcome.Release == null || ShouldNotice(job.Id)))
                {
                    lines.Add(outcome.Line);
                }
                JobRecord given = FindRecord(job.Id);
                if (outcome.Release != null && given != null && given.Given > given.ReportedGiven)
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

            FlushReports();
            foreach (KeyValuePair<string, List<string>> release in releases)
            {
                Release(release.Value, release.Key, manual ? 0 : retryByReason[release.Key]);
            }
            foreach (string line in lines)
            {
                ReplyText(player, line);
            }
        }

        /// <summary>Automatic rounds retry a job that waits for room every minute; the player hears of it every ten.</summary>
        private bool ShouldNotice(string jobId)
        {
            DateTime last;
            if (noticeAt.TryGetValue(jobId, out last) && DateTime.UtcNow - last < TimeSpan.FromMinutes(10))
            {
                return false;
            }
            noticeAt[jobId] = DateTime.UtcNow;
            return true;
        }

        /// <summary>
        /// Gives what fits of one job and writes it down before anything else happens. Units already
        /// given (by the journal, or by the shop's record when the journal has none) are never given again.
        /// </summary>
        private Outcome DeliverJob(BasePlayer player, string steamId, JobDto job)
        {
            var outcome = new Outcome();
            string itemName = string.IsNullOrEmpty(job.ItemName) ? (job.Shortname ?? "?") : job.ItemName;
            JobRecord record = RecordFor(job, steamId, itemName);
            if (record.Given >= record.Amount)
            {
                return outcome; // given already; the report (maybe lost before) goes out again
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
                return GiveItems(player, job, record, itemName);
            }
            if (job.Kind == "commands")
            {
                return RunCommands(player, job, record, itemName);
            }
            Fail(record, "Неизвестный тип задания «" + Shorten(job.Kind) + "»: обновите плагин");
            return outcome;
        }

        private JobRecord RecordFor(JobDto job, string steamId, string itemName)
        {
            JobRecord record = FindRecord(job.Id);
            int amount = Math.Max(0, job.Amount);
            if (record == null)
            {
                // No journal entry: trust the shop's count (what a lost journal gave is in the world).
                int known = Math.Max(0, Math.Min(job.Given, amount));
                record = new JobRecord
                {
                    Id = job.Id, SteamId = steamId, ItemName = itemName, Amount = amount, Boot = boot,
                    Given = known, Saved = known, ReportedGiven = known, UpdatedAt = DateTime.UtcNow
                };
                journal.Jobs.Add(record);
            }
            else if (!record.RollbackPending && job.Given > record.Given)
            {
                // The shop knows of more than this journal (an older copy was restored): never give it twice.
                record.Given = Math.Min(job.Given, amount);
                record.ReportedGiven = Math.Max(record.ReportedGiven, record.Given);
            }
            record.Amount = amount;
            record.FailReason = null;
            record.FailReported = false;
            return record;
        }

        private void Fail(JobRecord record, string reason)
        {
            record.FailReason = reason.Length <= 200 ? reason : reason.Substring(0, 200);
            record.FailReported = false;
            record.UpdatedAt = DateTime.UtcNow;
            PrintWarning($"Job {record.Id} for {record.SteamId} ({record.ItemName}) cannot be delivered: {record.FailReason}");
        }

        private Outcome GiveItems(BasePlayer player, JobDto job, JobRecord record, string itemName)
        {
            var outcome = new Outcome();
            ItemDefinition definition = string.IsNullOrEmpty(job.Shortname) || !ShortnamePattern.IsMatch(job.Shortname)
                ? null
                : ItemManager.FindItemDefinition(job.Shortname);
            if (definition == null)
            {
                Fail(record, "Предмета «" + Shorten(job.Shortname) + "» нет на этом сервере");
                outcome.Line = Msg("CannotGive", player, itemName);
                return outcome;
            }
            int stackLimit = Math.Max(1, definition.stackable);
            int remaining = record.Amount - record.Given;
            int room = RoomFor(player, definition);
            int amount = Math.Min(remaining, room);
            if (amount <= 0)
            {
                int slots = SlotsFor(remaining, stackLimit);
                outcome.Release = "Недостаточно места в инвентаре: нужно слотов — " + slots;
                outcome.RetrySeconds = NoRoomRetrySeconds;
                outcome.Line = Msg("NoRoom", player, itemName, Amount(remaining), slots, FreeSlots(player), config.StoreCommand);
                return outcome;
            }
            if (!GiveExactly(player, definition, amount, job.Id))
            {
                outcome.Release = "Игра не приняла предмет (ограничение другого плагина или пояса)";
                outcome.RetrySeconds = NoRoomRetrySeconds;
                outcome.Line = Msg("Refused", player, itemName, config.StoreCommand);
                return outcome;
            }
            record.Given += amount;
            record.UpdatedAt = DateTime.UtcNow;
            SaveJournal(); // right after the give: whatever happens next, it is never given twice
            int left = record.Amount - record.Given;
            string line = Msg("Given", player, itemName, Amount(amount));
            if (!string.IsNullOrEmpty(job.GiftFrom) && record.Given == amount)
            {
                line += "\n" + Msg("GiftFrom", player, job.GiftFrom, itemName);
            }
            if (left > 0)
            {
                int slots = SlotsFor(left, stackLimit);
                record.Note = "Выдано " + Amount(record.Given) + " из " + Amount(record.Amount) + ": остальное ждёт места (нужно слотов — " + slots + ")";
                line += "\n" + Msg("Remaining", player, itemName, Amount(left), slots, config.StoreCommand);
            }
            else
            {
                record.Note = null;
            }
            outcome.Line = line;
            return outcome;
        }

        private static int SlotsFor(int amount, int stackLimit) => (int)Math.Min(int.MaxValue, ((long)amount + stackLimit - 1) / stackLimit);

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

        /// <summary>How many of this item the game will take now: top-ups of partial stacks, then empty slots.</summary>
        private static int RoomFor(BasePlayer player, ItemDefinition definition)
        {
            long limit = Math.Max(1, definition.stackable);
            long room = 0;
            foreach (ItemContainer container in GivingContainers(player))
            {
                room += Math.Max(0, container.capacity - container.itemList.Count) * limit;
                foreach (Item item in container.itemList)
                {
                    if (item != null && item.info != null && item.info.itemid == definition.itemid && item.skin == 0UL && item.amount < limit)
                    {
                        room += limit - item.amount;
                    }
                }
            }
            return (int)Math.Min(int.MaxValue, room);
        }

        /// <summary>
        /// Gives `amount` in pieces no bigger than the stack limit, or nothing: when the game refuses a
        /// piece (another plugin's CanAcceptItem, the belt), every Item this call created is removed and
        /// every stack it topped up goes back to its amount before. The player's own items are untouched.
        /// </summary>
        private bool GiveExactly(BasePlayer player, ItemDefinition definition, int amount, string jobId)
        {
            var before = new Dictionary<Item, int>();
            foreach (ItemContainer container in GivingContainers(player))
            {
                foreach (Item item in container.itemList)
                {
                    if (item != null && item.info != null && item.info.itemid == definition.itemid)
                    {
                        before[item] = item.amount;
                    }
                }
            }
            int limit = Math.Max(1, definition.stackable);
            int left = amount;
            while (left > 0)
            {
                int piece = Math.Min(left, limit);
                Item item = ItemManager.Create(definition, piece, 0UL);
                if (item == null)
                {
                    Undo(player, definition, before, null);
                    PrintError($"Job {jobId}: the game could not create {definition.shortname}.");
                    return false;
                }
                if (!player.inventory.GiveItem(item))
                {
                    Undo(player, definition, before, item);
                    return false;
                }
                left -= piece;
            }
            return true;
        }

        private static void Undo(BasePlayer player, ItemDefinition definition, Dictionary<Item, int> before, Item refused)
        {
            var created = new List<Item>();
            foreach (ItemContainer container in GivingContainers(player))
            {
                foreach (Item item in container.itemList)
                {
                    if (item == null || item.info == null || item.info.itemid != definition.itemid)
                    {
                        continue;
                    }
                    int amountBefore;
                    if (!before.TryGetValue(item, out amountBefore))
                    {
                        created.Add(item);
                    }
                    else if (item.amount != amountBefore)
                    {
                        item.amount = amountBefore;
                        item.MarkDirty();
                    }
                }
            }
            foreach (Item item in created)
            {
                item.RemoveFromContainer();
                item.Remove();
            }
            if (refused != null && !created.Contains(refused))
            {
                refused.Remove(); // never dropped on the ground
            }
        }

        private Outcome RunCommands(BasePlayer player, JobDto job, JobRecord record, string itemName)
        {
            var outcome = new Outcome();
            List<string> commands = job.Commands ?? new List<string>();
            if (commands.Count != record.Amount)
            {
                Fail(record, "Задание с командами не сходится: команд " + commands.Count + ", ожидалось " + record.Amount);
                return outcome;
            }
            for (int i = record.Given; i < commands.Count; i++)
            {
                if (string.IsNullOrWhiteSpace(commands[i]) || !IsAllowedCommand(commands[i]))
                {
                    // Checked before any runs: a shop impersonator or a bad template gets nothing run.
                    Fail(record, "Команда не разрешена в AllowedCommands плагина: " + Shorten(commands[i]));
                    return outcome;
                }
            }
            while (record.Given < commands.Count)
            {
                string command = commands[record.Given];
                if (config.DebugLog)
                {
                    Puts($"Job {job.Id} for {record.SteamId}: {command}");
                }
                string error = RunServerCommand(command);
                if (error != null)
                {
                    Fail(record, "Команда не выполнена: " + Shorten(command) + " — " + error);
                    outcome.Line = Msg("CannotGive", player, itemName);
                    return outcome;
                }
                record.Given++;
                record.UpdatedAt = DateTime.UtcNow;
                SaveJournal(); // one line per command run: a crash in between never runs one twice
            }
            outcome.Line = Msg("Received", player, itemName);
            if (!string.IsNullOrEmpty(job.GiftFrom))
            {
                outcome.Line += "\n" + Msg("GiftFrom", player, job.GiftFrom, itemName);
            }
            return outcome;
        }

        /// <summary>Runs a console command as the server; the game's own error text when it failed, else null.</summary>
        private static string RunServerCommand(string command)
        {
            try
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
            catch (Exception ex)
            {
                return ex.Message;
            }
        }

        #endregion

        #region Reports to the shop

        /// <summary>
        /// Tells the shop what the journal knows and it does not, one kind at a time and oldest news
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
                SendReport("/jobs/rolled-back", new ReportRequest<SavedReport> { Jobs = sent }, () =>
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
                SendReport("/jobs/given", new ReportRequest<GivenReport> { Jobs = sent }, () =>
                {
                    for (int i = 0; i < batch.Count; i++)
                    {
                        batch[i].ReportedGiven = Math.Max(batch[i].ReportedGiven, sent[i].Given);
                    }
                });
                return;
            }
            batch = Pending(record => record.Saved > record.ReportedSaved);
            if (batch.Count > 0)
            {
                var sent = batch.ConvertAll(record => new SavedReport { Id = record.Id, Saved = record.Saved });
                SendReport("/jobs/saved", new ReportRequest<SavedReport> { Jobs = sent }, () =>
                {
                    for (int i = 0; i < batch.Count; i++)
                    {
                        batch[i].ReportedSaved = Math.Max(batch[i].ReportedSaved, sent[i].Saved);
                    }
                });
                return;
            }
            batch = Pending(record => record.FailReason != null && !record.FailReported);
            if (batch.Count > 0)
            {
                var sent = batch.ConvertAll(record => new FailReport { Id = record.Id, Reason = record.FailReason });
                SendReport("/jobs/fail", new ReportRequest<FailReport> { Jobs = sent }, () =>
                {
                    for (int i = 0; i < batch.Count; i++)
                    {
                        if (batch[i].FailReason == sent[i].Reason)
                        {
                            batch[i].FailReported = true;
                        }
                    }
                });
                return;
            }
            // Everything is told: finished deliveries leave the journal.
            if (journal.Jobs.RemoveAll(record => record.Settled && record.Saved >= record.Amount) > 0)
            {
                SaveJournal();
            }
        }

        private List<JobRecord> Pending(Predicate<JobRecord> needsReport)
        {
            List<JobRecord> all = journal.Jobs.FindAll(needsReport);
            return all.Count <= IdsPerReport ? all : all.GetRange(0, IdsPerReport);
        }

        private void SendReport(string path, object body, Action onAccepted)
        {
            reportInFlight = true;
            Request(path, body, (code, reply) =>
            {
                reportInFlight = false;
                if (code == 200 && reply != null)
                {
                    reportFailures = 0;
                    onAccepted();
                    SaveJournal();
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

        /// <summary>Sends the game's live item list (modded items included) as this server's own list.</summary>
        private void SyncItems()
        {
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
            Request("/items", new ItemsRequest { Items = items }, (code, body) =>
            {
                ItemsResponse result = code == 200 ? Parse<ItemsResponse>(body, "/items") : null;
                if (result == null)
                {
                    if (code != 401 && code != 426)
                    {
                        PrintWarning($"Could not send the item list to the shop: {Describe(code, body)}. It is sent again at the next load.");
                    }
                    return;
                }
                Puts($"Item list sent to the shop: this server's list now has {result.Total} items.");
            }, 60f);
        }

        #endregion
    }
}
