import type { Db } from '../db/database';
import { createImpactsRepository } from '../modules/impacts/impacts.repository';

/*
 * Demo impact projects (issue 18, item 1): real-looking projects in every brand language, with
 * pictures served from assets/impacts. Upserted by slug, so seeding again changes nothing.
 */

type Texts = Record<string, { name: string; description: string; unit: string; unitPlural: string }>;

interface DemoImpact {
  slug: string;
  category: string;
  image: string;
  pricePerUnit: number;
  prices: number[];
  target: number;
  texts: Texts;
}

const CATEGORIES: Record<string, Record<string, string>> = {
  forests: {
    'en-us': 'Forests',
    'de-de': 'Wälder',
    'es-es': 'Bosques',
    'fr-ca': 'Forêts',
    'it-it': 'Foreste',
    'ja-jp': '森林',
    'my-ms': 'Hutan',
    'pt-pt': 'Florestas',
  },
  water: {
    'en-us': 'Water and oceans',
    'de-de': 'Wasser und Meere',
    'es-es': 'Agua y océanos',
    'fr-ca': 'Eau et océans',
    'it-it': 'Acqua e oceani',
    'ja-jp': '水と海',
    'my-ms': 'Air dan lautan',
    'pt-pt': 'Água e oceanos',
  },
  nature: {
    'en-us': 'Wildlife',
    'de-de': 'Tierwelt',
    'es-es': 'Fauna',
    'fr-ca': 'Faune',
    'it-it': 'Fauna',
    'ja-jp': '生きもの',
    'my-ms': 'Hidupan liar',
    'pt-pt': 'Vida selvagem',
  },
};

