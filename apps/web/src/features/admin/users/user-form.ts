import {
  ADMIN_MESSAGES,
  adminUserUpdateSchema,
  isVipActive,
  muteSchema,
  VIP_NONE,
  type AdminUserUpdate,
  type User,
} from '@shop/shared';
import { failure, fromZodError, type FormResult } from '../shared/form-result';
import {
  isListed,
  tierOptions,
  unknownTierMessage,
  type Option,
  type TierList,
} from '../products/catalogue-lists';

export interface UserFormValues {
  balance: string;
  reason: string;
  vipStatus: string;
  /** 'YYYY-MM-DD' from the date input: VIP runs to the end of that day. */
  vipExpiresAt: string;
  vipServerId: string;
}

/**
 * The VIP select: none, then the owner's tiers lowest first by their labels («VIP Золото»); the
 * player's current tier, when the settings no longer list it, is kept under its key.
 */
export function vipStatusOptions(tiers: TierList | undefined, current: string): Option[] {
  const keep = current === VIP_NONE ? [] : [current];
  return [[VIP_NONE, 'Без VIP'], ...tierOptions(tiers, keep, (label) => `VIP ${label}`)];
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function userToForm(user: User): UserFormValues {
  const active = isVipActive(user);
  return {
    balance: String(user.balance),
    reason: '',
    vipStatus: active ? user.vipStatus : VIP_NONE,
    vipExpiresAt: active && user.vipExpiresAt ? localDate(new Date(user.vipExpiresAt)) : '',
    vipServerId: '',
  };
}

/** The end of the chosen day in the admin's zone, as the API's ISO instant. */
function endOfDay(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(end.getTime()) ? null : end.toISOString();
}

/**
 * The edit dialog's values as `PUT /admin/users/:id` wants them: only what changed. A changed balance
 * needs a reason and goes with the balance the form started from, so a purchase made meanwhile is
 * not undone. A tier sent is a key of the owner's (`tiers`, undefined until the settings arrive).
 */
export function userFormToPayload(
  user: User,
  values: UserFormValues,
  tiers: TierList | undefined,
): FormResult<AdminUserUpdate> {
  const payload: AdminUserUpdate = {};
  const balanceText = values.balance.trim().replace(',', '.');
  if (balanceText === '' || !Number.isFinite(Number(balanceText))) {
    return failure(ADMIN_MESSAGES.balanceNotNumber, ['balance']);
  }
  if (Number(balanceText) !== user.balance) {
    payload.balance = Number(balanceText);
    payload.previousBalance = user.balance;
    if (!values.reason.trim()) return failure(ADMIN_MESSAGES.reasonRequired, ['reason']);
  }

  const before = userToForm(user);
  if (values.vipStatus !== before.vipStatus || values.vipExpiresAt !== before.vipExpiresAt) {
    payload.vipStatus = values.vipStatus;
    if (values.vipStatus !== VIP_NONE) {
      if (!isListed(values.vipStatus, tiers))
        return failure(unknownTierMessage(values.vipStatus), ['vipStatus']);
      const expiresAt = endOfDay(values.vipExpiresAt);
      if (!expiresAt) return failure(ADMIN_MESSAGES.vipExpiryRequired, ['vipExpiresAt']);
      if (Date.parse(expiresAt) <= Date.now()) {
        return failure(ADMIN_MESSAGES.vipExpiryPast, ['vipExpiresAt']);
      }
      payload.vipExpiresAt = expiresAt;
      if (values.vipServerId) payload.vipServerId = Number(values.vipServerId);
    }
  }
  if (values.reason.trim()) payload.reason = values.reason.trim();
  const parsed = adminUserUpdateSchema.safeParse(payload);
  return parsed.success ? { ok: true, payload } : fromZodError(parsed.error);
}

export interface ModerationFormValues {
  serverId: string;
  reason: string;
  days: string;
  minutes: string;
}

export const emptyModerationForm: ModerationFormValues = {
  serverId: '',
  reason: '',
  days: '0',
  minutes: '0',
};

/** SPEC §5: a server and a reason, and for a mute a duration above zero. */
export function moderationFormToPayload(
  kind: 'mute' | 'ban',
  values: ModerationFormValues,
): FormResult<Record<string, unknown>> {
  if (!values.serverId || !values.reason.trim()) {
    return failure(ADMIN_MESSAGES.moderationFields, values.serverId ? ['reason'] : ['serverId']);
  }
  const serverId = values.serverId === 'all' ? 'all' : Number(values.serverId);
  if (kind === 'ban') return { ok: true, payload: { serverId, reason: values.reason.trim() } };
  const payload = {
    serverId,
    reason: values.reason.trim(),
    days: values.days.trim() || '0',
    minutes: values.minutes.trim() || '0',
  };
  const parsed = muteSchema.safeParse(payload);
  if (!parsed.success) return fromZodError(parsed.error);
  return { ok: true, payload: parsed.data };
}
