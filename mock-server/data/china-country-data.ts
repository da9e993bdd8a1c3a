/**
 * Country data for the China-region form (GET /cua-api/drive/country-data?locale=zh_CN):
 * real provinces and municipalities of mainland China with a few real cities each.
 * A SUBSET: 12 of the 34 provincial-level divisions and 3 to 5 cities each, enough for the
 * dependent province/city selects; not a complete gazetteer.
 */
import type { components } from '../../generated/widget-http.js';

type CountryData = components['schemas']['CountryData'];

/** [value, label, cities as [value, label]] */
const PROVINCES: [string, string, [string, string][]][] = [
  ['Beijing', '北京市', [['Beijing', '北京市']]],
  ['Shanghai', '上海市', [['Shanghai', '上海市']]],
  ['Tianjin', '天津市', [['Tianjin', '天津市']]],
  ['Chongqing', '重庆市', [['Chongqing', '重庆市']]],
  [
    'Guangdong',
    '广东省',
    [
      ['Guangzhou', '广州市'],
      ['Shenzhen', '深圳市'],
      ['Dongguan', '东莞市'],
      ['Foshan', '佛山市'],
      ['Zhuhai', '珠海市'],
    ],
  ],
  [
    'Zhejiang',
    '浙江省',
    [
      ['Hangzhou', '杭州市'],
      ['Ningbo', '宁波市'],
      ['Wenzhou', '温州市'],
      ['Shaoxing', '绍兴市'],
    ],
  ],
  [
    'Jiangsu',
    '江苏省',
    [
      ['Nanjing', '南京市'],
      ['Suzhou', '苏州市'],
      ['Wuxi', '无锡市'],
      ['Changzhou', '常州市'],
    ],
  ],
  [
    'Sichuan',
    '四川省',
    [
      ['Chengdu', '成都市'],
      ['Mianyang', '绵阳市'],
      ['Leshan', '乐山市'],
    ],
  ],
  [
    'Hubei',
    '湖北省',
    [
      ['Wuhan', '武汉市'],
      ['Yichang', '宜昌市'],
      ['Xiangyang', '襄阳市'],
    ],
  ],
  [
    'Shandong',
    '山东省',
    [
      ['Jinan', '济南市'],
      ['Qingdao', '青岛市'],
      ['Yantai', '烟台市'],
      ['Weifang', '潍坊市'],
    ],
  ],
  [
    'Fujian',
    '福建省',
    [
      ['Fuzhou', '福州市'],
      ['Xiamen', '厦门市'],
      ['Quanzhou', '泉州市'],
    ],
  ],
  [
    'Shaanxi',
    '陕西省',
    [
      ['Xian', '西安市'],
      ['Baoji', '宝鸡市'],
      ['Xianyang', '咸阳市'],
    ],
  ],
];

const CHINA_COUNTRY_DATA: CountryData = {
  provinceList: PROVINCES.map(([value, label]) => ({ value, label })),
  cityList: Object.fromEntries(
    PROVINCES.map(([value, , cities]) => [value, cities.map(([city, label]) => ({ value: city, label }))]),
  ),
};

const EMPTY_COUNTRY_DATA: CountryData = { provinceList: [], cityList: {} };

/** The country data for a locale like zh_CN or zh-CN; other locales get empty lists. */
export function countryDataFor(locale: string): CountryData {
  return /^zh[_-]cn$/i.test(locale) ? CHINA_COUNTRY_DATA : EMPTY_COUNTRY_DATA;
}
