/**
 * Fills `{{name}}` and `{{group.name}}` in an owner's text. Values are text, never markup: the
 * caller escapes for where it shows them (React does, the Markdown renderer escapes what it is
 * given, the console quotes its argument). An unknown name is left as written, so a typo shows.
 */
export type TemplateValues = Record<string, string | number | Record<string, string | number>>;

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)(?:\.([a-zA-Z]+))?\s*\}\}/g;

export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, group: string, name: string | undefined) => {
    const value = values[group];
    if (value === undefined) return whole;
    if (typeof value !== 'object') return name === undefined ? String(value) : whole;
    if (name === undefined) return whole;
    const inner = value[name];
    return inner === undefined ? whole : String(inner);
  });
}

/** The names every page text may use, from the settings in force. */
export function siteTemplateValues(site: {
  name: string;
  topUp: { bonusPercent: number; min: number; max: number };
  seller: { [key in 'name' | 'inn' | 'ogrn' | 'email' | 'address']: string };
}): TemplateValues {
  const seller = Object.fromEntries(
    Object.entries(site.seller).map(([key, value]) => [key, value.trim() || '[не указано]']),
  );
  return {
    shop: { name: site.name },
    topUp: {
      bonusPercent: site.topUp.bonusPercent,
      min: site.topUp.min,
      max: site.topUp.max,
    },
    seller,
  };
}
