/**
 * Locale-aware formatting shared by the built-in message sets. Formatters are created on first
 * use and cached per locale, so importing the messages costs nothing.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the locale writes it (`10,000` in English, `10.000` in German); anything that is
 * not a finite number is returned as text, unchanged.
 */
export function formatNumber(locale: string, value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * ISO 15924 script codes as a list in the locale's words: `['Cyrl', 'Latn']` becomes
 * "Cyrillic and Latin" in English and "Kyrillisch und Lateinisch" in German.
 */
export function scriptNames(locale: string, scripts: readonly string[]): string {
  const names = scripts.map((code) => {
    try {
      return new Intl.DisplayNames([locale], { type: 'script', fallback: 'code' }).of(code) ?? code;
    } catch {
      return code;
    }
  });
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
