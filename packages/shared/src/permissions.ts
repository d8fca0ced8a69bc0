import { z } from 'zod';

/**
 * What a member of staff may do in the admin panel. Every admin route declares one of these (or
 * OWNER_ONLY) in `config.permission`; the admin scope refuses a caller whose set lacks it, and the
 * OpenAPI document names it as `x-permission` on the operation. The README's table lists them.
 */
export const PERMISSIONS = [
  'chats',
  'moderation',
  'orders.view',
  'orders.refund',
  'money',
  'products',
  'servers',
  'rcon',
  'export',
  'settings',
  'roles',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permissionSchema = z.enum(PERMISSIONS);

/**
 * What only an owner does, whatever an admin's set: role mappings in Discord, plugin keys, payment
 * settings, and granting roles above moderator.
 */
export const OWNER_ONLY = 'owner' as const;
export type RoutePermission = Permission | typeof OWNER_ONLY;

export const STAFF_ROLES = ['owner', 'admin', 'moderator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLES = [...STAFF_ROLES, 'player'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES, {
  error: 'Роль: owner, admin, moderator или player',
});

/**
 * Each role's permissions. An owner may narrow an admin's set, never widen it beyond this; a
 * moderator answers chats, mutes and bans, and sees orders, and never touches money, products,
 * servers or the console.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  moderator: ['chats', 'moderation', 'orders.view'],
};

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Владелец',
  admin: 'Администратор',
  moderator: 'Модератор',
  player: 'Игрок',
};

export const PERMISSION_LABELS: Record<Permission, string> = {
  chats: 'Чаты поддержки',
  moderation: 'Муты и баны',
  'orders.view': 'Просмотр заказов',
  'orders.refund': 'Возвраты, повтор выдачи, задержанные заказы',
  money: 'Платежи и пополнения',
  products: 'Товары, скидки, каталог',
  servers: 'Серверы и вайпы',
  rcon: 'Консоль сервера',
  export: 'Выгрузка с личными данными',
  settings: 'Настройки магазина',
  roles: 'Назначение модераторов',
};

/**
 * The permissions an account holds: its role's set, narrowed by the owner's choice for an admin.
 * A player holds none. OWNER_ONLY is in an owner's set only.
 */
export function permissionsOf(account: {
  role: Role;
  permissions?: readonly string[] | null;
}): RoutePermission[] {
  if (account.role === 'player') return [];
  if (account.role === 'owner') return [...PERMISSIONS, OWNER_ONLY];
  const full = ROLE_PERMISSIONS[account.role];
  if (account.role !== 'admin' || !account.permissions) return [...full];
  return full.filter((permission) => account.permissions!.includes(permission));
}

/** True when an account with these permissions may call a route that declares `needed`. */
export function mayUse(held: readonly string[], needed: RoutePermission): boolean {
  return held.includes(needed);
}

/** `PUT /api/admin/users/{id}/role`: `permissions` narrows an admin's set (only an owner's choice). */
export const roleUpdateSchema = z.object({
  role: roleSchema,
  permissions: z
    .array(z.enum(PERMISSIONS, { error: 'Неизвестное разрешение' }))
    .max(PERMISSIONS.length)
    .optional(),
});
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

/** `GET /api/admin/roles`: each staff role's permissions (an owner's include OWNER_ONLY). */
export const rolesReplySchema = z.object({
  roles: z.object({
    owner: z.array(z.enum([...PERMISSIONS, OWNER_ONLY])),
    admin: z.array(permissionSchema),
    moderator: z.array(permissionSchema),
  }),
});

export const ROLE_MESSAGES = {
  onlyOwnerGrants:
    'Назначать владельцев и администраторов и менять их разрешения может только владелец магазина',
  ownerBySetting:
    'Этот владелец задан в ADMIN_STEAM_IDS: чтобы изменить его роль, уберите его оттуда и перезапустите магазин',
  selfRole: 'Нельзя изменить собственную роль',
  permissionsOnlyForAdmin: 'Набор разрешений задаётся только администратору',
  noPermissions: 'Оставьте администратору хотя бы одно разрешение или назначьте ему роль игрока',
} as const;
