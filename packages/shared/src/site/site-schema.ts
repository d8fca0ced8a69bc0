import { z } from 'zod';
import { isSafeText } from '../text-rules';
import { HEX_COLOR, primaryColorProblem } from './site-colors';
import {
  CATEGORY_KEY,
  legalDocuments,
  legalTitles,
  linkKinds,
  MAX_CARDS,
  MAX_CATEGORIES,
  MAX_LINKS,
  MAX_TOP_UP_TIERS,
  MAX_VIP_TIERS,
  siteIcons,
  VIP_TIER_KEY,
} from './site-content';

/**
 * What the owner may send (`PUT /api/admin/site`) and what everyone reads (`GET /api/site`). Every
 * error names its field in Russian; the settings module refuses the whole request on any of them.
 */

const text = (label: string, max: number, options: { min?: number; multiline?: boolean } = {}) =>
  z
    .string({ error: `${label}: ожидается текст` })
    .trim()
    .min(options.min ?? 0, `${label}: заполните поле`)
    .max(max, `${label}: не длиннее ${max} символов`)
    .refine((value) => isSafeText(value, { multiline: options.multiline }), {
      message: `${label}: недопустимые символы`,
    });

const httpUrl = (label: string) =>
  text(label, 500, { min: 1 }).regex(
    /^https?:\/\/[^\s/?#@]+\.[^\s/?#@]+([/?#]\S*)?$/i,
    `${label}: нужна ссылка, начинающаяся с https://`,
  );

const card = (label: string) =>
  z.object({
    icon: z.enum(siteIcons, { error: `${label}: выберите значок из списка` }),
    title: text(`${label}: заголовок`, 60, { min: 1 }),
    text: text(`${label}: текст`, 300, { min: 1 }),
  });

export const siteLinkSchema = z.object({
  kind: z.enum(linkKinds, { error: 'Ссылка: тип — vk, telegram, discord, youtube или site' }),
  url: httpUrl('Ссылка: адрес'),
  label: text('Ссылка: подпись', 40, { min: 1 }),
  main: z.boolean().default(false),
});

const categorySchema = z.object({
  key: z.string().regex(CATEGORY_KEY, 'Категория: ключ — латиница, цифры и дефис, 2–32 символа'),
  label: text('Категория: название', 40, { min: 1 }),
  hidden: z.boolean().default(false),
});

const vipTierSchema = z.object({
  key: z.string().regex(VIP_TIER_KEY, 'VIP: ключ уровня — латиница и цифры'),
  label: text('VIP: название уровня', 40, { min: 1 }),
});

const money = (label: string) =>
  z
    .number({ error: `${label}: ожидается число` })
    .int(`${label}: целое число рублей`)
    .min(1, `${label}: не меньше 1 ₽`)
    .max(1_000_000, `${label}: не больше 1 000 000 ₽`);

const percent = (label: string) =>
  z
    .number({ error: `${label}: ожидается число` })
    .int(`${label}: целое число процентов`)
    .min(0, `${label}: от 0 до 100 %`)
    .max(100, `${label}: от 0 до 100 %`);

/** «от 1 000 ₽ — 15 %»: from this amount on, the tier's percent replaces the base bonus. */
const topUpTierSchema = z.object({
  from: money('Бонус по сумме: порог'),
  percent: percent('Бонус по сумме: процент'),
});

/** Each part optional: a PUT changes what it names and keeps the rest. */
export const siteContentPatchSchema = z
  .object({
    name: text('Название магазина', 40, { min: 1 }),
    description: text('Краткое описание', 200, { min: 1 }),
    colors: z
      .object({
        primary: z
          .string()
          .regex(HEX_COLOR, 'Основной цвет: укажите цвет в виде #RRGGBB')
          .superRefine((value, context) => {
            const problem = primaryColorProblem(value);
            if (problem) context.addIssue({ code: 'custom', message: `Основной цвет: ${problem}` });
          }),
        overlayPercent: z
          .number({ error: 'Затемнение фона: ожидается число' })
          .int('Затемнение фона: целое число процентов')
          .min(0, 'Затемнение фона: от 0 до 90 %')
          .max(90, 'Затемнение фона: от 0 до 90 %'),
      })
      .partial(),
    links: z
      .array(siteLinkSchema)
      .max(MAX_LINKS, `Ссылки сообщества: не больше ${MAX_LINKS}`)
      .refine((links) => links.filter((link) => link.main).length <= 1, {
        message: 'Ссылки сообщества: главной может быть только одна',
      }),
    topUp: z
      .object({
        bonusPercent: percent('Бонус к пополнению'),
        min: money('Минимальное пополнение'),
        max: money('Максимальное пополнение'),
        tiers: z
          .array(topUpTierSchema)
          .max(MAX_TOP_UP_TIERS, `Бонус по сумме: не больше ${MAX_TOP_UP_TIERS} ступеней`)
          .refine((list) => new Set(list.map((tier) => tier.from)).size === list.length, {
            message: 'Бонус по сумме: у двух ступеней одинаковый порог',
          })
          // Kept from the lowest threshold up, as the panel and the dialog list them.
          .transform((list) => [...list].sort((a, b) => a.from - b.from)),
        firstTopUpPercent: percent('Бонус за первое пополнение'),
      })
      .partial(),
    categories: z
      .array(categorySchema)
      .min(1, 'Категории: нужна хотя бы одна')
      .max(MAX_CATEGORIES, `Категории: не больше ${MAX_CATEGORIES}`)
      .refine((list) => new Set(list.map((item) => item.key)).size === list.length, {
        message: 'Категории: ключи не должны повторяться',
      }),
    vipTiers: z
      .array(vipTierSchema)
      .min(1, 'VIP: нужен хотя бы один уровень')
      .max(MAX_VIP_TIERS, `VIP: не больше ${MAX_VIP_TIERS} уровней`)
      .refine((list) => new Set(list.map((item) => item.key)).size === list.length, {
        message: 'VIP: ключи уровней не должны повторяться',
      }),
    seller: z
      .object({
        name: text('Продавец: наименование', 200),
        inn: z
          .string()
          .trim()
          .regex(/^(\d{10}|\d{12})?$/, 'Продавец: ИНН — 10 или 12 цифр'),
        ogrn: z
          .string()
          .trim()
          .regex(/^(\d{13}|\d{15})?$/, 'Продавец: ОГРН или ОГРНИП — 13 или 15 цифр'),
        email: z
          .string()
          .trim()
          .regex(/^([^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+)?$/, 'Продавец: укажите e-mail'),
        address: text('Продавец: адрес', 300),
      })
      .partial(),
    texts: z
      .object({
        hero: z
          .object({
            badge: text('Главная: плашка', 60),
            title: text('Главная: заголовок', 60, { min: 1 }),
            titleAccent: text('Главная: выделенное слово', 30),
            subtitle: text('Главная: подзаголовок', 300),
            bonusNote: text('Главная: строка о бонусе', 200),
            shopButton: text('Главная: кнопка магазина', 30, { min: 1 }),
            serversButton: text('Главная: кнопка серверов', 30, { min: 1 }),
          })
          .partial(),
        features: z
          .array(card('Карточка главной'))
          .max(MAX_CARDS, `Карточки главной: не больше ${MAX_CARDS}`),
        login: z
          .object({
            title: text('Вход: заголовок', 60, { min: 1 }),
            text: text('Вход: текст', 300),
            consent: text('Вход: строка о согласии', 300),
            cards: z
              .array(card('Карточка входа'))
              .max(MAX_CARDS, `Карточки входа: не больше ${MAX_CARDS}`),
          })
          .partial(),
        footer: z.object({ blurb: text('Подвал: описание', 300) }).partial(),
        shop: z.object({ subtitle: text('Магазин: подзаголовок', 300) }).partial(),
        nav: z
          .object({
            home: text('Меню: «Главная»', 24, { min: 1 }),
            shop: text('Меню: «Магазин»', 24, { min: 1 }),
            servers: text('Меню: «Серверы»', 24, { min: 1 }),
          })
          .partial(),
      })
      .partial(),
    notices: z
      .object({
        // Discord refuses a webhook name that contains these words (its «Execute Webhook» rules).
        webhookSender: text('Имя отправителя в Discord', 80, { min: 1 }).refine(
          (name) => !/discord|clyde/i.test(name),
          'Имя отправителя в Discord: Discord не принимает имена со словами «discord» и «clyde»',
        ),
        giftNotice: text('Сообщение о подарке в игре', 200, { min: 1 }),
      })
      .partial(),
  })
  .partial()
  .strict();

export const LEGAL_MAX_CHARS = 30_000;

export const siteUpdateSchema = siteContentPatchSchema.extend({
  legal: z
    .object(
      Object.fromEntries(
        legalDocuments.map((document) => [
          document,
          text(`Документ «${legalTitles[document]}»`, LEGAL_MAX_CHARS, { min: 1, multiline: true }),
        ]),
      ) as Record<(typeof legalDocuments)[number], ReturnType<typeof text>>,
    )
    .partial()
    .strict()
    .optional(),
});
export type SiteUpdate = z.infer<typeof siteUpdateSchema>;
