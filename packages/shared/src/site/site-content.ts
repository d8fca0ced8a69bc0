/**
 * The shop's identity, words and rules as the owner sets them (the site module keeps them in the
 * database, versioned). Plain types and values: the player web reads settings the server wrote into
 * the page, and never bundles these defaults; the server and the build do.
 */

import type { TopUpTier } from '../top-up-bonus';

/** A category's key: how products name it, kept through renames. */
export const CATEGORY_KEY = /^[a-z][a-z0-9-]{1,31}$/;
/** A VIP tier's key: how products, players and Discord roles name it, kept through renames. */
export const VIP_TIER_KEY = /^[A-Za-z][A-Za-z0-9_-]{1,31}$/;

/** How long the owner's lists may grow: the schema refuses more, the panel offers no more. */
export const MAX_CARDS = 6;
export const MAX_LINKS = 10;
export const MAX_CATEGORIES = 40;
export const MAX_VIP_TIERS = 10;
export const MAX_TOP_UP_TIERS = 10;

export const linkKinds = ['vk', 'telegram', 'discord', 'youtube', 'site'] as const;
export type LinkKind = (typeof linkKinds)[number];

/** Icons a feature or sign-in card may show: a fixed set the web draws. */
export const siteIcons = [
  'server',
  'package',
  'headset',
  'shield',
  'sparkles',
  'users',
  'zap',
  'gift',
  'trophy',
  'clock',
  'heart',
  'swords',
] as const;
export type SiteIcon = (typeof siteIcons)[number];

export const legalDocuments = ['rules', 'agreement', 'privacy', 'contacts'] as const;
export type LegalDocument = (typeof legalDocuments)[number];

export const imageSlots = ['logo', 'favicon', 'background'] as const;
export type ImageSlot = (typeof imageSlots)[number];

export interface SiteLink {
  kind: LinkKind;
  url: string;
  label: string;
  /** The floating button shows the main link, with its label; at most one is main. */
  main: boolean;
}

export interface SiteCard {
  icon: SiteIcon;
  title: string;
  text: string;
}

export interface SiteCategory {
  key: string;
  label: string;
  hidden: boolean;
}

export interface SiteVipTier {
  key: string;
  label: string;
}

export interface SiteSeller {
  name: string;
  inn: string;
  ogrn: string;
  email: string;
  address: string;
}

/** Texts of the pages. `{{topUp.bonusPercent}}`, `{{shop.name}}`… are filled in where shown. */
export interface SiteTexts {
  hero: {
    badge: string;
    title: string;
    /** Drawn after the title in the primary colour. */
    titleAccent: string;
    subtitle: string;
    /** Shown only while the base bonus is above 0. */
    bonusNote: string;
    shopButton: string;
    serversButton: string;
  };
  features: SiteCard[];
  login: { title: string; text: string; consent: string; cards: SiteCard[] };
  footer: { blurb: string };
  shop: { subtitle: string };
  nav: { home: string; shop: string; servers: string };
}

/** Texts that leave the site: the Discord webhook's sender and the in-game gift notice. */
export interface SiteNotices {
  webhookSender: string;
  /** `{{sender}}` and `{{product}}` are filled in; the game shows it in its chat. */
  giftNotice: string;
}

/** Everything the owner may set, but the legal texts (`SiteLegal`) and images. */
export interface SiteContent {
  name: string;
  description: string;
  colors: { primary: string; overlayPercent: number };
  links: SiteLink[];
  /**
   * Top-up terms: the base bonus percent, the tiers by amount that replace it, the first top-up's
   * extra percent (top-up-bonus.ts states the rule) and the limits, all in whole roubles and percents.
   */
  topUp: {
    bonusPercent: number;
    min: number;
    max: number;
    tiers: TopUpTier[];
    firstTopUpPercent: number;
  };
  categories: SiteCategory[];
  vipTiers: SiteVipTier[];
  seller: SiteSeller;
  texts: SiteTexts;
  notices: SiteNotices;
}

export type SiteLegal = Record<LegalDocument, string>;

/** The content ids of the uploaded images (null: the shipped picture). */
export interface SiteImageIds extends Record<ImageSlot, string | null> {
  /** A category's own picture by its key (null or absent: the drawn one); kept through renames. */
  categories?: Record<string, string | null>;
}

