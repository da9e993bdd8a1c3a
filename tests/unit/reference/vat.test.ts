import { describe, expect, it } from 'vitest';
import { checkVat, vatFormatCountries } from '../../../widget/core/reference/index.js';

describe('§5 VAT formats per country: business type', () => {
  it.each([
    ['DE136695976', 'DE'],
    ['136 695 976', 'DE'],
    ['IT00743110157', 'IT'],
    ['GB980780684', 'GB'],
    ['094014201', 'GR'],
    ['CHE-116.281.710 MWST', 'CH'],
    ['977074010', 'NO'],
    ['U13585627', 'AT'],
    ['B58378431', 'ES'],
  ])('§5 VAT business %s (%s) is valid through jsvat-next, with or without the country prefix', (vat, country) => {
    expect(checkVat(vat, country, 'business')).toEqual({ status: 'valid', source: 'jsvat-next' });
  });

  it('§5 VAT business: a wrong check digit or format is invalid', () => {
    expect(checkVat('DE136695977', 'DE', 'business')).toEqual({ status: 'invalid', source: 'jsvat-next' });
    expect(checkVat('DE1234', 'de', 'business')).toEqual({ status: 'invalid', source: 'jsvat-next' });
  });

  it.each([
    ['12345', 'IS'],
    ['12345', 'LI'],
    ['123456789', 'IL'],
    ['100123456789012', 'AE'],
    ['1234567890', 'TR'],
  ])('§5 VAT business %s (%s): the widget table covers what jsvat-next lacks', (vat, country) => {
    expect(checkVat(vat, country, 'business')).toEqual({ status: 'valid', source: 'table' });
  });

  it('§5 VAT business: the table formats reject other shapes, prefix or not', () => {
    expect(checkVat('AE200123456789012', 'AE', 'business')).toEqual({ status: 'invalid', source: 'table' });
    expect(checkVat('TR 123 456 7890', 'TR', 'business')).toEqual({ status: 'valid', source: 'table' });
    expect(checkVat('1234', 'IS', 'business')).toEqual({ status: 'invalid', source: 'table' });
  });
});

describe('§5 VAT formats per country: private type', () => {
  it.each([
    ['12345678Z', 'ES'],
    ['X1234567L', 'ES'],
    ['123456789', 'PT'],
    ['094014201', 'GR'],
    ['HR33392005961', 'HR'],
  ])('§5 VAT private %s (%s): personal identifiers jsvat-next validates', (vat, country) => {
    expect(checkVat(vat, country, 'private')).toEqual({ status: 'valid', source: 'jsvat-next' });
  });

  it('§5 VAT private: a company number is not a private one (ES CIF, PT company NIF)', () => {
    expect(checkVat('B58378431', 'ES', 'private')).toEqual({ status: 'invalid', source: 'jsvat-next' });
    expect(checkVat('501234560', 'PT', 'private')).toEqual({ status: 'invalid', source: 'jsvat-next' });
    expect(checkVat('501234560', 'PT', 'business')).toEqual({ status: 'valid', source: 'jsvat-next' });
  });

  it.each([
    ['RSSMRA85T10A562S', 'IT'],
    ['44051401458', 'PL'],
    ['12345678901', 'DE'],
    ['1234567890123', 'FR'],
    ['85.07.30-033.28', 'BE'],
    ['123456782', 'NL'],
    ['1850730123456', 'RO'],
    ['850730-1234', 'SE'],
    ['19850730+1234', 'SE'],
    ['131052A308T', 'FI'],
    ['0707851234', 'DK'],
    ['01018512345', 'NO'],
    ['131052-308T', 'FI'],
    ['756.1234.5678.97', 'CH'],
  ])('§5 VAT private %s (%s): the widget table', (vat, country) => {
    expect(checkVat(vat, country, 'private')).toEqual({ status: 'valid', source: 'table' });
  });

  it('§5 VAT private: the table rejects other shapes', () => {
    expect(checkVat('RSSMRA85T10A562', 'IT', 'private')).toEqual({ status: 'invalid', source: 'table' });
    expect(checkVat('02345678901', 'DE', 'private')).toEqual({ status: 'invalid', source: 'table' });
  });
});

describe('§5 VAT: countries without a format', () => {
  it('§5 VAT: a country or type with no known format is unsupported, never invalid', () => {
    expect(checkVat('12-3456789', 'US', 'business')).toEqual({ status: 'unsupported' });
    expect(checkVat('anything', 'GB', 'private')).toEqual({ status: 'unsupported' });
  });

  it('§5 VAT: both types list the countries they know', () => {
    const business = vatFormatCountries('business');
    const personal = vatFormatCountries('private');
    expect(business).toEqual(expect.arrayContaining(['DE', 'GB', 'EU', 'IS', 'AE']));
    expect(personal).toEqual(expect.arrayContaining(['ES', 'PT', 'IT', 'CH']));
    for (const country of business) expect(checkVat('', country, 'business').status).not.toBe('unsupported');
    for (const country of personal) expect(checkVat('', country, 'private').status).toBe('invalid');
  });
});