const IMPACTS: readonly DemoImpact[] = [
  {
    slug: 'plant-trees-madagascar',
    category: 'forests',
    image: '/static/impacts/trees.svg',
    pricePerUnit: 20,
    prices: [1, 5, 10],
    target: 10_000,
    texts: {
      'en-us': {
        name: 'Plant mangroves in Madagascar',
        description:
          'Local planting teams restore mangrove forests on the north-west coast. Mangroves store carbon, shelter fish nurseries and protect villages from storms.',
        unit: 'tree',
        unitPlural: 'trees',
      },
      'de-de': {
        name: 'Mangroven in Madagaskar pflanzen',
        description:
          'Pflanzteams vor Ort stellen Mangrovenwälder an der Nordwestküste wieder her. Mangroven speichern Kohlenstoff, schützen Fischkinderstuben und bewahren Dörfer vor Stürmen.',
        unit: 'Baum',
        unitPlural: 'Bäume',
      },
      'es-es': {
        name: 'Plantar manglares en Madagascar',
        description:
          'Equipos locales restauran los manglares de la costa noroeste. Los manglares almacenan carbono, protegen criaderos de peces y resguardan a los pueblos de las tormentas.',
        unit: 'árbol',
        unitPlural: 'árboles',
      },
      'fr-ca': {
        name: 'Planter des mangroves à Madagascar',
        description:
          'Des équipes locales restaurent les mangroves de la côte nord-ouest. Les mangroves stockent le carbone, abritent les alevins et protègent les villages des tempêtes.',
        unit: 'arbre',
        unitPlural: 'arbres',
      },
      'it-it': {
        name: 'Piantare mangrovie in Madagascar',
        description:
          'Squadre locali ripristinano le mangrovie della costa nord-occidentale. Le mangrovie immagazzinano carbonio, ospitano i pesci giovani e proteggono i villaggi dalle tempeste.',
        unit: 'albero',
        unitPlural: 'alberi',
      },
      'ja-jp': {
        name: 'マダガスカルにマングローブを植える',
        description:
          '北西海岸で地元の植林チームがマングローブ林を再生します。マングローブは炭素を蓄え、稚魚を育み、村を嵐から守ります。',
        unit: '本',
        unitPlural: '本',
      },
      'my-ms': {
        name: 'Tanam bakau di Madagascar',
        description:
          'Pasukan penanam tempatan memulihkan hutan bakau di pantai barat laut. Bakau menyimpan karbon, melindungi anak ikan dan kampung daripada ribut.',
        unit: 'pokok',
        unitPlural: 'pokok',
      },
      'pt-pt': {
        name: 'Plantar mangais em Madagáscar',
        description:
          'Equipas locais recuperam os mangais da costa noroeste. Os mangais armazenam carbono, abrigam viveiros de peixes e protegem as aldeias das tempestades.',
        unit: 'árvore',
        unitPlural: 'árvores',
      },
    },
  },
  {
    slug: 'clean-water-kenya',
    category: 'water',
    image: '/static/impacts/water.svg',
    pricePerUnit: 5,
    prices: [10, 50, 100],
    target: 50_000,
    texts: {
      'en-us': {
        name: 'Clean water for schools in Kenya',
        description:
          'Rainwater tanks and filters for rural schools in Kitui County, maintained by the school communities.',
        unit: 'litre',
        unitPlural: 'litres',
      },
      'de-de': {
        name: 'Sauberes Wasser für Schulen in Kenia',
        description:
          'Regenwassertanks und Filter für Landschulen im Kitui County, gepflegt von den Schulgemeinschaften.',
        unit: 'Liter',
        unitPlural: 'Liter',
      },
      'es-es': {
        name: 'Agua potable para escuelas en Kenia',
        description:
          'Depósitos de agua de lluvia y filtros para escuelas rurales del condado de Kitui, mantenidos por las comunidades escolares.',
        unit: 'litro',
        unitPlural: 'litros',
      },
      'fr-ca': {
        name: 'De l’eau potable pour des écoles au Kenya',
        description:
          'Des réservoirs d’eau de pluie et des filtres pour des écoles rurales du comté de Kitui, entretenus par les communautés scolaires.',
        unit: 'litre',
        unitPlural: 'litres',
      },
      'it-it': {
        name: 'Acqua pulita per le scuole in Kenya',
        description:
          'Cisterne per l’acqua piovana e filtri per le scuole rurali della contea di Kitui, curati dalle comunità scolastiche.',
        unit: 'litro',
        unitPlural: 'litri',
      },
      'ja-jp': {
        name: 'ケニアの学校にきれいな水を',
        description:
          'キトゥイ郡の農村部の学校に雨水タンクと浄水フィルターを設置し、学校のコミュニティが維持管理します。',
        unit: 'リットル',
        unitPlural: 'リットル',
      },
      'my-ms': {
        name: 'Air bersih untuk sekolah di Kenya',
        description:
          'Tangki air hujan dan penapis untuk sekolah luar bandar di Daerah Kitui, diselenggara oleh komuniti sekolah.',
        unit: 'liter',
        unitPlural: 'liter',
      },
      'pt-pt': {
        name: 'Água potável para escolas no Quénia',
        description:
          'Depósitos de água da chuva e filtros para escolas rurais do condado de Kitui, mantidos pelas comunidades escolares.',
        unit: 'litro',
        unitPlural: 'litros',
      },
    },
  },
  {
    slug: 'ocean-plastic-indonesia',
    category: 'water',
    image: '/static/impacts/ocean.svg',
    pricePerUnit: 15,
    prices: [1, 3, 10],
    target: 20_000,
    texts: {
      'en-us': {
        name: 'Pull plastic from the sea in Bali',
        description:
          'River barriers and beach crews stop plastic before it reaches the reef; what they collect is sorted and recycled.',
        unit: 'kg of plastic',
        unitPlural: 'kg of plastic',
      },
      'de-de': {
        name: 'Plastik aus dem Meer vor Bali holen',
        description:
          'Flusssperren und Strandteams halten Plastik auf, bevor es das Riff erreicht; das Gesammelte wird sortiert und recycelt.',
        unit: 'kg Plastik',
        unitPlural: 'kg Plastik',
      },
      'es-es': {
        name: 'Sacar plástico del mar en Bali',
        description:
          'Barreras fluviales y equipos de playa frenan el plástico antes de que llegue al arrecife; lo recogido se clasifica y se recicla.',
        unit: 'kg de plástico',
        unitPlural: 'kg de plástico',
      },
      'fr-ca': {
        name: 'Retirer le plastique de la mer à Bali',
        description:
          'Des barrages sur les rivières et des équipes de plage arrêtent le plastique avant le récif; ce qui est ramassé est trié et recyclé.',
        unit: 'kg de plastique',
        unitPlural: 'kg de plastique',
      },
      'it-it': {
        name: 'Togliere la plastica dal mare a Bali',
        description:
          'Barriere fluviali e squadre sulle spiagge fermano la plastica prima della barriera corallina; ciò che raccolgono viene differenziato e riciclato.',
        unit: 'kg di plastica',
        unitPlural: 'kg di plastica',
      },
      'ja-jp': {
        name: 'バリの海からプラスチックを回収',
        description:
          '川のバリアと海岸チームがサンゴ礁に届く前にプラスチックを止め、回収したものは分別してリサイクルします。',
        unit: 'kg のプラスチック',
        unitPlural: 'kg のプラスチック',
      },
      'my-ms': {
        name: 'Keluarkan plastik dari laut di Bali',
        description:
          'Penghadang sungai dan pasukan pantai menahan plastik sebelum sampai ke terumbu; yang dikutip diasingkan dan dikitar semula.',
        unit: 'kg plastik',
        unitPlural: 'kg plastik',
      },
      'pt-pt': {
        name: 'Retirar plástico do mar em Bali',
        description:
          'Barreiras nos rios e equipas de praia travam o plástico antes de chegar ao recife; o que recolhem é separado e reciclado.',
        unit: 'kg de plástico',
        unitPlural: 'kg de plástico',
      },
    },
  },
  {
    slug: 'bee-meadows-europe',
    category: 'nature',
    image: '/static/impacts/bees.svg',
    pricePerUnit: 10,
    prices: [1, 5, 20],
    target: 5_000,
    texts: {
      'en-us': {
        name: 'Wildflower meadows for bees',
        description:
          'Farmers sow native wildflower strips along their fields, giving wild bees food from spring to autumn.',
        unit: 'square metre',
        unitPlural: 'square metres',
      },
      'de-de': {
        name: 'Blühwiesen für Bienen',
        description:
          'Landwirte säen heimische Wildblumenstreifen an ihren Feldern und geben Wildbienen Nahrung vom Frühling bis zum Herbst.',
        unit: 'Quadratmeter',
        unitPlural: 'Quadratmeter',
      },
      'es-es': {
        name: 'Prados de flores silvestres para las abejas',
        description:
          'Agricultores siembran franjas de flores autóctonas junto a sus campos y dan alimento a las abejas silvestres de primavera a otoño.',
        unit: 'metro cuadrado',
        unitPlural: 'metros cuadrados',
      },
      'fr-ca': {
        name: 'Des prés fleuris pour les abeilles',
        description:
          'Des agriculteurs sèment des bandes de fleurs indigènes le long de leurs champs, nourrissant les abeilles sauvages du printemps à l’automne.',
        unit: 'mètre carré',
        unitPlural: 'mètres carrés',
      },
      'it-it': {
        name: 'Prati fioriti per le api',
        description:
          'Gli agricoltori seminano strisce di fiori selvatici autoctoni lungo i campi, dando cibo alle api selvatiche dalla primavera all’autunno.',
        unit: 'metro quadrato',
        unitPlural: 'metri quadrati',
      },
      'ja-jp': {
        name: 'ミツバチのための野花の草原',
        description: '農家が畑沿いに在来の野花を植え、春から秋まで野生のハチに食べ物を届けます。',
        unit: '平方メートル',
        unitPlural: '平方メートル',
      },
      'my-ms': {
        name: 'Padang bunga liar untuk lebah',
        description:
          'Petani menyemai jalur bunga liar asli di tepi ladang, memberi makanan kepada lebah liar dari musim bunga hingga luruh.',
        unit: 'meter persegi',
        unitPlural: 'meter persegi',
      },
      'pt-pt': {
        name: 'Prados floridos para as abelhas',
        description:
          'Agricultores semeiam faixas de flores silvestres autóctones junto aos campos, dando alimento às abelhas selvagens da primavera ao outono.',
        unit: 'metro quadrado',
        unitPlural: 'metros quadrados',
      },
    },
  },
];

