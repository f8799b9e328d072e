import type { Db } from '../db/database';
import { isoNow, writeJson } from '../db/json';

/*
 * Demo marketplace (issue 17): 6 categories of 10 products each per brand that offers the
 * marketplace, named in the brands' languages (English as the fallback), priced in every demo
 * currency, with a simple generated SVG picture per product (a tinted card with the product's
 * initials and a shape for its category). Idempotent: a brand with categories is left alone.
 */

type Text = Record<string, string>;

const CATEGORIES: { slug: string; names: Text; hue: number; shape: string; items: [Text, number][] }[] = [
  {
    slug: 'headphones-audio',
    names: { 'en-us': 'Audio', 'fr-ca': 'Audio', 'es-es': 'Audio', 'pt-pt': 'Áudio', 'de-de': 'Audio' },
    hue: 260,
    shape: '<circle cx="100" cy="92" r="38" fill="none" stroke="#fff" stroke-width="10"/>',
    items: [
      [
        {
          'en-us': 'Headphones',
          'fr-ca': 'Casque d’écoute',
          'es-es': 'Auriculares',
          'pt-pt': 'Auscultadores',
          'de-de': 'Kopfhörer',
        },
        7999,
      ],
      [
        {
          'en-us': 'Earbuds',
          'fr-ca': 'Écouteurs',
          'es-es': 'Auriculares de botón',
          'pt-pt': 'Auriculares',
          'de-de': 'Ohrhörer',
        },
        4999,
      ],
      [
        {
          'en-us': 'Speaker',
          'fr-ca': 'Haut-parleur',
          'es-es': 'Altavoz',
          'pt-pt': 'Coluna',
          'de-de': 'Lautsprecher',
        },
        5999,
      ],
      [
        {
          'en-us': 'Turntable mat',
          'fr-ca': 'Feutrine de platine',
          'es-es': 'Alfombrilla de tocadiscos',
          'pt-pt': 'Tapete de gira-discos',
          'de-de': 'Plattentellermatte',
        },
        1999,
      ],
      [
        {
          'en-us': 'Headphone stand',
          'fr-ca': 'Support de casque',
          'es-es': 'Soporte de auriculares',
          'pt-pt': 'Suporte de auscultadores',
          'de-de': 'Kopfhörerständer',
        },
        2499,
      ],
    ],
  },
  {
    slug: 'books-reading',
    names: {
      'en-us': 'Reading',
      'fr-ca': 'Lecture',
      'es-es': 'Lectura',
      'pt-pt': 'Leitura',
      'de-de': 'Lesen',
    },
    hue: 30,
    shape: '<rect x="64" y="58" width="72" height="70" rx="4" fill="none" stroke="#fff" stroke-width="8"/>',
    items: [
      [
        {
          'en-us': 'Bookmark set',
          'fr-ca': 'Ensemble de signets',
          'es-es': 'Juego de marcapáginas',
          'pt-pt': 'Conjunto de marcadores',
          'de-de': 'Lesezeichen-Set',
        },
        999,
      ],
      [
        {
          'en-us': 'Reading lamp',
          'fr-ca': 'Lampe de lecture',
          'es-es': 'Lámpara de lectura',
          'pt-pt': 'Candeeiro de leitura',
          'de-de': 'Leselampe',
        },
        3499,
      ],
      [
        {
          'en-us': 'E-reader sleeve',
          'fr-ca': 'Étui de liseuse',
          'es-es': 'Funda de lector',
          'pt-pt': 'Capa de leitor',
          'de-de': 'E-Reader-Hülle',
        },
        2299,
      ],
      [
        {
          'en-us': 'Notebook',
          'fr-ca': 'Carnet',
          'es-es': 'Cuaderno',
          'pt-pt': 'Caderno',
          'de-de': 'Notizbuch',
        },
        1299,
      ],
      [
        {
          'en-us': 'Book stand',
          'fr-ca': 'Lutrin',
          'es-es': 'Atril',
          'pt-pt': 'Suporte de livro',
          'de-de': 'Buchständer',
        },
        2799,
      ],
    ],
  },
  {
    slug: 'movie-night',
    names: {
      'en-us': 'Movie night',
      'fr-ca': 'Soirée cinéma',
      'es-es': 'Noche de cine',
      'pt-pt': 'Noite de cinema',
      'de-de': 'Filmabend',
    },
    hue: 350,
    shape: '<polygon points="80,60 140,92 80,124" fill="#fff"/>',
    items: [
      [
        {
          'en-us': 'Popcorn bowl',
          'fr-ca': 'Bol à maïs soufflé',
          'es-es': 'Bol de palomitas',
          'pt-pt': 'Taça de pipocas',
          'de-de': 'Popcornschale',
        },
        1499,
      ],
      [
        {
          'en-us': 'Throw blanket',
          'fr-ca': 'Jeté de canapé',
          'es-es': 'Manta de sofá',
          'pt-pt': 'Manta de sofá',
          'de-de': 'Kuscheldecke',
        },
        3999,
      ],
      [
        {
          'en-us': 'Mini projector',
          'fr-ca': 'Mini projecteur',
          'es-es': 'Miniproyector',
          'pt-pt': 'Miniprojetor',
          'de-de': 'Mini-Beamer',
        },
        12999,
      ],
      [
        {
          'en-us': 'Cinema poster',
          'fr-ca': 'Affiche de cinéma',
          'es-es': 'Póster de cine',
          'pt-pt': 'Cartaz de cinema',
          'de-de': 'Kinoplakat',
        },
        1799,
      ],
      [
        {
          'en-us': 'Floor cushion',
          'fr-ca': 'Coussin de sol',
          'es-es': 'Cojín de suelo',
          'pt-pt': 'Almofada de chão',
          'de-de': 'Bodenkissen',
        },
        2999,
      ],
    ],
  },
  {
    slug: 'kitchen',
    names: {
      'en-us': 'Kitchen',
      'fr-ca': 'Cuisine',
      'es-es': 'Cocina',
      'pt-pt': 'Cozinha',
      'de-de': 'Küche',
    },
    hue: 140,
    shape: '<path d="M70 70h60v40a30 30 0 0 1-60 0z" fill="#fff"/>',
    items: [
      [{ 'en-us': 'Mug', 'fr-ca': 'Tasse', 'es-es': 'Taza', 'pt-pt': 'Caneca', 'de-de': 'Becher' }, 1499],
      [
        {
          'en-us': 'Tea tin',
          'fr-ca': 'Boîte à thé',
          'es-es': 'Lata de té',
          'pt-pt': 'Lata de chá',
          'de-de': 'Teedose',
        },
        1199,
      ],
      [
        {
          'en-us': 'Coaster set',
          'fr-ca': 'Sous-verres',
          'es-es': 'Posavasos',
          'pt-pt': 'Bases para copos',
          'de-de': 'Untersetzer',
        },
        999,
      ],
      [
        {
          'en-us': 'Travel bottle',
          'fr-ca': 'Gourde',
          'es-es': 'Botella de viaje',
          'pt-pt': 'Garrafa de viagem',
          'de-de': 'Trinkflasche',
        },
        2499,
      ],
      [
        {
          'en-us': 'Snack tray',
          'fr-ca': 'Plateau à collations',
          'es-es': 'Bandeja de aperitivos',
          'pt-pt': 'Tabuleiro de petiscos',
          'de-de': 'Snack-Tablett',
        },
        1899,
      ],
    ],
  },
  {
    slug: 'apparel',
    names: {
      'en-us': 'Apparel',
      'fr-ca': 'Vêtements',
      'es-es': 'Ropa',
      'pt-pt': 'Vestuário',
      'de-de': 'Kleidung',
    },
    hue: 200,
    shape: '<path d="M70 62l20-8h20l20 8 10 22-16 6v40H76V90l-16-6z" fill="#fff"/>',
    items: [
      [
        {
          'en-us': 'T-shirt',
          'fr-ca': 'T-shirt',
          'es-es': 'Camiseta',
          'pt-pt': 'T-shirt',
          'de-de': 'T-Shirt',
        },
        2499,
      ],
      [
        {
          'en-us': 'Hoodie',
          'fr-ca': 'Kangourou',
          'es-es': 'Sudadera',
          'pt-pt': 'Camisola com capuz',
          'de-de': 'Kapuzenpullover',
        },
        5499,
      ],
      [{ 'en-us': 'Cap', 'fr-ca': 'Casquette', 'es-es': 'Gorra', 'pt-pt': 'Boné', 'de-de': 'Kappe' }, 1999],
      [
        {
          'en-us': 'Socks',
          'fr-ca': 'Chaussettes',
          'es-es': 'Calcetines',
          'pt-pt': 'Meias',
          'de-de': 'Socken',
        },
        1299,
      ],
      [
        {
          'en-us': 'Tote bag',
          'fr-ca': 'Sac fourre-tout',
          'es-es': 'Bolsa de tela',
          'pt-pt': 'Saco de pano',
          'de-de': 'Stofftasche',
        },
        1599,
      ],
    ],
  },
  {
    slug: 'gift-cards',
    names: {
      'en-us': 'Gifts',
      'fr-ca': 'Cadeaux',
      'es-es': 'Regalos',
      'pt-pt': 'Presentes',
      'de-de': 'Geschenke',
    },
    hue: 50,
    shape:
      '<rect x="62" y="72" width="76" height="56" fill="#fff"/><rect x="94" y="60" width="12" height="68" fill="rgba(0,0,0,.35)"/>',
    items: [
      [
        {
          'en-us': 'Sticker pack',
          'fr-ca': 'Autocollants',
          'es-es': 'Pegatinas',
          'pt-pt': 'Autocolantes',
          'de-de': 'Sticker-Set',
        },
        499,
      ],
      [
        {
          'en-us': 'Enamel pin',
          'fr-ca': 'Épinglette',
          'es-es': 'Pin esmaltado',
          'pt-pt': 'Pin esmaltado',
          'de-de': 'Emaille-Pin',
        },
        899,
      ],
      [
        {
          'en-us': 'Keychain',
          'fr-ca': 'Porte-clés',
          'es-es': 'Llavero',
          'pt-pt': 'Porta-chaves',
          'de-de': 'Schlüsselanhänger',
        },
        799,
      ],
      [
        {
          'en-us': 'Greeting card',
          'fr-ca': 'Carte de vœux',
          'es-es': 'Tarjeta de felicitación',
          'pt-pt': 'Postal',
          'de-de': 'Grußkarte',
        },
        599,
      ],
      [
        {
          'en-us': 'Gift box',
          'fr-ca': 'Coffret cadeau',
          'es-es': 'Caja regalo',
          'pt-pt': 'Caixa de presente',
          'de-de': 'Geschenkbox',
        },
        3499,
      ],
    ],
  },
];