export const legalTitles: Record<LegalDocument, string> = {
  rules: 'Правила сервера',
  agreement: 'Пользовательское соглашение',
  privacy: 'Политика конфиденциальности',
  contacts: 'Контакты',
};

/** The SPEC's words and values: what a fresh shop shows until its owner changes them. */
export const DEFAULT_SITE_CONTENT: SiteContent = {
  name: 'Rust Shop',
  description:
    'Магазин игровых предметов, VIP-статусов и наборов для серверов Rust. Мгновенная доставка на выбранный сервер.',
  colors: { primary: '#ce422b', overlayPercent: 30 },
  links: [],
  topUp: { bonusPercent: 10, min: 10, max: 15000, tiers: [], firstTopUpPercent: 0 },
  categories: [
    { key: 'weapons', label: 'Оружие', hidden: false },
    { key: 'tools', label: 'Инструменты', hidden: false },
    { key: 'resources', label: 'Ресурсы', hidden: false },
    { key: 'clothing', label: 'Одежда', hidden: false },
    { key: 'building', label: 'Строительство', hidden: false },
    { key: 'ammunition', label: 'Боеприпасы', hidden: false },
    { key: 'medical', label: 'Медицина', hidden: false },
    { key: 'food', label: 'Еда', hidden: false },
    { key: 'kits', label: 'Наборы', hidden: false },
    { key: 'vip', label: 'VIP', hidden: false },
    { key: 'miscellaneous', label: 'Разное', hidden: false },
  ],
  vipTiers: [
    { key: 'Bronze', label: 'Bronze' },
    { key: 'Silver', label: 'Silver' },
    { key: 'Gold', label: 'Gold' },
    { key: 'Platinum', label: 'Platinum' },
    { key: 'Diamond', label: 'Diamond' },
  ],
  seller: { name: '', inn: '', ogrn: '', email: '', address: '' },
  texts: {
    hero: {
      badge: 'Мгновенная доставка на сервер',
      title: 'Магазин серверов',
      titleAccent: 'Rust',
      subtitle:
        'Оружие, ресурсы, наборы и VIP-статусы. Выберите сервер — предметы окажутся у вас сразу после покупки.',
      bonusNote:
        '+{{topUp.bonusPercent}}% бонуса к каждому пополнению — комиссия платёжной системы за наш счёт.',
      shopButton: 'Перейти в магазин',
      serversButton: 'Наши серверы',
    },
    features: [
      {
        icon: 'server',
        title: 'Мощные серверы',
        text: 'Производительное железо и стабильный тикрейт даже в вечерний прайм-тайм, без лагов на рейдах.',
      },
      {
        icon: 'package',
        title: 'Быстрая доставка',
        text: 'Предметы приходят на выбранный сервер автоматически или по команде /store в игровом чате.',
      },
      {
        icon: 'headset',
        title: 'Поддержка на сайте',
        text: 'Войдите и напишите в чат в правом нижнем углу: администраторы видят ваши заказы и отвечают прямо там.',
      },
    ],
    login: {
      title: 'Вход в аккаунт',
      text: 'Войдите через Steam, чтобы пополнять баланс, покупать предметы и получать их на сервере.',
      consent:
        'Нажимая кнопку, вы принимаете пользовательское соглашение и политику конфиденциальности.',
      cards: [
        {
          icon: 'shield',
          title: 'Безопасность',
          text: 'Вход только через официальный сайт Steam. Мы не видим и не храним ваш пароль.',
        },
        {
          icon: 'sparkles',
          title: 'Качество',
          text: 'Стабильные серверы, честные цены и мгновенная доставка предметов на выбранный сервер.',
        },
        {
          icon: 'users',
          title: 'Сообщество',
          text: 'Активные игроки, регулярные вайпы и администрация, которая отвечает в Discord и нашей группе.',
        },
      ],
    },
    footer: {
      blurb:
        'Игровые предметы, наборы и VIP-статусы для наших серверов Rust с мгновенной доставкой на выбранный сервер.',
    },
    shop: {
      subtitle:
        'Покупайте оружие, ресурсы, наборы и привилегии для Rust — предметы доставляются на выбранный сервер сразу после оплаты.',
    },
    nav: { home: 'Главная', shop: 'Магазин', servers: 'Серверы' },
  },
  notices: {
    webhookSender: 'Магазин',
    giftNotice: 'Подарок от {{sender}}: {{product}}',
  },
};
