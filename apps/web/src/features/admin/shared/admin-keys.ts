/**
 * Admin data sits under ['user', ...] on purpose: logout drops that scope, and RCON passwords or
 * plugin keys must not outlive the admin's session in the cache.
 */
export const adminKeys = {
  all: ['user', 'admin'] as const,
  servers: ['user', 'admin', 'servers'] as const,
  serverPlugin: (id: number) => ['user', 'admin', 'servers', id, 'plugin'] as const,
  products: ['user', 'admin', 'products'] as const,
  productOrders: (id: number) => ['user', 'admin', 'products', id, 'orders'] as const,
  items: (search: string) => ['user', 'admin', 'items', search] as const,
  itemsAll: ['user', 'admin', 'items'] as const,
  promocodes: ['user', 'admin', 'promocodes'] as const,
  orders: ['user', 'admin', 'orders'] as const,
  chats: ['user', 'admin', 'chats'] as const,
  chatList: (status: string) => ['user', 'admin', 'chats', 'list', status] as const,
  chatHistory: (userId: number) => ['user', 'admin', 'chats', 'history', userId] as const,
  supportContext: (userId: number) => ['user', 'admin', 'support-context', userId] as const,
  /** Wipes of one server, or of every server since a time (the overview's chart). */
  wipes: (query: { serverId?: number; since?: string }) =>
    ['user', 'admin', 'wipes', query] as const,
  wipesAll: ['user', 'admin', 'wipes'] as const,
  revenueByWipe: (serverId: number) => ['user', 'admin', 'revenue-by-wipe', serverId] as const,
  revenueByWipeAll: ['user', 'admin', 'revenue-by-wipe'] as const,
  sales: ['user', 'admin', 'sales'] as const,
  stats: ['user', 'admin', 'stats'] as const,
  revenue: ['user', 'admin', 'revenue'] as const,
  payments: ['user', 'admin', 'payments'] as const,
  paymentList: (page: number, query: string) =>
    ['user', 'admin', 'payments', 'list', page, query] as const,
  backups: ['user', 'admin', 'backups'] as const,
  users: (query: string, page: number) => ['user', 'admin', 'users', 'list', query, page] as const,
  usersAll: ['user', 'admin', 'users'] as const,
  audit: (page: number) => ['user', 'admin', 'audit', page] as const,
  auditAll: ['user', 'admin', 'audit'] as const,
  /** «Оформление»: the settings as the owner wrote them; its version list sits under it. */
  site: ['user', 'admin', 'site'] as const,
  siteVersions: (page: number) => ['user', 'admin', 'site', 'versions', page] as const,
  userPurchases: (userId: number, page: number) =>
    ['user', 'admin', 'users', userId, 'purchases', page] as const,
};
