import type { FastifyInstance } from 'fastify';
import { loadShippedItemTable } from '../catalog/shipped-items';
import { createProductsRepository, type ProductFields } from '../products/products-repository';

const product = (
  fields: Partial<ProductFields> &
    Pick<ProductFields, 'name' | 'gameItemName' | 'category' | 'price'>,
): ProductFields => ({
  originalName: null,
  description: '',
  gameItemId: null,
  server: 'all',
  quantity: 1,
  image: null,
  popular: false,
  inStock: true,
  isActive: true,
  commands: null,
  personalUserId: null,
  vipTier: null,
  vipDays: null,
  revokeCommands: null,
  wipeBlockHours: 0,
  untilWipe: false,
  kitItems: null,
  ...fields,
});

const demoProducts: ProductFields[] = [
  product({
    name: 'VIP Gold на 30 дней',
    gameItemName: 'vip',
    category: 'vip',
    price: 299,
    popular: true,
    vipTier: 'Gold',
    vipDays: 30,
    description:
      'Кит каждый день, телепорт, приоритет в очереди. Срок продлевается при повторной покупке.',
  }),
  product({
    name: 'VIP Silver на 7 дней',
    gameItemName: 'vip',
    category: 'vip',
    price: 99,
    vipTier: 'Silver',
    vipDays: 7,
    description: 'Попробуйте VIP неделю: кит и домашние точки.',
  }),
  product({
    name: 'Штурмовая винтовка',
    originalName: 'Assault Rifle',
    gameItemName: 'rifle.ak',
    gameItemId: 1545779598,
    category: 'weapons',
    price: 149,
    popular: true,
    description: 'АК — главный аргумент в любом рейде.',
  }),
  product({
    name: 'Патроны 5.56',
    originalName: '5.56 Rifle Ammo',
    gameItemName: 'ammo.rifle',
    gameItemId: -1211166256,
    category: 'ammunition',
    price: 39,
    quantity: 128,
    description: 'Стак из 128 патронов для винтовок.',
  }),
  product({
    name: 'Металлолом',
    originalName: 'Scrap',
    gameItemName: 'scrap',
    gameItemId: -932201673,
    category: 'resources',
    price: 59,
    quantity: 1000,
    popular: true,
    description: 'Тысяча металлолома на изучение чертежей.',
  }),
  product({
    name: 'Дерево',
    originalName: 'Wood',
    gameItemName: 'wood',
    gameItemId: -151838493,
    category: 'resources',
    price: 25,
    quantity: 1000,
    description: 'Тысяча дерева на фундамент и стены.',
  }),
  product({
    name: 'Металл высокого качества',
    originalName: 'High Quality Metal',
    gameItemName: 'metal.refined',
    gameItemId: 317398316,
    category: 'resources',
    price: 79,
    quantity: 100,
    popular: true,
    description: 'МВК для брони и лучших дверей.',
  }),
  product({
    name: 'Медицинский шприц',
    originalName: 'Medical Syringe',
    gameItemName: 'syringe.medical',
    gameItemId: 1079279582,
    category: 'medical',
    price: 35,
    quantity: 5,
    description: 'Пять шприцев, чтобы пережить перестрелку.',
  }),
  product({
    name: 'C4',
    originalName: 'Timed Explosive Charge',
    gameItemName: 'explosive.timed',
    gameItemId: 1248356124,
    category: 'weapons',
    price: 199,
    popular: true,
    server: 'all',
    description: 'Взрывчатка с таймером для серьёзных рейдов.',
  }),
  product({
    name: 'Бронированная дверь',
    originalName: 'Armored Door',
    gameItemName: 'door.hinged.toptier',
    gameItemId: -1021495308,
    category: 'building',
    price: 89,
    description: 'Лучшая защита входа в ваш дом.',
  }),
  product({
    // A kit: three resources as one product, one delivery (about 300 ₽ bought one by one).
    name: 'Набор строителя',
    gameItemName: '',
    category: 'kits',
    price: 249,
    popular: true,
    kitItems: [
      { gameItemName: 'wood', amount: 5000 },
      { gameItemName: 'stones', amount: 5000 },
      { gameItemName: 'metal.fragments', amount: 1000 },
    ],
    description: 'Дерево, камень и фрагменты металла на первый каменный дом — одной покупкой.',
  }),
  product({
    name: 'Костюм химзащиты',
    originalName: 'Hazmat Suit',
    gameItemName: 'hazmatsuit',
    gameItemId: 1266491000,
    category: 'clothing',
    price: 45,
    description: 'Защита от радиации на монументах.',
  }),
];

/** Demo mode: the shipped item table and a starter catalogue, only into an empty shop (an admin's edits stay). */
export async function seedDemoCatalog(app: FastifyInstance): Promise<void> {
  await loadShippedItemTable(app.db);
  const products = createProductsRepository(app.db);
  if ((await products.list()).length === 0) {
    for (const fields of demoProducts) await products.create(fields);
    app.catalog.invalidate();
  }
}
