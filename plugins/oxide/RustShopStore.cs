using System;
using System.Collections.Generic;
using System.Text.RegularExpressions;
using Newtonsoft.Json;
using Oxide.Core;
using Oxide.Core.Libraries;

namespace Oxide.Plugins
{
    [Info("Rust Shop Store", "Rust Shop", "1.0.0")]
    [Description("Delivers Rust Shop purchases through /store: gives only what fits in the inventory, acknowledges each delivery by id and never drops items on the ground")]
    public class RustShopStore : RustPlugin
    {
        #region Fields

        private const int ItemChunkSize = 5000;          // POST /items takes at most 5000 items
        private const int IdsPerRequest = 100;           // /queue/ack and /queue/release take at most 100 ids
        private const int MaxPiecesPerJob = 500;         // a job needing more slots than this is a shop-side mistake
        private const string NoRoomReason = "Недостаточно места в инвентаре";

        private static readonly Regex ServerKeyPattern = new Regex("^[A-Za-z0-9_-]{20,100}$");
        private static readonly Regex SteamIdPattern = new Regex("^7656119[0-9]{10}$");
        private static readonly Regex JobIdPattern = new Regex("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");
        // The shop's item table accepts only these shortnames; one bad row would reject the whole list.
        private static readonly Regex ShortnamePattern = new Regex("^[A-Za-z0-9][A-Za-z0-9._ -]*$");

        private PluginConfig config;
        private StoredData data;

        private readonly HashSet<string> requestsInFlight = new HashSet<string>();
        private readonly Dictionary<string, DateTime> lastRequestAt = new Dictionary<string, DateTime>();

        private bool ackInFlight;
        private int ackFailures;
        private Timer ackRetryTimer;
        private int itemSyncFailures;
        private bool warnedNotConfigured;

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

            [JsonProperty("DebugLog")]
            public bool DebugLog = false;
        }

        protected override void LoadDefaultConfig()
        {
            config = new PluginConfig();
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
        }

