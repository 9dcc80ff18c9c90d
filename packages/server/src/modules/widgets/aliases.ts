/**
 * An alias from a title or name, as the reference derives one when none is given: lower case, each
 * run of characters other than letters, digits and `_` replaced by `_` ("Smart Home" → "smart_home").
 */
export function aliasOf(text: string): string {
  return text.toLowerCase().replace(/\W+/g, '_');
}

/**
 * The first free alias: the wanted one, else it with 2, 3, … appended ("cards", "cards2"), as the
 * reference picks one for a new bundle or type. `taken` looks an alias up among the owner's.
 */
export async function freeAlias(wanted: string, taken: (alias: string) => Promise<boolean>): Promise<string> {
  let alias = wanted;
  for (let n = 2; await taken(alias); n++) alias = `${wanted}${n}`;
  return alias;
}