/** Two editions of each product: the classic and the night edition (a darker picture). */
const EDITIONS: { slug: string; names: Text; lightness: number; factor: number }[] = [
  { slug: 'classic', names: {}, lightness: 48, factor: 1 },
  {
    slug: 'night',
    names: {
      'en-us': 'night edition',
      'fr-ca': 'édition nuit',
      'es-es': 'edición noche',
      'pt-pt': 'edição noite',
      'de-de': 'Nachtedition',
    },
    lightness: 30,
    factor: 1.2,
  },
];

const CURRENCY_RATES: Record<string, number> = {
  USD: 1,
  CAD: 1.35,
  EUR: 0.92,
  GBP: 0.79,
  JPY: 1.5,
  MYR: 4.6,
};

function pricesFrom(usdCents: number): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const [currency, rate] of Object.entries(CURRENCY_RATES)) {
    // JPY has no minor unit: 1 USD cent at 1.5 ≈ 1.5 yen.
    const value = Math.round(usdCents * rate);
    prices[currency] = currency === 'JPY' ? Math.round(value / 10) * 10 : Math.floor(value / 100) * 100 + 99;
  }
  return prices;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A tasteful product picture: a tinted card, the category's shape, the product's name. */
export function productPicture(name: string, hue: number, lightness: number, shape: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${escape(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% ${lightness + 10}%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 40) % 360} 50% ${lightness - 12}%)"/></linearGradient></defs>` +
    `<rect width="200" height="200" rx="16" fill="url(#g)"/>${shape}` +
    `<text x="100" y="170" text-anchor="middle" font-family="system-ui,sans-serif" font-size="15" fill="#fff">${escape(name.slice(0, 24))}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function named(base: Text, edition: Text): Text {
  const out: Text = {};
  for (const [locale, text] of Object.entries(base)) {
    const suffix = edition[locale];
    out[locale] = suffix ? `${text} – ${suffix}` : text;
  }
  return out;
}

/** Seeds the marketplace of each brand given that has none yet; answers the products made. */
export async function seedMarketplace(db: Db, brandIds: readonly number[]): Promise<number> {
  let made = 0;
  for (const brandId of brandIds) {
    const existing = await db.kysely
      .selectFrom('shop_categories')
      .select('id')
      .where('brand_id', '=', brandId)
      .limit(1)
      .executeTakeFirst();
    if (existing) continue;
    await db.kysely.transaction().execute(async (trx) => {
      const at = isoNow();
      for (const [position, category] of CATEGORIES.entries()) {
        const { id: categoryId } = await trx
          .insertInto('shop_categories')
          .values({
            brand_id: brandId,
            slug: category.slug,
            names: writeJson(category.names),
            position,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [index, [names, usdCents]] of category.items.entries()) {
          for (const edition of EDITIONS) {
            const productNames = named(names, edition.names);
            const slug = `${(names['en-us'] ?? 'product').toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${edition.slug}`;
            const englishName = productNames['en-us'] ?? slug;
            await trx
              .insertInto('shop_products')
              .values({
                brand_id: brandId,
                category_id: categoryId,
                slug,
                names: writeJson(productNames),
                descriptions: writeJson({
                  'en-us': `${englishName}, made for members who love their evenings in.`,
                  'fr-ca': `${productNames['fr-ca'] ?? englishName}, pour les membres qui aiment leurs soirées à la maison.`,
                  'es-es': `${productNames['es-es'] ?? englishName}, para los socios que disfrutan de sus noches en casa.`,
                  'pt-pt': `${productNames['pt-pt'] ?? englishName}, para os membros que gostam das noites em casa.`,
                  'de-de': `${productNames['de-de'] ?? englishName}, für Mitglieder, die ihre Abende zu Hause lieben.`,
                }),
                prices: writeJson(pricesFrom(Math.round(usdCents * edition.factor))),
                images: writeJson([
                  productPicture(englishName, category.hue, edition.lightness, category.shape),
                ]),
                stock: 5 + ((index * 7 + position * 3) % 40),
                shippable: category.slug === 'gift-cards' && index === 3 ? 0 : 1,
                free_gift_eligible: category.slug === 'gift-cards' && index === 0 ? 1 : 0,
                created_at: at,
                updated_at: at,
              })
              .execute();
            made += 1;
          }
        }
      }
    });
  }
  return made;
}