/** Upserts the demo categories and items of each brand, texts in the brand's languages. */
export async function seedImpacts(
  db: Db,
  brands: readonly { id: number; languages: readonly string[] }[],
): Promise<number> {
  const repository = createImpactsRepository(db.kysely);
  let items = 0;
  for (const brand of brands) {
    const categoryIds = new Map<string, number>();
    for (const [position, [slug, names]] of Object.entries(CATEGORIES).entries()) {
      const langs = Object.fromEntries(
        brand.languages.flatMap((lang) => (names[lang] ? [[lang, names[lang]]] : [])),
      );
      categoryIds.set(
        slug,
        await repository.upsertCategory(brand.id, { slug, name: names['en-us'] ?? slug, langs, position }),
      );
    }
    for (const [position, impact] of IMPACTS.entries()) {
      const english = impact.texts['en-us'];
      const categoryId = categoryIds.get(impact.category);
      if (!english || categoryId === undefined) continue;
      const langs = Object.fromEntries(
        brand.languages.flatMap((lang) => (impact.texts[lang] ? [[lang, impact.texts[lang]]] : [])),
      );
      await repository.upsertItem(brand.id, {
        categoryId,
        slug: impact.slug,
        ...english,
        langs,
        pricePerUnit: impact.pricePerUnit,
        prices: impact.prices,
        targetQuantity: impact.target,
        images: [impact.image],
        position,
        active: true,
      });
      items += 1;
    }
  }
  return items;
}
