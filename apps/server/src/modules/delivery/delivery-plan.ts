import { stacksFor } from '@shop/shared';
import type { DeliveryPayload, KitLine } from '../../db/schema/index';
import { quoteConsoleArg } from '../../integrations/rust-rcon/index';

export interface PlannedProduct {
  name: string;
  gameItemName: string;
  stackSize: number;
  commands: string | null;
  vipTier: string | null;
  /** Set for a kit (the product's stored lines): then `kitLines` must be given too. */
  kitItems?: readonly unknown[] | null;
  /**
   * A kit's lines for ONE kit, in giving order, with each item's name and its stack limit on the
   * server it goes to (the products module works them out: ProductsRepository.kitLines).
   */
  kitLines?: readonly KitLine[] | null;
}

/** The product's comma-separated command templates, cleaned of empty parts. */
export function splitCommands(templates: string | null): string[] {
  return (templates ?? '')
    .split(',')
    .map((command) => command.trim())
    .filter(Boolean);
}

/**
 * Fills a command template. Only the shop's own values go in (a 17-digit Steam id and integers), so a
 * template cannot be turned into a second command by what a player types.
 */
export function fillTemplate(
  template: string,
  values: { steamId: string; quantity: number; stacks: number },
): string {
  if (!/^\d{17}$/.test(values.steamId)) throw new RangeError('not a Steam id');
  return template
    .replaceAll('{playerId}', values.steamId)
    .replaceAll('{steamId}', values.steamId)
    .replaceAll('{quantity}', String(Math.trunc(values.quantity)))
    .replaceAll('{stacks}', String(Math.trunc(values.stacks)));
}

/** A VIP tier without its own commands is granted through Oxide's group of that name. */
export const defaultVipGrant = (tier: string) =>
  `oxide.usergroup add {playerId} vip_${tier.toLowerCase()}`;
export const defaultVipRevoke = (tier: string) =>
  `oxide.usergroup remove {playerId} vip_${tier.toLowerCase()}`;

/** One RCON give of a kit: which line, and how many of its item this step gives. */
interface KitPiece {
  line: KitLine;
  amount: number;
}

/** A kit's RCON steps in order: each line in pieces of at most its stack limit. */
export function kitPieces(lines: KitLine[]): KitPiece[] {
  return lines.flatMap((line) => {
    const limit = Math.max(1, line.stackLimit);
    const pieces: KitPiece[] = [];
    for (let given = 0; given < line.amount; given += limit)
      pieces.push({ line, amount: Math.min(limit, line.amount - given) });
    return pieces;
  });
}

/** How many RCON steps a job takes: stacks of a give, commands, or pieces of a kit. */
export function stepCount(payload: DeliveryPayload): number {
  if (payload.kind === 'give') return payload.stacks;
  if (payload.kind === 'kit') return kitPieces(payload.items).length;
  return payload.commands.length;
}

const giveCommand = (steamId: string, shortname: string, amount: number) =>
  `inventory.giveto ${steamId} ${quoteConsoleArg(shortname)} ${amount}`;

/**
 * The console command of one step of a job: the give of one stack or kit piece, or the product's
 * n-th command. The shortname goes as ONE quoted argument: real ones hold spaces (`2module car`),
 * and unquoted `rifle.ak 1000` would read as a thousand rifles. Shortnames are checked where they
 * enter the shop; the quoting also defuses whatever a row stored before that check may hold.
 */
export function stepCommand(
  job: { steamId: string; payload: DeliveryPayload },
  step: number,
): string | undefined {
  const payload = job.payload;
  if (payload.kind === 'give')
    return giveCommand(job.steamId, payload.shortname, payload.stackSize);
  if (payload.kind === 'kit') {
    const piece = kitPieces(payload.items)[step];
    return piece && giveCommand(job.steamId, piece.line.shortname, piece.amount);
  }
  return payload.commands[step];
}

/**
 * What delivering `quantity` items of a product to one player means, as one job's payload. A kit
 * (a stack of it is one kit) is one job of its lines, each line's amount times the kits bought.
 */
export function planDelivery(
  product: PlannedProduct,
  quantity: number,
  steamId: string,
): DeliveryPayload {
  const stacks = stacksFor(quantity, product.stackSize);
  if (product.kitItems) {
    // Never a give of the kit's empty game item name: its lines must have been worked out.
    if (!product.kitLines?.length) throw new Error(`kit lines not given for ${product.name}`);
    return {
      kind: 'kit',
      itemName: product.name,
      items: product.kitLines.map((line) => ({ ...line, amount: line.amount * stacks })),
    };
  }
  const templates = splitCommands(product.commands);
  if (templates.length === 0 && product.vipTier) templates.push(defaultVipGrant(product.vipTier));
  if (templates.length > 0) {
    return {
      kind: 'commands',
      itemName: product.name,
      commands: templates.map((template) => fillTemplate(template, { steamId, quantity, stacks })),
    };
  }
  return {
    kind: 'give',
    itemName: product.name,
    shortname: product.gameItemName,
    stackSize: product.stackSize,
    stacks,
  };
}