        /// <summary>True when the URL and the key are set; otherwise warns once and sends nothing.</summary>
        private bool IsConfigured()
        {
            string problem = null;
            if (!config.ShopApiUrl.StartsWith("https://", StringComparison.OrdinalIgnoreCase) &&
                !config.ShopApiUrl.StartsWith("http://", StringComparison.OrdinalIgnoreCase))
            {
                problem = "ShopApiUrl is not set (expected e.g. https://shop.example/api/plugin/v1)";
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

        #region Stored data

        /// <summary>Job ids given in game but not yet acknowledged by the shop; survives restarts.</summary>
        private class StoredData
        {
            [JsonProperty("PendingAcks")]
            public List<string> PendingAcks = new List<string>();
        }

        private void LoadData()
        {
            try
            {
                data = Interface.Oxide.DataFileSystem.ReadObject<StoredData>(Name);
            }
            catch (Exception ex)
            {
                PrintError($"Could not read oxide/data/{Name}.json ({ex.Message}); starting with no pending acknowledgements.");
                data = null;
            }
            if (data == null)
            {
                data = new StoredData();
            }
            if (data.PendingAcks == null)
            {
                data.PendingAcks = new List<string>();
            }
        }

        private void SaveData() => Interface.Oxide.DataFileSystem.WriteObject(Name, data);

        #endregion

        #region Shop API contract (field names follow plugins/oxide/contract/*.json)

        private class ItemDto
        {
            [JsonProperty("itemid")] public int ItemId;
            [JsonProperty("shortname")] public string Shortname;
            [JsonProperty("displayName")] public string DisplayName;
            [JsonProperty("category")] public string Category;
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

        private class JobDto
        {
            [JsonProperty("id")] public string Id;
            [JsonProperty("kind")] public string Kind;
            [JsonProperty("itemName")] public string ItemName;
            [JsonProperty("shortname")] public string Shortname;
            [JsonProperty("stackSize")] public int? StackSize;
            [JsonProperty("stacks")] public int? Stacks;
            [JsonProperty("commands")] public List<string> Commands;
            // A gift: the name of the player who bought it; null for the player's own purchases.
            [JsonProperty("giftFrom")] public string GiftFrom;
        }

        private class QueueResponse
        {
            [JsonProperty("jobs")] public List<JobDto> Jobs;
            [JsonProperty("leaseSeconds")] public int LeaseSeconds;
        }

        private class AckRequest
        {
            [JsonProperty("ids")] public List<string> Ids;
        }

        private class AckResponse
        {
            [JsonProperty("acknowledged")] public int Acknowledged;
        }

        private class ReleaseRequest
        {
            [JsonProperty("ids")] public List<string> Ids;
            [JsonProperty("reason")] public string Reason;
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
            ["NothingWaiting"] = "Nothing is waiting for you. Purchases from the shop appear here after payment.",
            ["NotEnoughRoom"] = "Not enough room in your inventory: {0} free slot(s) needed, {1} free now. Make room and type /{2} again.",
            ["Given"] = "Given: {0} ×{1}",
            ["Received"] = "Received: {0}",
            ["ShopUnavailable"] = "The shop is unavailable right now. Try again later.",
            ["Cooldown"] = "Please wait {0} s before using /{1} again.",
            ["InProgress"] = "Your previous request is still being processed, please wait.",
            ["Dead"] = "Respawn first, then type /{0} again.",
            ["UnknownItem"] = "«{0}» cannot be given on this server. Please contact the administrator.",
            ["GiftFrom"] = "A gift from {0}: {1}"
        };

        private static readonly Dictionary<string, string> MessagesRu = new Dictionary<string, string>
        {
            ["Prefix"] = "<color=#f0a30a>[Магазин]</color> ",
            ["NothingWaiting"] = "Для вас ничего нет. Покупки из магазина появляются здесь после оплаты.",
            ["NotEnoughRoom"] = "Недостаточно места в инвентаре: нужно свободных слотов — {0}, сейчас свободно — {1}. Освободите место и введите /{2} снова.",
            ["Given"] = "Выдано: {0} ×{1}",
            ["Received"] = "Получено: {0}",
            ["ShopUnavailable"] = "Магазин сейчас недоступен. Попробуйте позже.",
            ["Cooldown"] = "Подождите {0} с перед повторным /{1}.",
            ["InProgress"] = "Предыдущий запрос ещё выполняется, подождите.",
            ["Dead"] = "Сначала возродитесь, затем введите /{0} снова.",
            ["UnknownItem"] = "«{0}» нельзя выдать на этом сервере. Обратитесь к администратору.",
            ["GiftFrom"] = "Подарок от {0}: {1}"
        };

        protected override void LoadDefaultMessages()
        {
            lang.RegisterMessages(MessagesEn, this, "en");
            lang.RegisterMessages(MessagesRu, this, "ru");
        }

        /// <summary>
        /// A message in the configured language ("ru", "en", ...), or in the player's own language when
        /// Language is "auto". Admins edit the texts in oxide/lang/{ru,en}/RustShopStore.json.
        /// </summary>
        private string Msg(string key, BasePlayer player, params object[] args)
        {
            string template = null;
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

        private void Reply(BasePlayer player, string key, params object[] args) =>
            ReplyText(player, Msg(key, player, args));

        private void ReplyText(BasePlayer player, string text)
        {
            if (player == null || !player.IsConnected)
            {
                return;
            }
            player.ChatMessage(Msg("Prefix", player) + text);
        }

        #endregion

        #region Oxide hooks

        private void Init()
        {
            NormalizeConfig();
            LoadData();
            cmd.AddChatCommand(config.StoreCommand, this, nameof(StoreCommand));
            cmd.AddConsoleCommand("rustshop.notify", this, nameof(NotifyCommand));
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
            BasePlayer target = BasePlayer.FindByID(ulong.TryParse(steamId, out ulong id) ? id : 0UL);
            if (target == null || !target.IsConnected)
            {
                arg.ReplyWith("Player not online: " + steamId);
                return true;
            }
            ReplyText(target, text);
            arg.ReplyWith("Notified " + steamId);
            return true;
        }

        private void AddGiftLine(List<string> lines, BasePlayer player, JobDto job, string itemName)
        {
            if (!string.IsNullOrEmpty(job.GiftFrom))
            {
                lines.Add(Msg("GiftFrom", player, job.GiftFrom, itemName));
            }
        }

        private void OnServerInitialized()
        {
            if (!IsConfigured())
            {
                return;
            }
            if (config.ShopApiUrl.StartsWith("http://", StringComparison.OrdinalIgnoreCase))
            {
                PrintWarning("ShopApiUrl uses plain http: the server key and the shop's console commands travel unencrypted. Use https.");
            }
            SyncItems();
            if (data.PendingAcks.Count > 0)
            {
                Puts($"{data.PendingAcks.Count} delivery(ies) given before the restart are not yet acknowledged; sending now.");
                FlushAcks();
            }
        }

        private void OnServerSave() => SaveData();

        private void OnPlayerDisconnected(BasePlayer player, string reason)
        {
            if (player != null)
            {
                lastRequestAt.Remove(player.UserIDString);
            }
        }

        private void Unload()
        {
            if (ackRetryTimer != null)
            {
                ackRetryTimer.Destroy();
            }
            SaveData();
        }

        #endregion

        #region HTTP

        private void Request(RequestMethod method, string path, object body, Action<int, string> callback)
        {
            string url = config.ShopApiUrl + path;
            string json = body == null ? null : JsonConvert.SerializeObject(body);
            var headers = new Dictionary<string, string> { ["X-Server-Key"] = config.ServerKey };
            if (json != null)
            {
                // Oxide sends application/x-www-form-urlencoded unless told otherwise.
                headers["Content-Type"] = "application/json";
            }
            if (config.DebugLog)
            {
                Puts($"-> {method} {url} {Shorten(json)}");
            }

            webrequest.Enqueue(url, json, (code, response) =>
            {
                if (config.DebugLog)
                {
                    Puts($"<- {code} {method} {path} {Shorten(response)}");
                }
                if (code == 401)
                {
                    PrintError($"The shop refused the server key (401 on {path}): {Describe(code, response)}. Copy the key of this server from Панель администратора → Серверы into ServerKey and reload the plugin.");
                }
                callback(code, response);
            }, this, method, headers, config.RequestTimeoutSeconds);
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
                    return $"HTTP {code}: {error.Message}";
                }
            }
            catch (Exception)
            {
                // not the shop's JSON error (a proxy page, for instance)
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

        private static List<List<string>> Chunks(List<string> ids, int size)
        {
            var chunks = new List<List<string>>();
            for (int start = 0; start < ids.Count; start += size)
            {
                chunks.Add(ids.GetRange(start, Math.Min(size, ids.Count - start)));
            }
            return chunks;
        }

        #endregion

        #region Item list sync

        private void SyncItems()
        {
            var items = new List<ItemDto>();
            var seenIds = new HashSet<int>();
            var seenShortnames = new HashSet<string>(StringComparer.Ordinal);
            int skipped = 0;

            foreach (ItemDefinition definition in ItemManager.itemList)
            {
                if (definition == null || string.IsNullOrEmpty(definition.shortname))
                {
                    continue;
                }
                string shortname = definition.shortname.Trim();
                if (shortname.Length > 100 || !ShortnamePattern.IsMatch(shortname) ||
                    seenIds.Contains(definition.itemid) || seenShortnames.Contains(shortname))
                {
                    skipped++;
                    continue;
                }
                seenIds.Add(definition.itemid);
                seenShortnames.Add(shortname);

                string displayName = definition.displayName != null ? definition.displayName.english : null;
                displayName = string.IsNullOrEmpty(displayName) ? shortname : displayName.Trim();
                if (displayName.Length == 0)
                {
                    displayName = shortname;
                }
                if (displayName.Length > 200)
                {
                    displayName = displayName.Substring(0, 200);
                }

                items.Add(new ItemDto
                {
                    ItemId = definition.itemid,
                    Shortname = shortname,
                    DisplayName = displayName,
                    Category = definition.category.ToString()
                });
            }

            if (items.Count == 0)
            {
                PrintWarning("The game's item list is empty; nothing sent to the shop.");
                return;
            }
            if (skipped > 0 && config.DebugLog)
            {
                Puts($"{skipped} item definition(s) skipped (duplicate or unusual shortname).");
            }
            SendItemChunk(items, 0);
        }

        private void SendItemChunk(List<ItemDto> items, int start)
        {
            List<ItemDto> chunk = items.GetRange(start, Math.Min(ItemChunkSize, items.Count - start));
            Request(RequestMethod.POST, "/items", new ItemsRequest { Items = chunk }, (code, response) =>
            {
                if (code != 200)
                {
                    if (code == 401)
                    {
                        return; // already logged by Request
                    }
                    PrintWarning($"Could not send the item list to the shop: {Describe(code, response)}.");
                    if ((code == 0 || code >= 500) && ++itemSyncFailures <= 5)
                    {
                        timer.Once(60f * itemSyncFailures, () => SendItemChunk(items, start));
                    }
                    return;
                }

                int next = start + chunk.Count;
                if (next < items.Count)
                {
                    SendItemChunk(items, next);
                    return;
                }
                itemSyncFailures = 0;
                ItemsResponse result = null;
                try
                {
                    result = JsonConvert.DeserializeObject<ItemsResponse>(response);
                }
                catch (Exception)
                {
                    // the count is only for the log
                }
                Puts(result != null
                    ? $"Item list sent to the shop: {items.Count} items; the shop's table now has {result.Total}."
                    : $"Item list sent to the shop: {items.Count} items.");
            });
        }

        #endregion

        #region /store

        private void StoreCommand(BasePlayer player, string command, string[] args)
        {
            if (player == null)
            {
                return;
            }
            string steamId = player.UserIDString;
            if (!IsConfigured() || !SteamIdPattern.IsMatch(steamId ?? ""))
            {
                Reply(player, "ShopUnavailable");
                return;
            }
            if (requestsInFlight.Contains(steamId))
            {
                Reply(player, "InProgress");
                return;
            }
            DateTime now = DateTime.UtcNow;
            DateTime last;
            if (lastRequestAt.TryGetValue(steamId, out last))
            {
                double wait = config.StoreCooldownSeconds - (now - last).TotalSeconds;
                if (wait > 0)
                {
                    Reply(player, "Cooldown", (int)Math.Ceiling(wait), config.StoreCommand);
                    return;
                }
            }
            lastRequestAt[steamId] = now;
            requestsInFlight.Add(steamId);

            Request(RequestMethod.GET, "/queue?steamId=" + steamId, null, (code, response) =>
            {
                try
                {
                    OnQueueReply(player, steamId, code, response);
                }
                finally
                {
                    requestsInFlight.Remove(steamId);
                }
            });
        }

        private void OnQueueReply(BasePlayer player, string steamId, int code, string response)
        {
            if (code != 200)
            {
                if (code != 401)
                {
                    PrintWarning($"/{config.StoreCommand} for {steamId}: the shop did not answer properly: {Describe(code, response)}.");
                }
                Reply(player, "ShopUnavailable");
                return;
            }

            QueueResponse queue;
            try
            {
                queue = JsonConvert.DeserializeObject<QueueResponse>(response);
            }
            catch (Exception ex)
            {
                PrintError($"/{config.StoreCommand} for {steamId}: unreadable reply from the shop ({ex.Message}): {Shorten(response)}");
                Reply(player, "ShopUnavailable");
                return; // the jobs, if any, come back to the queue when their lease ends
            }
            List<JobDto> jobs = queue != null && queue.Jobs != null ? queue.Jobs : new List<JobDto>();
            if (jobs.Count == 0)
            {
                Reply(player, "NothingWaiting");
                return;
            }
            Deliver(player, steamId, jobs);
        }

        private enum GiveOutcome
        {
            Given,
            NoRoom,
            UnknownItem,
            Invalid
        }

        private void Deliver(BasePlayer player, string steamId, List<JobDto> jobs)
        {
            var given = new List<string>();
            var releases = new Dictionary<string, List<string>>();
            var lines = new List<string>();
            string stopReason = null;
            int slotsNeeded = 0;
            bool dead = false;

            foreach (JobDto job in jobs)
            {
                if (job == null || job.Id == null || !JobIdPattern.IsMatch(job.Id))
                {
                    PrintError($"Skipped a job with a malformed id from the shop: {JsonConvert.SerializeObject(job)}");
                    continue;
                }
                if (stopReason != null)
                {
                    AddRelease(releases, stopReason, job.Id);
                    continue;
                }
                if (data.PendingAcks.Contains(job.Id))
                {
                    // Given earlier, but the shop has not received the acknowledgement yet: never give twice.
                    given.Add(job.Id);
                    continue;
                }
                if (player == null || !player.IsConnected)
                {
                    stopReason = "Игрок вышел с сервера";
                    AddRelease(releases, stopReason, job.Id);
                    continue;
                }
                if (player.IsDead())
                {
                    stopReason = "Игрок мёртв";
                    dead = true;
                    AddRelease(releases, stopReason, job.Id);
                    continue;
                }

                string itemName = string.IsNullOrEmpty(job.ItemName) ? (job.Shortname ?? "?") : job.ItemName;
                if (job.Kind == "give")
                {
                    int needed;
                    GiveOutcome outcome = TryGive(player, job, out needed);
                    switch (outcome)
                    {
                        case GiveOutcome.Given:
                            given.Add(job.Id);
                            long total = (long)(job.Stacks ?? 0) * (job.StackSize ?? 0);
                            lines.Add(Msg("Given", player, itemName, total));
                            AddGiftLine(lines, player, job, itemName);
                            break;
                        case GiveOutcome.NoRoom:
                            stopReason = NoRoomReason;
                            slotsNeeded = needed;
                            AddRelease(releases, stopReason, job.Id);
                            break;
                        case GiveOutcome.UnknownItem:
                            PrintWarning($"Job {job.Id} for {steamId}: item '{job.Shortname}' does not exist on this server; returned to the shop.");
                            AddRelease(releases, $"Предмет {job.Shortname} не найден на сервере", job.Id);
                            lines.Add(Msg("UnknownItem", player, itemName));
                            break;
                        default:
                            PrintWarning($"Job {job.Id} for {steamId}: incomplete give job ({JsonConvert.SerializeObject(job)}); returned to the shop.");
                            AddRelease(releases, "Неполное задание выдачи", job.Id);
                            lines.Add(Msg("UnknownItem", player, itemName));
                            break;
                    }
                }
                else if (job.Kind == "commands")
                {
                    RunCommands(job, steamId);
                    given.Add(job.Id);
                    lines.Add(Msg("Received", player, itemName));
                    AddGiftLine(lines, player, job, itemName);
                }
                else
                {
                    PrintWarning($"Job {job.Id} for {steamId}: unknown kind '{job.Kind}' (update the plugin); returned to the shop.");
                    AddRelease(releases, "Неизвестный тип задания: " + job.Kind, job.Id);
                }
            }

            if (given.Count > 0)
            {
                foreach (string id in given)
                {
                    if (!data.PendingAcks.Contains(id))
                    {
                        data.PendingAcks.Add(id);
                    }
                }
                SaveData(); // before the network: a restart still acknowledges what was given
                FlushAcks();
            }
            foreach (KeyValuePair<string, List<string>> release in releases)
            {
                Release(release.Value, release.Key);
            }

            foreach (string line in lines)
            {
                ReplyText(player, line);
            }
            if (stopReason == NoRoomReason)
            {
                Reply(player, "NotEnoughRoom", slotsNeeded, player != null && player.inventory != null ? FreeSlots(player) : 0, config.StoreCommand);
            }
            else if (dead)
            {
                Reply(player, "Dead", config.StoreCommand);
            }
            else if (lines.Count == 0 && stopReason == null)
            {
                Reply(player, "NothingWaiting");
            }
        }

        private static void AddRelease(Dictionary<string, List<string>> releases, string reason, string id)
        {
            List<string> ids;
            if (!releases.TryGetValue(reason, out ids))
            {
                ids = new List<string>();
                releases[reason] = ids;
            }
            ids.Add(id);
        }

        /// <summary>Free slots in the main inventory and the belt (GiveItem uses only those two).</summary>
        private static int FreeSlots(BasePlayer player)
        {
            ItemContainer main = player.inventory.containerMain;
            ItemContainer belt = player.inventory.containerBelt;
            int free = 0;
            if (main != null)
            {
                free += Math.Max(0, main.capacity - main.itemList.Count);
            }
            if (belt != null)
            {
                free += Math.Max(0, belt.capacity - belt.itemList.Count);
            }
            return free;
        }

        /// <summary>
        /// Gives all stacks of a job or nothing. Each stack becomes pieces no bigger than the game's stack
        /// limit, each piece needs at most one free slot, and the slots are counted before anything is
        /// created. If the game still refuses a piece, what this job already gave is taken back.
        /// </summary>
        private GiveOutcome TryGive(BasePlayer player, JobDto job, out int slotsNeeded)
        {
            slotsNeeded = 0;
            if (string.IsNullOrEmpty(job.Shortname) || job.StackSize == null || job.Stacks == null ||
                job.StackSize.Value <= 0 || job.Stacks.Value < 0)
            {
                return GiveOutcome.Invalid;
            }
            if (job.Stacks.Value == 0)
            {
                return GiveOutcome.Given; // nothing left of it to give
            }
            ItemDefinition definition = ItemManager.FindItemDefinition(job.Shortname);
            if (definition == null)
            {
                return GiveOutcome.UnknownItem;
            }

            int maxStack = Math.Max(1, definition.stackable);
            int piecesPerStack = (job.StackSize.Value + maxStack - 1) / maxStack;
            long pieceCount = (long)piecesPerStack * job.Stacks.Value;
            if (pieceCount > MaxPiecesPerJob)
            {
                return GiveOutcome.Invalid;
            }
            slotsNeeded = (int)pieceCount;
            if (FreeSlots(player) < slotsNeeded)
            {
                return GiveOutcome.NoRoom;
            }

            int givenAmount = 0;
            for (int stack = 0; stack < job.Stacks.Value; stack++)
            {
                int remaining = job.StackSize.Value;
                while (remaining > 0)
                {
                    int amount = Math.Min(remaining, maxStack);
                    Item item = ItemManager.Create(definition, amount);
                    if (item == null)
                    {
                        TakeBack(player, definition, givenAmount, job.Id);
                        return GiveOutcome.Invalid;
                    }
                    if (!player.inventory.GiveItem(item))
                    {
                        item.Remove(); // never dropped on the ground
                        TakeBack(player, definition, givenAmount, job.Id);
                        return GiveOutcome.NoRoom;
                    }
                    givenAmount += amount;
                    remaining -= amount;
                }
            }
            return GiveOutcome.Given;
        }

        private void TakeBack(BasePlayer player, ItemDefinition definition, int amount, string jobId)
        {
            if (amount <= 0)
            {
                return;
            }
            int taken = player.inventory.Take(null, definition.itemid, amount);
            if (taken != amount)
            {
                PrintError($"Job {jobId}: the game refused part of a delivery and only {taken} of {amount} {definition.shortname} already given could be taken back.");
            }
        }

        private void RunCommands(JobDto job, string steamId)
        {
            if (job.Commands == null)
            {
                return;
            }
            foreach (string command in job.Commands)
            {
                if (string.IsNullOrWhiteSpace(command))
                {
                    continue;
                }
                if (config.DebugLog)
                {
                    Puts($"Job {job.Id} for {steamId}: {command}");
                }
                try
                {
                    rust.RunServerCommand(command);
                }
                catch (Exception ex)
                {
                    PrintError($"Job {job.Id} for {steamId}: command '{command}' failed: {ex.Message}");
                }
            }
        }

        #endregion

        #region Acknowledge and release

        /// <summary>
        /// Sends the pending acknowledgements, 100 ids at a time, until the shop has them all. Retried
        /// with a growing pause for as long as it takes: a given job that is never acknowledged would be
        /// handed out again when its lease ends. Acknowledging twice is harmless for the shop.
        /// </summary>
        private void FlushAcks()
        {
            if (ackInFlight || data.PendingAcks.Count == 0 || !IsConfigured())
            {
                return;
            }
            if (ackRetryTimer != null)
            {
                ackRetryTimer.Destroy();
                ackRetryTimer = null;
            }
            ackInFlight = true;
            List<string> batch = data.PendingAcks.GetRange(0, Math.Min(IdsPerRequest, data.PendingAcks.Count));

            Request(RequestMethod.POST, "/queue/ack", new AckRequest { Ids = batch }, (code, response) =>
            {
                ackInFlight = false;
                if (code == 200)
                {
                    ackFailures = 0;
                    foreach (string id in batch)
                    {
                        data.PendingAcks.Remove(id);
                    }
                    SaveData();
                    if (data.PendingAcks.Count > 0)
                    {
                        FlushAcks();
                    }
                    return;
                }

                ackFailures++;
                float delay = Math.Min(300f, 5f * (float)Math.Pow(2, Math.Min(ackFailures - 1, 6)));
                PrintWarning($"Could not acknowledge {batch.Count} delivered job(s): {Describe(code, response)}. Retrying in {delay:0} s ({data.PendingAcks.Count} waiting).");
                ackRetryTimer = timer.Once(delay, FlushAcks);
            });
        }

        /// <summary>Jobs not given now go back to the queue at once (otherwise when their lease ends).</summary>
        private void Release(List<string> ids, string reason)
        {
            if (ids == null || ids.Count == 0)
            {
                return;
            }
            string shortReason = reason.Length <= 200 ? reason : reason.Substring(0, 200);
            foreach (List<string> chunk in Chunks(ids, IdsPerRequest))
            {
                Request(RequestMethod.POST, "/queue/release", new ReleaseRequest { Ids = chunk, Reason = shortReason }, (code, response) =>
                {
                    if (code != 200)
                    {
                        PrintWarning($"Could not return {chunk.Count} job(s) to the queue ({Describe(code, response)}); the shop takes them back when their lease ends.");
                    }
                });
            }
        }

        #endregion
    }
}
