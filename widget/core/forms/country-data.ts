import type { components } from '../../../generated/widget-http.js';
import { DEFAULTS } from '../config/defaults.js';
import type { Logger } from '../env.js';
import { underscoreLocale } from '../locale/locale-parts.js';
import { type FormsHttp, getJson } from './http.js';

export type CountryData = components['schemas']['CountryData'];

/** Section 7: these locales add &additional=true. */
const ADDITIONAL_DATA_LOCALES: ReadonlySet<string> = new Set(['zh_CN', 'ko_KR']);

export function countryDataQuery(locale: string): { locale: string; additional?: 'true' } {
  const spelled = underscoreLocale(locale);
  return ADDITIONAL_DATA_LOCALES.has(spelled) ? { locale: spelled, additional: 'true' } : { locale: spelled };
}

function isOptionList(value: unknown): value is CountryData['provinceList'] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { value?: unknown }).value === 'string' &&
        typeof (item as { label?: unknown }).label === 'string',
    )
  );
}

/** The answer's shape is checked before the form trusts it: a bad answer leaves the selects empty, not broken. */
function isCountryData(value: unknown): value is CountryData {
  if (typeof value !== 'object' || value === null) return false;
  const { provinceList, cityList } = value as { provinceList?: unknown; cityList?: unknown };
  return (
    isOptionList(provinceList) &&
    typeof cityList === 'object' &&
    cityList !== null &&
    Object.values(cityList).every((cities) => isOptionList(cities))
  );
}

export interface FetchCountryDataOptions {
  http: FormsHttp;
  /** Where failures that are only logged go (the core's env.logger). */
  logger: Pick<Logger, 'error'>;
  /** Default section 9 countryDataPath. */
  countryDataPath?: string;
}

/**
 * Section 7, GET /cua-api/drive/country-data?locale=zh_CN (China region only): the provinces
 * and their cities for the dependent selects. Resolves undefined on any failure, logged.
 */
export async function fetchCountryData(
  locale: string,
  options: FetchCountryDataOptions,
): Promise<CountryData | undefined> {
  const path = (options.countryDataPath ?? DEFAULTS.countryDataPath) as '/cua-api/drive/country-data';
  try {
    const { response, data } = await getJson(options.http, path, countryDataQuery(locale));
    if (!response.ok) {
      options.logger.error(`country data: GET ${path} answered ${response.status}`);
      return undefined;
    }
    if (!isCountryData(data)) {
      options.logger.error(`country data: GET ${path} answered without provinceList [{ value, label }] and cityList`);
      return undefined;
    }
    return data;
  } catch (cause) {
    options.logger.error(`country data: GET ${path} failed`, cause);
    return undefined;
  }
}
