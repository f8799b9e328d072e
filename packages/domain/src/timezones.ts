/** A time zone choice for the member's profile (spec section 9: about 230 entries, GMT-11 to GMT+14). */
export interface TimezoneOption {
  /** IANA zone id, stored on the member. */
  id: string;
  /** Offset label from GMT-11 to GMT+14, such as `GMT+05:30`. */
  offset: string;
  /** Offset in minutes east of GMT, for sorting. */
  offsetMinutes: number;
}

/** The zone a member gets when none is stored or the stored one is not offered. */
export const DEFAULT_TIMEZONE = 'America/New_York';

/**
 * The offered zones grouped by standard (winter, non-DST) offset in minutes. Offsets are data rather than
 * computed with Intl so that the list and its labels are identical in every runtime, whatever tz data it
 * ships; the unit test checks them against Node's. Ids are current IANA names (Asia/Kolkata, Europe/Kyiv)
 * rather than the legacy aliases ICU still reports as canonical (Asia/Calcutta, Europe/Kiev).
 * Africa/Casablanca is listed at +01:00, the offset Morocco keeps all year except during Ramadan.
 */
const ZONES_BY_OFFSET: readonly (readonly [offsetMinutes: number, ids: readonly string[]])[] = [
  [-660, ['Pacific/Niue', 'Pacific/Pago_Pago']],
  [-600, ['America/Adak', 'Pacific/Honolulu', 'Pacific/Rarotonga', 'Pacific/Tahiti']],
  [-570, ['Pacific/Marquesas']],
  [-540, ['America/Anchorage']],
  [-480, ['America/Los_Angeles', 'America/Tijuana', 'America/Vancouver', 'Pacific/Pitcairn']],
  [
    -420,
    [
      'America/Denver',
      'America/Edmonton',
      'America/Hermosillo',
      'America/Mazatlan',
      'America/Phoenix',
      'America/Whitehorse',
    ],
  ],
  [
    -360,
    [
      'America/Belize',
      'America/Chicago',
      'America/Chihuahua',
      'America/Costa_Rica',
      'America/El_Salvador',
      'America/Guatemala',
      'America/Managua',
      'America/Mexico_City',
      'America/Regina',
      'America/Tegucigalpa',
      'America/Winnipeg',
      'Pacific/Easter',
      'Pacific/Galapagos',
    ],
  ],
  [
    -300,
    [
      'America/Bogota',
      'America/Cancun',
      'America/Detroit',
      'America/Guayaquil',
      'America/Havana',
      'America/Indiana/Indianapolis',
      'America/Jamaica',
      'America/Lima',
      'America/Nassau',
      'America/New_York',
      'America/Panama',
      'America/Port-au-Prince',
      'America/Rio_Branco',
      'America/Toronto',
    ],
  ],
  [
    -240,
    [
      'America/Barbados',
      'America/Caracas',
      'America/Cuiaba',
      'America/Guyana',
      'America/Halifax',
      'America/La_Paz',
      'America/Manaus',
      'America/Martinique',
      'America/Port_of_Spain',
      'America/Puerto_Rico',
      'America/Santiago',
      'America/Santo_Domingo',
      'Atlantic/Bermuda',
    ],
  ],
  [-210, ['America/St_Johns']],
  [
    -180,
    [
      'America/Argentina/Buenos_Aires',
      'America/Argentina/Cordoba',
      'America/Asuncion',
      'America/Bahia',
      'America/Cayenne',
      'America/Miquelon',
      'America/Montevideo',
      'America/Paramaribo',
      'America/Punta_Arenas',
      'America/Recife',
      'America/Sao_Paulo',
      'Atlantic/Stanley',
    ],
  ],
  [-120, ['America/Noronha', 'America/Nuuk']],
  [-60, ['Atlantic/Azores', 'Atlantic/Cape_Verde']],
  [
    0,
    [
      'Africa/Abidjan',
      'Africa/Accra',
      'Africa/Dakar',
      'Africa/Freetown',
      'Africa/Monrovia',
      'Atlantic/Canary',
      'Atlantic/Faroe',
      'Atlantic/Reykjavik',
      'Europe/Dublin',
      'Europe/Lisbon',
      'Europe/London',
    ],
  ],
  [
    60,
    [
      'Africa/Algiers',
      'Africa/Casablanca',
      'Africa/Kinshasa',
      'Africa/Lagos',
      'Africa/Luanda',
      'Africa/Tunis',
      'Europe/Amsterdam',
      'Europe/Belgrade',
      'Europe/Berlin',
      'Europe/Bratislava',
      'Europe/Brussels',
      'Europe/Budapest',
      'Europe/Copenhagen',
      'Europe/Ljubljana',
      'Europe/Luxembourg',
      'Europe/Madrid',
      'Europe/Malta',
      'Europe/Oslo',
      'Europe/Paris',
      'Europe/Podgorica',
      'Europe/Prague',
      'Europe/Rome',
      'Europe/Sarajevo',
      'Europe/Skopje',
      'Europe/Stockholm',
      'Europe/Tirane',
      'Europe/Vienna',
      'Europe/Warsaw',
      'Europe/Zagreb',
      'Europe/Zurich',
    ],
  ],
  [
    120,
    [
      'Africa/Cairo',
      'Africa/Harare',
      'Africa/Johannesburg',
      'Africa/Khartoum',
      'Africa/Lusaka',
      'Africa/Maputo',
      'Africa/Tripoli',
      'Africa/Windhoek',
      'Asia/Beirut',
      'Asia/Jerusalem',
      'Asia/Nicosia',
      'Europe/Athens',
      'Europe/Bucharest',
      'Europe/Chisinau',
      'Europe/Helsinki',
      'Europe/Kaliningrad',
      'Europe/Kyiv',
      'Europe/Riga',
      'Europe/Sofia',
      'Europe/Tallinn',
      'Europe/Vilnius',
    ],
  ],
  [
    180,
    [
      'Africa/Addis_Ababa',
      'Africa/Dar_es_Salaam',
      'Africa/Kampala',
      'Africa/Nairobi',
      'Asia/Amman',
      'Asia/Baghdad',
      'Asia/Damascus',
      'Asia/Qatar',
      'Asia/Riyadh',
      'Europe/Istanbul',
      'Europe/Minsk',
      'Europe/Moscow',
      'Europe/Volgograd',
      'Indian/Antananarivo',
    ],
  ],
  [210, ['Asia/Tehran']],
  [
    240,
    [
      'Asia/Baku',
      'Asia/Dubai',
      'Asia/Muscat',
      'Asia/Tbilisi',
      'Asia/Yerevan',
      'Europe/Samara',
      'Indian/Mauritius',
    ],
  ],
  [270, ['Asia/Kabul']],
  [
    300,
    [
      'Asia/Almaty',
      'Asia/Ashgabat',
      'Asia/Dushanbe',
      'Asia/Karachi',
      'Asia/Tashkent',
      'Asia/Yekaterinburg',
      'Indian/Maldives',
    ],
  ],
  [330, ['Asia/Colombo', 'Asia/Kolkata']],
  [345, ['Asia/Kathmandu']],
  [360, ['Asia/Bishkek', 'Asia/Dhaka', 'Asia/Omsk', 'Asia/Thimphu']],
  [390, ['Asia/Yangon']],
  [
    420,
    [
      'Asia/Bangkok',
      'Asia/Ho_Chi_Minh',
      'Asia/Jakarta',
      'Asia/Krasnoyarsk',
      'Asia/Novosibirsk',
      'Asia/Phnom_Penh',
      'Asia/Vientiane',
    ],
  ],
  [
    480,
    [
      'Asia/Brunei',
      'Asia/Hong_Kong',
      'Asia/Irkutsk',
      'Asia/Kuala_Lumpur',
      'Asia/Macau',
      'Asia/Makassar',
      'Asia/Manila',
      'Asia/Shanghai',
      'Asia/Singapore',
      'Asia/Taipei',
      'Asia/Ulaanbaatar',
      'Australia/Perth',
    ],
  ],
  [525, ['Australia/Eucla']],
  [
    540,
    [
      'Asia/Dili',
      'Asia/Jayapura',
      'Asia/Pyongyang',
      'Asia/Seoul',
      'Asia/Tokyo',
      'Asia/Yakutsk',
      'Pacific/Palau',
    ],
  ],
  [570, ['Australia/Adelaide', 'Australia/Darwin']],
  [
    600,
    [
      'Asia/Vladivostok',
      'Australia/Brisbane',
      'Australia/Hobart',
      'Australia/Melbourne',
      'Australia/Sydney',
      'Pacific/Guam',
      'Pacific/Port_Moresby',
    ],
  ],
  [630, ['Australia/Lord_Howe']],
  [
    660,
    [
      'Asia/Magadan',
      'Asia/Sakhalin',
      'Pacific/Efate',
      'Pacific/Guadalcanal',
      'Pacific/Norfolk',
      'Pacific/Noumea',
      'Pacific/Pohnpei',
    ],
  ],
  [
    720,
    [
      'Asia/Kamchatka',
      'Pacific/Auckland',
      'Pacific/Fiji',
      'Pacific/Funafuti',
      'Pacific/Majuro',
      'Pacific/Nauru',
      'Pacific/Tarawa',
    ],
  ],
  [765, ['Pacific/Chatham']],
  [780, ['Pacific/Apia', 'Pacific/Fakaofo', 'Pacific/Kanton', 'Pacific/Tongatapu']],
  [840, ['Pacific/Kiritimati']],
];

/** `GMT+05:30` style label; zero is `GMT+00:00` so that every label has the same shape. */
export function formatGmtOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0');
  const minutes = String(absolute % 60).padStart(2, '0');
  return `GMT${sign}${hours}:${minutes}`;
}

/** Every offered zone, sorted by offset and then by id. */
export const TIMEZONES: readonly TimezoneOption[] = ZONES_BY_OFFSET.flatMap(([offsetMinutes, ids]) =>
  ids.map((id): TimezoneOption => ({ id, offset: formatGmtOffset(offsetMinutes), offsetMinutes })),
).sort((a, b) => a.offsetMinutes - b.offsetMinutes || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

const TIMEZONE_IDS: ReadonlySet<string> = new Set(TIMEZONES.map((zone) => zone.id));

/** Whether the id is one of the offered zones (exact, case-sensitive IANA id; aliases are not offered). */
export function isTimezone(id: string): boolean {
  return TIMEZONE_IDS.has(id);
}
