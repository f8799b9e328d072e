import type { Locale, MediaType } from '@member/domain';

import { PLACES } from './catalog-words';

/*
 * Translations of the generated demo catalog (issue 3, part 4). The seed builds its English titles
 * and descriptions from word lists; this module builds the same title and description in the other
 * seven languages from the same picks, with each language's grammar (gender and number agreement,
 * articles and their contractions, German cases, Malay word order, Japanese particles).
 *
 * As in a real catalog, film and book titles are translated while album, game, software and match
 * titles keep their original name; every description is translated.
 */

export type TranslatedLocale = Exclude<Locale, 'en-us'>;
export const TRANSLATED_LOCALES: readonly TranslatedLocale[] = [
  'fr-ca',
  'de-de',
  'it-it',
  'pt-pt',
  'es-es',
  'ja-jp',
  'my-ms',
];

/** Kinds of generated titles, by the seed's English template. */
export type TitleKind =
  | 'theAN' // The Silent Harbor
  | 'NofP' // Harbor of Lisbon / The Harbor of Lisbon
  | 'ANs' // Silent Harbors
  | 'returnTo' // Return to the Harbor
  | 'aAN' // A Silent Harbor
  | 'lettersFrom' // Letters from the Harbor
  | 'keeper' // The Harbor Keeper
  | 'NinP'; // A Harbor in Lisbon

/** The seed's picks a generated title is made of: indices into its English word lists. */
export interface TitleParts {
  kind: TitleKind;
  adjective: number;
  noun: number;
  place: number;
}

/** The seed's picks a description is made of. */
export interface DescriptionParts {
  /** English genre title, as in GENRES. */
  genre: string;
  place: number;
  noun: number;
  /** A game's or a tool's own file: its description says what that game or tool is. */
  own?: OwnFile;
}

/** The demo games and tools a title opens (seed/catalog.ts FILES). */
export type OwnFile =
  'brick-breaker' | 'garden-snake' | 'memory-pairs' | 'pomodoro' | 'sumcheck' | 'unitconv';

// ---- Word lists, index for index the seed's ADJECTIVES, NOUNS and PLACES ----

type Gender = 'm' | 'f' | 'n';
/** [singular, gender, plural, German oblique singular when it differs (weak nouns)]. */
type Noun = readonly [string, Gender, string, string?];

interface RomanceWords {
  /** 'masculine|feminine|masculine plural|feminine plural', or one invariable form; '^' first: before the noun. */
  adjectives: readonly string[];
  nouns: readonly Noun[];
  places: readonly string[];
}

/** The English places with some names changed (exonyms: Lissabon, Lisbonne...). */
const withPlaces = (changes: Record<string, string>) => PLACES.map((place) => changes[place] ?? place);

const FR: RomanceWords = {
  adjectives: [
    'silencieux|silencieuse|silencieux|silencieuses',
    'doré|dorée|dorés|dorées',
    'caché|cachée|cachés|cachées',
    'du Nord',
    'brisé|brisée|brisés|brisées',
    'lointain|lointaine|lointains|lointaines',
    'électrique|électrique|électriques|électriques',
    'de velours',
    'de papier',
    'pourpre|pourpre|pourpres|pourpres',
    'tranquille|tranquille|tranquilles|tranquilles',
    'sans fin',
    'sauvage|sauvage|sauvages|sauvages',
    'creux|creuse|creux|creuses',
    'lumineux|lumineuse|lumineux|lumineuses',
    'de sel',
    'de fer',
    "d'été",
    "d'hiver",
    'de minuit',
    'perdu|perdue|perdus|perdues',
    'secret|secrète|secrets|secrètes',
    '^petit|petite|petits|petites',
    '^dernier|dernière|derniers|dernières',
    'de cuivre',
    'de verre',
    "d'ambre",
    'qui tombe|qui tombe|qui tombent|qui tombent',
    'ouvert|ouverte|ouverts|ouvertes',
    'ardent|ardente|ardents|ardentes',
  ],
  nouns: [
    ['port', 'm', 'ports'],
    ['rivière', 'f', 'rivières'],
    ['lanterne', 'f', 'lanternes'],
    ['verger', 'm', 'vergers'],
    ['signal', 'm', 'signaux'],
    ['jardin', 'm', 'jardins'],
    ['moteur', 'm', 'moteurs'],
    ['méridien', 'm', 'méridiens'],
    ['marée', 'f', 'marées'],
    ['boussole', 'f', 'boussoles'],
    ['phare', 'm', 'phares'],
    ['gare', 'f', 'gares'],
    ['pont', 'm', 'ponts'],
    ['forêt', 'f', 'forêts'],
    ['royaume', 'm', 'royaumes'],
    ['archive', 'f', 'archives'],
    ['horloge', 'f', 'horloges'],
    ['île', 'f', 'îles'],
    ['vallée', 'f', 'vallées'],
    ['fenêtre', 'f', 'fenêtres'],
    ['miroir', 'm', 'miroirs'],
    ['route', 'f', 'routes'],
    ['lettre', 'f', 'lettres'],
    ['écho', 'm', 'échos'],
    ['horizon', 'm', 'horizons'],
    ['canyon', 'm', 'canyons'],
    ['marché', 'm', 'marchés'],
    ['ancre', 'f', 'ancres'],
    ['plume', 'f', 'plumes'],
    ['comète', 'f', 'comètes'],
  ],
  places: withPlaces({
    Lisbon: 'Lisbonne',
    Montreal: 'Montréal',
    Marrakesh: 'Marrakech',
    Napoli: 'Naples',
    Zürich: 'Zurich',
    Reykjavík: 'Reykjavik',
    Kraków: 'Cracovie',
    Córdoba: 'Cordoue',
  }),
};

const IT: RomanceWords = {
  adjectives: [
    'silenzioso|silenziosa|silenziosi|silenziose',
    'dorato|dorata|dorati|dorate',
    'nascosto|nascosta|nascosti|nascoste',
    'del nord',
    'spezzato|spezzata|spezzati|spezzate',
    'lontano|lontana|lontani|lontane',
    'elettrico|elettrica|elettrici|elettriche',
    'di velluto',
    'di carta',
    'cremisi',
    'quieto|quieta|quieti|quiete',
    'senza fine',
    'selvaggio|selvaggia|selvaggi|selvagge',
    'cavo|cava|cavi|cave',
    'luminoso|luminosa|luminosi|luminose',
    'di sale',
    'di ferro',
    "d'estate",
    "d'inverno",
    'di mezzanotte',
    'perduto|perduta|perduti|perdute',
    'segreto|segreta|segreti|segrete',
    '^piccolo|piccola|piccoli|piccole',
    '^ultimo|ultima|ultimi|ultime',
    'di rame',
    'di vetro',
    "d'ambra",
    'cadente|cadente|cadenti|cadenti',
    'aperto|aperta|aperti|aperte',
    'ardente|ardente|ardenti|ardenti',
  ],
  nouns: [
    ['porto', 'm', 'porti'],
    ['fiume', 'm', 'fiumi'],
    ['lanterna', 'f', 'lanterne'],
    ['frutteto', 'm', 'frutteti'],
    ['segnale', 'm', 'segnali'],
    ['giardino', 'm', 'giardini'],
    ['motore', 'm', 'motori'],
    ['meridiano', 'm', 'meridiani'],
    ['marea', 'f', 'maree'],
    ['bussola', 'f', 'bussole'],
    ['faro', 'm', 'fari'],
    ['stazione', 'f', 'stazioni'],
    ['ponte', 'm', 'ponti'],
    ['foresta', 'f', 'foreste'],
    ['regno', 'm', 'regni'],
    ['archivio', 'm', 'archivi'],
    ['orologio', 'm', 'orologi'],
    ['isola', 'f', 'isole'],
    ['valle', 'f', 'valli'],
    ['finestra', 'f', 'finestre'],
    ['specchio', 'm', 'specchi'],
    ['strada', 'f', 'strade'],
    ['lettera', 'f', 'lettere'],
    ['eco', 'm', 'echi'],
    ['orizzonte', 'm', 'orizzonti'],
    ['canyon', 'm', 'canyon'],
    ['mercato', 'm', 'mercati'],
    ['ancora', 'f', 'ancore'],
    ['piuma', 'f', 'piume'],
    ['cometa', 'f', 'comete'],
  ],
  places: withPlaces({
    Lisbon: 'Lisbona',
    Montreal: 'Montréal',
    Marrakesh: 'Marrakech',
    Zürich: 'Zurigo',
    Kraków: 'Cracovia',
    Córdoba: 'Cordova',
  }),
};

const ES: RomanceWords = {
  adjectives: [
    'silencioso|silenciosa|silenciosos|silenciosas',
    'dorado|dorada|dorados|doradas',
    'oculto|oculta|ocultos|ocultas',
    'del norte',
    'roto|rota|rotos|rotas',
    'lejano|lejana|lejanos|lejanas',
    'eléctrico|eléctrica|eléctricos|eléctricas',
    'de terciopelo',
    'de papel',
    'carmesí|carmesí|carmesíes|carmesíes',
    'tranquilo|tranquila|tranquilos|tranquilas',
    'sin fin',
    'salvaje|salvaje|salvajes|salvajes',
    'hueco|hueca|huecos|huecas',
    'brillante|brillante|brillantes|brillantes',
    'de sal',
    'de hierro',
    'de verano',
    'de invierno',
    'de medianoche',
    'perdido|perdida|perdidos|perdidas',
    'secreto|secreta|secretos|secretas',
    '^pequeño|pequeña|pequeños|pequeñas',
    '^último|última|últimos|últimas',
    'de cobre',
    'de cristal',
    'de ámbar',
    'que cae|que cae|que caen|que caen',
    'abierto|abierta|abiertos|abiertas',
    'ardiente|ardiente|ardientes|ardientes',
  ],
  nouns: [
    ['puerto', 'm', 'puertos'],
    ['río', 'm', 'ríos'],
    ['farol', 'm', 'faroles'],
    ['huerto', 'm', 'huertos'],
    ['señal', 'f', 'señales'],
    ['jardín', 'm', 'jardines'],
    ['motor', 'm', 'motores'],
    ['meridiano', 'm', 'meridianos'],
    ['marea', 'f', 'mareas'],
    ['brújula', 'f', 'brújulas'],
    ['faro', 'm', 'faros'],
    ['estación', 'f', 'estaciones'],
    ['puente', 'm', 'puentes'],
    ['bosque', 'm', 'bosques'],
    ['reino', 'm', 'reinos'],
    ['archivo', 'm', 'archivos'],
    ['reloj', 'm', 'relojes'],
    ['isla', 'f', 'islas'],
    ['valle', 'm', 'valles'],
    ['ventana', 'f', 'ventanas'],
    ['espejo', 'm', 'espejos'],
    ['camino', 'm', 'caminos'],
    ['carta', 'f', 'cartas'],
    ['eco', 'm', 'ecos'],
    ['horizonte', 'm', 'horizontes'],
    ['cañón', 'm', 'cañones'],
    ['mercado', 'm', 'mercados'],
    ['ancla', 'f', 'anclas'],
    ['pluma', 'f', 'plumas'],
    ['cometa', 'm', 'cometas'],
  ],
  places: withPlaces({
    Lisbon: 'Lisboa',
    Marrakesh: 'Marrakech',
    Québec: 'Quebec',
    Napoli: 'Nápoles',
    Zürich: 'Zúrich',
    Kraków: 'Cracovia',
  }),
};

const PT: RomanceWords = {
  adjectives: [
    'silencioso|silenciosa|silenciosos|silenciosas',
    'dourado|dourada|dourados|douradas',
    'escondido|escondida|escondidos|escondidas',
    'do norte',
    'partido|partida|partidos|partidas',
    'distante|distante|distantes|distantes',
    'elétrico|elétrica|elétricos|elétricas',
    'de veludo',
    'de papel',
    'carmesim|carmesim|carmesins|carmesins',
    'tranquilo|tranquila|tranquilos|tranquilas',
    'sem fim',
    'selvagem|selvagem|selvagens|selvagens',
    'oco|oca|ocos|ocas',
    'luminoso|luminosa|luminosos|luminosas',
    'de sal',
    'de ferro',
    'de verão',
    'de inverno',
    'da meia-noite',
    'perdido|perdida|perdidos|perdidas',
    'secreto|secreta|secretos|secretas',
    '^pequeno|pequena|pequenos|pequenas',
    '^último|última|últimos|últimas',
    'de cobre',
    'de vidro',
    'de âmbar',
    'cadente|cadente|cadentes|cadentes',
    'aberto|aberta|abertos|abertas',
    'ardente|ardente|ardentes|ardentes',
  ],
  nouns: [
    ['porto', 'm', 'portos'],
    ['rio', 'm', 'rios'],
    ['lanterna', 'f', 'lanternas'],
    ['pomar', 'm', 'pomares'],
    ['sinal', 'm', 'sinais'],
    ['jardim', 'm', 'jardins'],
    ['motor', 'm', 'motores'],
    ['meridiano', 'm', 'meridianos'],
    ['maré', 'f', 'marés'],
    ['bússola', 'f', 'bússolas'],
    ['farol', 'm', 'faróis'],
    ['estação', 'f', 'estações'],
    ['ponte', 'f', 'pontes'],
    ['floresta', 'f', 'florestas'],
    ['reino', 'm', 'reinos'],
    ['arquivo', 'm', 'arquivos'],
    ['relógio', 'm', 'relógios'],
    ['ilha', 'f', 'ilhas'],
    ['vale', 'm', 'vales'],
    ['janela', 'f', 'janelas'],
    ['espelho', 'm', 'espelhos'],
    ['estrada', 'f', 'estradas'],
    ['carta', 'f', 'cartas'],
    ['eco', 'm', 'ecos'],
    ['horizonte', 'm', 'horizontes'],
    ['desfiladeiro', 'm', 'desfiladeiros'],
    ['mercado', 'm', 'mercados'],
    ['âncora', 'f', 'âncoras'],
    ['pena', 'f', 'penas'],
    ['cometa', 'm', 'cometas'],
  ],
  places: withPlaces({
    Lisbon: 'Lisboa',
    Marrakesh: 'Marraquexe',
    Québec: 'Quebeque',
    Napoli: 'Nápoles',
    Zürich: 'Zurique',
    Kraków: 'Cracóvia',
  }),
};

const DE_ADJECTIVES = [
  'still',
  'golden',
  'verborgen',
  'nördlich',
  'zerbrochen',
  'fern',
  'elektrisch',
  'samten',
  'papieren',
  'purpurrot',
  'ruhig',
  'endlos',
  'wild',
  'hohl',
  'hell',
  'salzig',
  'eisern',
  'sommerlich',
  'winterlich',
  'mitternächtlich',
  'verloren',
  'geheim',
  'klein',
  'letzt',
  'kupfern',
  'gläsern',
  'bernsteinfarben',
  'fallend',
  'offen',
  'brennend',
];
const DE_NOUNS: readonly Noun[] = [
  ['Hafen', 'm', 'Häfen'],
  ['Fluss', 'm', 'Flüsse'],
  ['Laterne', 'f', 'Laternen'],
  ['Obstgarten', 'm', 'Obstgärten'],
  ['Signal', 'n', 'Signale'],
  ['Garten', 'm', 'Gärten'],
  ['Maschine', 'f', 'Maschinen'],
  ['Meridian', 'm', 'Meridiane'],
  ['Flut', 'f', 'Fluten'],
  ['Kompass', 'm', 'Kompasse'],
  ['Leuchtturm', 'm', 'Leuchttürme'],
  ['Bahnhof', 'm', 'Bahnhöfe'],
  ['Brücke', 'f', 'Brücken'],
  ['Wald', 'm', 'Wälder'],
  ['Königreich', 'n', 'Königreiche'],
  ['Archiv', 'n', 'Archive'],
  ['Uhr', 'f', 'Uhren'],
  ['Insel', 'f', 'Inseln'],
  ['Tal', 'n', 'Täler'],
  ['Fenster', 'n', 'Fenster'],
  ['Spiegel', 'm', 'Spiegel'],
  ['Straße', 'f', 'Straßen'],
  ['Brief', 'm', 'Briefe'],
  ['Echo', 'n', 'Echos'],
  ['Horizont', 'm', 'Horizonte'],
  ['Canyon', 'm', 'Canyons'],
  ['Markt', 'm', 'Märkte'],
  ['Anker', 'm', 'Anker'],
  ['Feder', 'f', 'Federn'],
  ['Komet', 'm', 'Kometen', 'Kometen'],
];
const DE_PLACES = withPlaces({
  Lisbon: 'Lissabon',
  Marrakesh: 'Marrakesch',
  Napoli: 'Neapel',
  Kraków: 'Krakau',
});

const JA_ADJECTIVES = [
  '静かな',
  '黄金の',
  '隠された',
  '北の',
  '壊れた',
  '遠い',
  '電気仕掛けの',
  'ビロードの',
  '紙の',
  '深紅の',
  '穏やかな',
  '果てしない',
  '野生の',
  '空っぽの',
  '輝く',
  '塩の',
  '鉄の',
  '夏の',
  '冬の',
  '真夜中の',
  '失われた',
  '秘密の',
  '小さな',
  '最後の',
  '銅の',
  'ガラスの',
  '琥珀色の',
  '落ちてゆく',
  '開かれた',
  '燃える',
];
const JA_NOUNS = [
  '港',
  '川',
  'ランタン',
  '果樹園',
  '信号',
  '庭',
  'エンジン',
  '子午線',
  '潮',
  '羅針盤',
  '灯台',
  '駅',
  '橋',
  '森',
  '王国',
  '書庫',
  '時計',
  '島',
  '谷',
  '窓',
  '鏡',
  '道',
  '手紙',
  'こだま',
  '地平線',
  '峡谷',
  '市場',
  '錨',
  '羽根',
  '彗星',
];
const JA_PLACES = [
  'リスボン',
  'モントリオール',
  '京都',
  'バルパライソ',
  'トロムソ',
  'マラケシュ',
  'ケベック',
  'ナポリ',
  'オアハカ',
  'チューリッヒ',
  'ペナン',
  'サンパウロ',
  'レイキャビク',
  'クラクフ',
  'コルドバ',
  'ハリファックス',
];

const MS_ADJECTIVES = [
  'Sunyi',
  'Keemasan',
  'Tersembunyi',
  'Utara',
  'Pecah',
  'Jauh',
  'Elektrik',
  'Baldu',
  'Kertas',
  'Merah Lembayung',
  'Tenang',
  'Tanpa Penghujung',
  'Liar',
  'Kosong',
  'Terang',
  'Garam',
  'Besi',
  'Musim Panas',
  'Musim Sejuk',
  'Tengah Malam',
  'Hilang',
  'Rahsia',
  'Kecil',
  'Terakhir',
  'Tembaga',
  'Kaca',
  'Ambar',
  'yang Gugur',
  'Terbuka',
  'Membara',
];
const MS_NOUNS = [
  'Pelabuhan',
  'Sungai',
  'Tanglung',
  'Dusun',
  'Isyarat',
  'Taman',
  'Enjin',
  'Meridian',
  'Air Pasang',
  'Kompas',
  'Rumah Api',
  'Stesen',
  'Jambatan',
  'Hutan',
  'Kerajaan',
  'Arkib',
  'Jam',
  'Pulau',
  'Lembah',
  'Tingkap',
  'Cermin',
  'Jalan',
  'Surat',
  'Gema',
  'Ufuk',
  'Ngarai',
  'Pasar',
  'Sauh',
  'Bulu Pelepah',
  'Komet',
];

// ---- Genres: English title -> [fr, de, it, pt, es, ja, ms] ----

const GENRE_NAMES: Record<string, readonly [string, string, string, string, string, string, string]> = {
  Acoustic: ['Acoustique', 'Akustik', 'Acustica', 'Acústico', 'Acústica', 'アコースティック', 'Akustik'],
  Action: ['Action', 'Action', 'Azione', 'Ação', 'Acción', 'アクション', 'Aksi'],
  Adventure: ['Aventure', 'Abenteuer', 'Avventura', 'Aventura', 'Aventura', '冒険', 'Pengembaraan'],
  Alternative: [
    'Alternatif',
    'Alternative',
    'Alternativo',
    'Alternativo',
    'Alternativo',
    'オルタナティブ',
    'Alternatif',
  ],
  Ambient: ['Ambient', 'Ambient', 'Ambient', 'Ambiente', 'Ambient', 'アンビエント', 'Ambien'],
  Animation: ['Animation', 'Animation', 'Animazione', 'Animação', 'Animación', 'アニメーション', 'Animasi'],
  Arcade: ['Arcade', 'Arcade', 'Arcade', 'Arcada', 'Arcade', 'アーケード', 'Arked'],
  Basketball: [
    'Basketball',
    'Basketball',
    'Pallacanestro',
    'Basquetebol',
    'Baloncesto',
    'バスケットボール',
    'Bola Keranjang',
  ],
  Bebop: ['Bebop', 'Bebop', 'Bebop', 'Bebop', 'Bebop', 'ビバップ', 'Bebop'],
  'Bedtime Stories': [
    'Histoires du soir',
    'Gutenachtgeschichten',
    'Favole della buonanotte',
    'Histórias para dormir',
    'Cuentos para dormir',
    'おやすみ前のお話',
    'Cerita Sebelum Tidur',
  ],
  Biography: ['Biographie', 'Biografie', 'Biografia', 'Biografia', 'Biografía', '伝記', 'Biografi'],
  Card: ['Cartes', 'Karten', 'Carte', 'Cartas', 'Cartas', 'カード', 'Kad'],
  Checksums: [
    'Sommes de contrôle',
    'Prüfsummen',
    'Checksum',
    'Somas de verificação',
    'Sumas de verificación',
    'チェックサム',
    'Hasil Tambah Semak',
  ],
  Children: ['Jeunesse', 'Kinder', 'Ragazzi', 'Infantil', 'Infantil', '児童書', 'Kanak-kanak'],
  Classical: ['Classique', 'Klassik', 'Classica', 'Clássica', 'Clásica', 'クラシック', 'Klasik'],
  Comedy: ['Comédie', 'Komödie', 'Commedia', 'Comédia', 'Comedia', 'コメディ', 'Komedi'],
  Converters: [
    'Convertisseurs',
    'Umrechner',
    'Convertitori',
    'Conversores',
    'Conversores',
    '変換ツール',
    'Penukar',
  ],
  Cooking: ['Cuisine', 'Kochen', 'Cucina', 'Culinária', 'Cocina', '料理', 'Masakan'],
  Crime: ['Policier', 'Krimi', 'Poliziesco', 'Policial', 'Policíaco', '犯罪', 'Jenayah'],
  Cup: ['Coupe', 'Pokal', 'Coppa', 'Taça', 'Copa', 'カップ戦', 'Piala'],
  Documentary: [
    'Documentaire',
    'Dokumentarfilm',
    'Documentario',
    'Documentário',
    'Documental',
    'ドキュメンタリー',
    'Dokumentari',
  ],
  Downtempo: ['Downtempo', 'Downtempo', 'Downtempo', 'Downtempo', 'Downtempo', 'ダウンテンポ', 'Downtempo'],
  Drama: ['Drame', 'Drama', 'Dramma', 'Drama', 'Drama', 'ドラマ', 'Drama'],
  Electronic: [
    'Électronique',
    'Elektronisch',
    'Elettronica',
    'Eletrónica',
    'Electrónica',
    'エレクトロニック',
    'Elektronik',
  ],
  'Family Drama': [
    'Drame familial',
    'Familiendrama',
    'Dramma familiare',
    'Drama familiar',
    'Drama familiar',
    '家族ドラマ',
    'Drama Keluarga',
  ],
  Fantasy: ['Fantasy', 'Fantasy', 'Fantasy', 'Fantasia', 'Fantasía', 'ファンタジー', 'Fantasi'],
  Fiction: ['Fiction', 'Belletristik', 'Narrativa', 'Ficção', 'Ficción', 'フィクション', 'Fiksyen'],
  'File Tools': [
    'Outils de fichiers',
    'Dateiwerkzeuge',
    'Strumenti per file',
    'Ferramentas de ficheiros',
    'Herramientas de archivos',
    'ファイルツール',
    'Alat Fail',
  ],
  Folk: ['Folk', 'Folk', 'Folk', 'Folk', 'Folk', 'フォーク', 'Rakyat'],
  'Folk Rock': [
    'Folk rock',
    'Folk-Rock',
    'Folk rock',
    'Folk rock',
    'Folk rock',
    'フォークロック',
    'Rock Rakyat',
  ],
  Football: ['Soccer', 'Fußball', 'Calcio', 'Futebol', 'Fútbol', 'サッカー', 'Bola Sepak'],
  'Historical Fiction': [
    'Roman historique',
    'Historischer Roman',
    'Romanzo storico',
    'Romance histórico',
    'Novela histórica',
    '歴史小説',
    'Fiksyen Sejarah',
  ],
  History: ['Histoire', 'Geschichte', 'Storia', 'História', 'Historia', '歴史', 'Sejarah'],
  House: ['House', 'House', 'House', 'House', 'House', 'ハウス', 'House'],
  Heist: ['Casse', 'Heist', 'Colpo grosso', 'Assalto', 'Atracos', '強盗', 'Rompakan'],
  'Indie Pop': [
    'Pop indé',
    'Indie-Pop',
    'Indie pop',
    'Pop independente',
    'Pop independiente',
    'インディーポップ',
    'Pop Indie',
  ],
  Jazz: ['Jazz', 'Jazz', 'Jazz', 'Jazz', 'Jazz', 'ジャズ', 'Jaz'],
  League: ['Championnat', 'Liga', 'Campionato', 'Campeonato', 'Liga', 'リーグ戦', 'Liga'],
  'Legal Drama': [
    'Drame judiciaire',
    'Justizdrama',
    'Dramma giudiziario',
    'Drama judicial',
    'Drama judicial',
    '法廷ドラマ',
    'Drama Perundangan',
  ],
  'Literary Fiction': [
    'Littérature',
    'Literarische Belletristik',
    'Narrativa letteraria',
    'Ficção literária',
    'Ficción literaria',
    '純文学',
    'Fiksyen Sastera',
  ],
  Logic: ['Logique', 'Logik', 'Logica', 'Lógica', 'Lógica', 'ロジック', 'Logik'],
  Memoir: ['Mémoires', 'Memoiren', 'Memorie', 'Memórias', 'Memorias', '回想録', 'Memoir'],
  Motorsport: [
    'Sport automobile',
    'Motorsport',
    'Motorsport',
    'Desportos motorizados',
    'Automovilismo',
    'モータースポーツ',
    'Sukan Permotoran',
  ],
  Mystery: ['Mystère', 'Krimi', 'Giallo', 'Mistério', 'Misterio', 'ミステリー', 'Misteri'],
  Nature: ['Nature', 'Natur', 'Natura', 'Natureza', 'Naturaleza', '自然', 'Alam Semula Jadi'],
  'Non-fiction': [
    'Documents',
    'Sachbuch',
    'Saggistica',
    'Não ficção',
    'No ficción',
    'ノンフィクション',
    'Bukan Fiksyen',
  ],
  Notes: ['Notes', 'Notizen', 'Note', 'Notas', 'Notas', 'メモ', 'Nota'],
  Passwords: [
    'Mots de passe',
    'Passwörter',
    'Password',
    'Palavras-passe',
    'Contraseñas',
    'パスワード',
    'Kata Laluan',
  ],
  'Period Drama': [
    'Drame historique',
    'Historiendrama',
    'Dramma in costume',
    'Drama de época',
    'Drama de época',
    '時代劇',
    'Drama Zaman',
  ],
  'Picture Books': [
    'Albums illustrés',
    'Bilderbücher',
    'Albi illustrati',
    'Livros ilustrados',
    'Álbumes ilustrados',
    '絵本',
    'Buku Bergambar',
  ],
  Pop: ['Pop', 'Pop', 'Pop', 'Pop', 'Pop', 'ポップ', 'Pop'],
  'Popular Science': [
    'Vulgarisation scientifique',
    'Populärwissenschaft',
    'Divulgazione scientifica',
    'Divulgação científica',
    'Divulgación científica',
    '科学読み物',
    'Sains Popular',
  ],
  Productivity: [
    'Productivité',
    'Produktivität',
    'Produttività',
    'Produtividade',
    'Productividad',
    '生産性',
    'Produktiviti',
  ],
  'Psychological Thriller': [
    'Thriller psychologique',
    'Psychothriller',
    'Thriller psicologico',
    'Thriller psicológico',
    'Thriller psicológico',
    'サイコスリラー',
    'Thriller Psikologi',
  ],
  Puzzle: ['Casse-tête', 'Rätsel', 'Rompicapo', 'Quebra-cabeças', 'Rompecabezas', 'パズル', 'Teka-teki'],
  Retro: ['Rétro', 'Retro', 'Retrò', 'Retro', 'Retro', 'レトロ', 'Retro'],
  Rock: ['Rock', 'Rock', 'Rock', 'Rock', 'Rock', 'ロック', 'Rock'],
  Romance: ['Romance', 'Liebesroman', 'Rosa', 'Romance', 'Romántica', '恋愛', 'Cinta'],
  'Romantic Comedy': [
    'Comédie romantique',
    'Liebeskomödie',
    'Commedia romantica',
    'Comédia romântica',
    'Comedia romántica',
    'ロマンティック・コメディ',
    'Komedi Romantik',
  ],
  Satire: ['Satire', 'Satire', 'Satira', 'Sátira', 'Sátira', '風刺', 'Satira'],
  Science: ['Sciences', 'Wissenschaft', 'Scienza', 'Ciência', 'Ciencia', '科学', 'Sains'],
  'Science Fiction': [
    'Science-fiction',
    'Science-Fiction',
    'Fantascienza',
    'Ficção científica',
    'Ciencia ficción',
    'SF',
    'Fiksyen Sains',
  ],
  Security: ['Sécurité', 'Sicherheit', 'Sicurezza', 'Segurança', 'Seguridad', 'セキュリティ', 'Keselamatan'],
  'Self-help': [
    'Développement personnel',
    'Ratgeber',
    'Crescita personale',
    'Autoajuda',
    'Autoayuda',
    '自己啓発',
    'Bantu Diri',
  ],
  'Singer-Songwriter': [
    'Auteur-compositeur',
    'Singer-Songwriter',
    'Cantautori',
    'Cantautor',
    'Cantautor',
    'シンガーソングライター',
    'Penyanyi-Penulis Lagu',
  ],
  'Smooth Jazz': [
    'Smooth jazz',
    'Smooth Jazz',
    'Smooth jazz',
    'Smooth jazz',
    'Smooth jazz',
    'スムースジャズ',
    'Jaz Lembut',
  ],
  'Space Opera': [
    'Space opera',
    'Space Opera',
    'Space opera',
    'Ópera espacial',
    'Ópera espacial',
    'スペースオペラ',
    'Opera Angkasa',
  ],
  Strategy: ['Stratégie', 'Strategie', 'Strategia', 'Estratégia', 'Estrategia', 'ストラテジー', 'Strategi'],
  'Synth Pop': ['Synthpop', 'Synthpop', 'Synth pop', 'Synthpop', 'Synth pop', 'シンセポップ', 'Pop Sintetik'],
  Tennis: ['Tennis', 'Tennis', 'Tennis', 'Ténis', 'Tenis', 'テニス', 'Tenis'],
  Thriller: ['Suspense', 'Thriller', 'Thriller', 'Thriller', 'Suspense', 'スリラー', 'Thriller'],
  'Time Travel': [
    'Voyage dans le temps',
    'Zeitreise',
    'Viaggi nel tempo',
    'Viagens no tempo',
    'Viajes en el tiempo',
    'タイムトラベル',
    'Pengembaraan Masa',
  ],
  Timers: ['Minuteurs', 'Timer', 'Timer', 'Temporizadores', 'Temporizadores', 'タイマー', 'Pemasa'],
  'Tower Defense': [
    'Tower defense',
    'Tower-Defense',
    'Tower defense',
    'Defesa de torres',
    'Defensa de torres',
    'タワーディフェンス',
    'Pertahanan Menara',
  ],
  Travel: ['Voyage', 'Reise', 'Viaggi', 'Viagens', 'Viajes', '旅行', 'Pelancongan'],
  Utilities: [
    'Utilitaires',
    'Dienstprogramme',
    'Utilità',
    'Utilitários',
    'Utilidades',
    'ユーティリティ',
    'Utiliti',
  ],
  Word: ['Lettres', 'Wörter', 'Parole', 'Palavras', 'Palabras', '言葉', 'Kata'],
  'Young Adult': [
    'Jeunes adultes',
    'Jugendbuch',
    'Young adult',
    'Jovens adultos',
    'Juvenil',
    'ヤングアダルト',
    'Dewasa Muda',
  ],
};

const GENRE_COLUMN: Record<TranslatedLocale, number> = {
  'fr-ca': 0,
  'de-de': 1,
  'it-it': 2,
  'pt-pt': 3,
  'es-es': 4,
  'ja-jp': 5,
  'my-ms': 6,
};

/** A genre's name in `locale`; the English name when the genre is not in the table. */
export function translateGenre(locale: TranslatedLocale, english: string): string {
  return GENRE_NAMES[english]?.[GENRE_COLUMN[locale]] ?? english;
}

// ---- Grammar helpers ----

const at = <T>(list: readonly T[], index: number): T => {
  const value = list[index];
  if (value === undefined) throw new Error(`no word at ${String(index)}`);
  return value;
};
const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const startsWithVowel = (word: string) => /^[aeiouyàâäéèêëîïôöûüœæh]/i.test(word);

interface Adjective {
  forms: [string, string, string, string];
  before: boolean;
}
function romanceAdjective(entry: string): Adjective {
  const before = entry.startsWith('^');
  const parts = (before ? entry.slice(1) : entry).split('|');
  const m = parts[0] ?? '';
  return { forms: [m, parts[1] ?? m, parts[2] ?? m, parts[3] ?? parts[2] ?? m], before };
}
const formOf = (adjective: Adjective, gender: Gender, plural: boolean) =>
  adjective.forms[(gender === 'f' ? 1 : 0) + (plural ? 2 : 0)] ?? '';

/** Noun phrase without article: adjective placed before or after the noun. */
function romancePhrase(adjective: Adjective, noun: Noun, plural: boolean) {
  const word = plural ? noun[2] : noun[0];
  const adj = formOf(adjective, noun[1], plural);
  return adjective.before ? `${adj} ${word}` : `${word} ${adj}`;
}

/** Joins an article and the next word, with elision ("l'") where the article ends in an apostrophe. */
const join = (article: string, word: string) =>
  article.endsWith("'") ? `${article}${word}` : `${article} ${word}`;

// French articles and contractions.
const fr = {
  def: (g: Gender, next: string, plural = false) =>
    plural ? 'les' : startsWithVowel(next) ? "l'" : g === 'f' ? 'la' : 'le',
  indef: (g: Gender) => (g === 'f' ? 'une' : 'un'),
  de: (g: Gender, next: string) => (startsWithVowel(next) ? "de l'" : g === 'f' ? 'de la' : 'du'),
  a: (g: Gender, next: string) => (startsWithVowel(next) ? "à l'" : g === 'f' ? 'à la' : 'au'),
  deName: (place: string) => (startsWithVowel(place) ? `d'${place}` : `de ${place}`),
  agree: (g: Gender, masculine: string, feminine: string) => (g === 'f' ? feminine : masculine),
};

// Italian: the article depends on the next word's first sounds.
const itSpecial = (next: string) => /^(s[^aeiou]|z|gn|ps|x|y)/i.test(next);
const itVowel = (next: string) => /^[aeiouàèéìòù]/i.test(next);
function itDef(g: Gender, next: string, plural = false) {
  if (g === 'f') return plural ? 'le' : itVowel(next) ? "l'" : 'la';
  if (plural) return itVowel(next) || itSpecial(next) ? 'gli' : 'i';
  return itVowel(next) ? "l'" : itSpecial(next) ? 'lo' : 'il';
}
function itIndef(g: Gender, next: string) {
  if (g === 'f') return itVowel(next) ? "un'" : 'una';
  return itSpecial(next) ? 'uno' : 'un';
}
/** di/a/da + definite article: del, dello, dell', della, dei, degli, delle (al..., dal...). */
function itPrep(prep: 'di' | 'a' | 'da', g: Gender, next: string, plural = false) {
  const article = itDef(g, next, plural);
  const stem = prep === 'di' ? 'de' : prep;
  const joined: Record<string, string> = {
    il: `${stem}l`,
    lo: `${stem}llo`,
    "l'": `${stem}ll'`,
    la: `${stem}lla`,
    i: `${stem}i`,
    gli: `${stem}gli`,
    le: `${stem}lle`,
  };
  return joined[article] ?? `${prep} ${article}`;
}

// Spanish: feminine nouns with a stressed initial a take "el"/"un" in the singular.
const esStressedA = (word: string) => word === 'ancla';
const es = {
  def: (g: Gender, word: string, plural = false) =>
    plural ? (g === 'f' ? 'las' : 'los') : g === 'f' && !esStressedA(word) ? 'la' : 'el',
  indef: (g: Gender, word: string) => (g === 'f' && !esStressedA(word) ? 'una' : 'un'),
  de: (g: Gender, word: string) => (g === 'f' && !esStressedA(word) ? 'de la' : 'del'),
  a: (g: Gender, word: string) => (g === 'f' && !esStressedA(word) ? 'a la' : 'al'),
  agree: (g: Gender, masculine: string, feminine: string) => (g === 'f' ? feminine : masculine),
};

const pt = {
  def: (g: Gender, plural = false) => (g === 'f' ? 'a' : 'o') + (plural ? 's' : ''),
  indef: (g: Gender) => (g === 'f' ? 'uma' : 'um'),
  de: (g: Gender) => (g === 'f' ? 'da' : 'do'),
  a: (g: Gender) => (g === 'f' ? 'à' : 'ao'),
  agree: (g: Gender, masculine: string, feminine: string) => (g === 'f' ? feminine : masculine),
};

// German: nominative, accusative, dative and genitive articles; weak, mixed and strong adjective endings.
const de = {
  nom: (g: Gender) => ({ m: 'der', f: 'die', n: 'das' })[g],
  acc: (g: Gender) => ({ m: 'den', f: 'die', n: 'das' })[g],
  gen: (g: Gender) => ({ m: 'des', f: 'der', n: 'des' })[g],
  indefNom: (g: Gender) => ({ m: 'ein', f: 'eine', n: 'ein' })[g],
  indefAcc: (g: Gender) => ({ m: 'einen', f: 'eine', n: 'ein' })[g],
  /** zum / zur, vom / von der */
  zu: (g: Gender) => (g === 'f' ? 'zur' : 'zum'),
  von: (g: Gender) => (g === 'f' ? 'von der' : 'vom'),
  /** After ein/eine/ein in the nominative: -er, -e, -es. */
  mixed: (stem: string, g: Gender) => stem + ({ m: 'er', f: 'e', n: 'es' } as const)[g],
  oblique: (noun: Noun) => noun[3] ?? noun[0],
  genitive: (noun: Noun) => {
    if (noun[1] === 'f') return noun[0];
    if (noun[3]) return noun[3];
    return /(s|ß|z|x)$/.test(noun[0]) ? `${noun[0]}es` : `${noun[0]}s`;
  },
};

type RomanceLocale = 'fr-ca' | 'it-it' | 'es-es' | 'pt-pt';

/**
 * What the Romance languages' titles and descriptions need of each language: its words, its articles
 * (each joined to what follows, with elision and contractions) and the fixed words of the title kinds.
 * One template per title kind serves all four languages.
 */
interface RomanceGrammar {
  words: RomanceWords;
  /** The definite article and the phrase: "l'ancre", "lo specchio", "las anclas". */
  the: (g: Gender, phrase: string, plural?: boolean) => string;
  /** The indefinite article and the phrase: "une rivière", "un'ancora". */
  a: (g: Gender, phrase: string) => string;
  /** "Of the" noun: "du port", "del porto", "da ponte". */
  of: (g: Gender, noun: string) => string;
  /** "From the" noun (Italian "dal", elsewhere as `of`). */
  from: (g: Gender, noun: string) => string;
  /** "To the" noun: "au port", "al puerto", "à estação". */
  to: (g: Gender, noun: string) => string;
  /** "Of" a place: "d'Oaxaca", "di Lisbona". */
  ofPlace: (place: string) => string;
  agree: (g: Gender, masculine: string, feminine: string) => string;
  fixed: { returnTo: string; lettersFrom: string; keeper: string; in: string };
}

const firstWord = (phrase: string) => phrase.split(' ')[0] ?? phrase;
const agreeGender = (g: Gender, masculine: string, feminine: string) => (g === 'f' ? feminine : masculine);

const ROMANCE: Record<RomanceLocale, RomanceGrammar> = {
  'fr-ca': {
    words: FR,
    the: (g, phrase, plural = false) => join(fr.def(g, phrase, plural), phrase),
    a: (g, phrase) => `${fr.indef(g)} ${phrase}`,
    of: (g, noun) => join(fr.de(g, noun), noun),
    from: (g, noun) => join(fr.de(g, noun), noun),
    to: (g, noun) => join(fr.a(g, noun), noun),
    ofPlace: fr.deName,
    agree: agreeGender,
    fixed: { returnTo: 'Retour', lettersFrom: 'Lettres', keeper: 'Le gardien', in: 'à' },
  },
  'it-it': {
    words: IT,
    the: (g, phrase, plural = false) => join(itDef(g, phrase, plural), phrase),
    a: (g, phrase) => join(itIndef(g, phrase), phrase),
    of: (g, noun) => join(itPrep('di', g, noun), noun),
    from: (g, noun) => join(itPrep('da', g, noun), noun),
    to: (g, noun) => join(itPrep('a', g, noun), noun),
    ofPlace: (place) => `di ${place}`,
    agree: agreeGender,
    fixed: { returnTo: 'Ritorno', lettersFrom: 'Lettere', keeper: 'Il custode', in: 'a' },
  },
  'es-es': {
    words: ES,
    // The stressed-a rule looks at the word right after the article.
    the: (g, phrase, plural = false) => `${es.def(g, firstWord(phrase), plural)} ${phrase}`,
    a: (g, phrase) => `${es.indef(g, firstWord(phrase))} ${phrase}`,
    of: (g, noun) => `${es.de(g, noun)} ${noun}`,
    from: (g, noun) => `${es.de(g, noun)} ${noun}`,
    to: (g, noun) => `${es.a(g, noun)} ${noun}`,
    ofPlace: (place) => `de ${place}`,
    agree: agreeGender,
    fixed: { returnTo: 'Regreso', lettersFrom: 'Cartas', keeper: 'El guardián', in: 'en' },
  },
  'pt-pt': {
    words: PT,
    the: (g, phrase, plural = false) => `${pt.def(g, plural)} ${phrase}`,
    a: (g, phrase) => `${pt.indef(g)} ${phrase}`,
    of: (g, noun) => `${pt.de(g)} ${noun}`,
    from: (g, noun) => `${pt.de(g)} ${noun}`,
    to: (g, noun) => `${pt.a(g)} ${noun}`,
    ofPlace: (place) => `de ${place}`,
    agree: agreeGender,
    fixed: { returnTo: 'Regresso', lettersFrom: 'Cartas', keeper: 'O guardião', in: 'em' },
  },
};

const isRomance = (locale: TranslatedLocale): locale is RomanceLocale => locale in ROMANCE;

// ---- Titles ----

/** The title in `locale`, or null when such titles keep their original name (music, game, ...). */
export function translateTitle(locale: TranslatedLocale, parts: TitleParts): string {
  const { kind } = parts;
  switch (locale) {
    case 'fr-ca':
    case 'it-it':
    case 'es-es':
    case 'pt-pt':
      return capitalize(romanceTitle(ROMANCE[locale], kind, parts));
    case 'de-de': {
      const noun = at(DE_NOUNS, parts.noun);
      const stem = at(DE_ADJECTIVES, parts.adjective);
      const g = noun[1];
      const place = at(DE_PLACES, parts.place);
      const text = {
        theAN: `${de.nom(g)} ${stem}e ${noun[0]}`,
        NofP: `${de.nom(g)} ${noun[0]} von ${place}`,
        ANs: `${stem}e ${noun[2]}`,
        returnTo: `Rückkehr ${de.zu(g)} ${de.oblique(noun)}`,
        aAN: `${de.indefNom(g)} ${de.mixed(stem, g)} ${noun[0]}`,
        lettersFrom: `Briefe ${de.von(g)} ${de.oblique(noun)}`,
        keeper: `Der Hüter ${de.gen(g)} ${de.genitive(noun)}`,
        NinP: `${de.indefNom(g)} ${noun[0]} in ${place}`,
      }[kind];
      return capitalize(text);
    }
    case 'ja-jp': {
      const noun = at(JA_NOUNS, parts.noun);
      const adjective = at(JA_ADJECTIVES, parts.adjective);
      const place = at(JA_PLACES, parts.place);
      return {
        theAN: `${adjective}${noun}`,
        NofP: `${place}の${noun}`,
        ANs: `${adjective}${noun}たち`,
        returnTo: `${noun}への帰還`,
        aAN: `ある${adjective}${noun}`,
        lettersFrom: `${noun}からの手紙`,
        keeper: `${noun}の番人`,
        NinP: `${place}の${noun}`,
      }[kind];
    }
    case 'my-ms': {
      const noun = at(MS_NOUNS, parts.noun);
      const adjective = at(MS_ADJECTIVES, parts.adjective);
      const place = at(PLACES, parts.place);
      // Plural by doubling the head word: Rumah-Rumah Api.
      const [head = noun, ...rest] = noun.split(' ');
      const plural = [`${head}-${head}`, ...rest].join(' ');
      return {
        theAN: `${noun} ${adjective}`,
        NofP: `${noun} ${place}`,
        ANs: `${plural} ${adjective}`,
        returnTo: `Kembali ke ${noun}`,
        aAN: `Sebuah ${noun} ${adjective}`,
        lettersFrom: `Surat dari ${noun}`,
        keeper: `Penjaga ${noun}`,
        NinP: `${noun} di ${place}`,
      }[kind];
    }
  }
}

/** A title of a Romance language: one template per kind, the language's articles filled in. */
function romanceTitle(grammar: RomanceGrammar, kind: TitleKind, parts: TitleParts): string {
  const noun = at(grammar.words.nouns, parts.noun);
  const adjective = romanceAdjective(at(grammar.words.adjectives, parts.adjective));
  const place = at(grammar.words.places, parts.place);
  const [n, g] = noun;
  const { the, a, of, from, to, ofPlace, fixed } = grammar;
  switch (kind) {
    case 'theAN':
      return the(g, romancePhrase(adjective, noun, false));
    case 'NofP':
      return `${the(g, n)} ${ofPlace(place)}`;
    case 'ANs':
      return the(g, romancePhrase(adjective, noun, true), true);
    case 'returnTo':
      return `${fixed.returnTo} ${to(g, n)}`;
    case 'aAN':
      return a(g, romancePhrase(adjective, noun, false));
    case 'lettersFrom':
      return `${fixed.lettersFrom} ${from(g, n)}`;
    case 'keeper':
      return `${fixed.keeper} ${of(g, n)}`;
    case 'NinP':
      return `${a(g, n)} ${fixed.in} ${place}`;
  }
}

// ---- Descriptions ----

/** What a Romance description is written with: the title, the genre (lower case), the place and the noun. */
interface RomanceWordsOfDescription {
  title: string;
  genre: string;
  place: string;
  /** The noun with its indefinite article, definite article, and "of the". */
  a: string;
  the: string;
  of: string;
  agree: (masculine: string, feminine: string) => string;
}

/** Each Romance language's description of each media type. */
const ROMANCE_DESCRIPTIONS: Record<
  RomanceLocale,
  Record<MediaType, (w: RomanceWordsOfDescription) => string>
> = {
  'fr-ca': {
    movie: (w) =>
      `${w.title} (${w.genre}) : à ${w.place}, ${w.a} ${w.agree('oublié', 'oubliée')} bouleverse la vie d'une famille qui croyait avoir tout vu.`,
    music: (w) =>
      `${w.title} réunit des morceaux (${w.genre}) enregistrés entre ${w.place} et la route, construits autour du motif ${w.of}.`,
    ebook: (w) =>
      `Dans ${w.title} (${w.genre}), qui commence à ${w.place}, ${w.a} ${w.agree('disparu', 'disparue')} soulève des questions que personne ne voulait poser.`,
    audiobook: (w) =>
      `${w.title}, lu à voix haute : ${w.genre} à écouter autour ${w.of}, un voyage jusqu'à ${w.place} et les rencontres du chemin.`,
    game: (w) =>
      `${w.title} est un jeu (${w.genre}) : guidez ${w.the} à travers des niveaux toujours plus rapides et battez votre record.`,
    software: (w) =>
      `${w.title} est un petit outil (${w.genre}) pour le travail de tous les jours : rapide, hors ligne et sans superflu.`,
    stream: (w) => `En direct de ${w.place} (${w.genre}) : ${w.title}, avec commentaires et reprises.`,
  },
  'it-it': {
    movie: (w) =>
      `${w.title} (${w.genre}): a ${w.place}, ${w.a} ${w.agree('dimenticato', 'dimenticata')} cambia tutto per una famiglia convinta di aver già visto tutto.`,
    music: (w) =>
      `${w.title} raccoglie brani (${w.genre}) registrati tra ${w.place} e la strada, costruiti attorno al motivo ${w.of}.`,
    ebook: (w) =>
      `In ${w.title} (${w.genre}), che comincia a ${w.place}, ${w.a} ${w.agree('scomparso', 'scomparsa')} solleva domande che nessuno voleva porre.`,
    audiobook: (w) =>
      `${w.title}, letto ad alta voce: ${w.genre} da ascoltare su ${w.a}, un viaggio fino a ${w.place} e le persone incontrate lungo la strada.`,
    game: (w) =>
      `${w.title} è un gioco (${w.genre}): guida ${w.the} attraverso livelli sempre più veloci e batti il tuo record.`,
    software: (w) =>
      `${w.title} è un piccolo strumento (${w.genre}) per il lavoro di ogni giorno: veloce, offline e senza fronzoli.`,
    stream: (w) => `In diretta da ${w.place} (${w.genre}): ${w.title}, con commento e replay.`,
  },
  'es-es': {
    movie: (w) =>
      `${w.title} (${w.genre}): en ${w.place}, ${w.a} ${w.agree('olvidado', 'olvidada')} lo cambia todo para una familia que creía haberlo visto todo.`,
    music: (w) =>
      `${w.title} reúne piezas (${w.genre}) grabadas entre ${w.place} y la carretera, construidas en torno al motivo ${w.of}.`,
    ebook: (w) =>
      `En ${w.title} (${w.genre}), que empieza en ${w.place}, ${w.a} ${w.agree('desaparecido', 'desaparecida')} plantea preguntas que nadie quería hacer.`,
    audiobook: (w) =>
      `${w.title}, en voz alta: ${w.genre} para escuchar sobre ${w.a}, un viaje a ${w.place} y la gente que se encuentra por el camino.`,
    game: (w) =>
      `${w.title} es un juego (${w.genre}): guía ${w.the} a través de niveles cada vez más rápidos y supera tu récord.`,
    software: (w) =>
      `${w.title} es una pequeña herramienta (${w.genre}) para el trabajo diario: rápida, sin conexión y sin distracciones.`,
    stream: (w) => `En directo desde ${w.place} (${w.genre}): ${w.title}, con comentarios y repeticiones.`,
  },
  'pt-pt': {
    movie: (w) =>
      `${w.title} (${w.genre}): em ${w.place}, ${w.a} ${w.agree('esquecido', 'esquecida')} muda tudo para uma família que julgava já ter visto tudo.`,
    music: (w) =>
      `${w.title} reúne peças (${w.genre}) gravadas entre ${w.place} e a estrada, construídas em torno do motivo ${w.of}.`,
    ebook: (w) =>
      `Em ${w.title} (${w.genre}), que começa em ${w.place}, ${w.a} ${w.agree('desaparecido', 'desaparecida')} levanta perguntas que ninguém queria fazer.`,
    audiobook: (w) =>
      `${w.title}, lido em voz alta: ${w.genre} para ouvir sobre ${w.a}, uma viagem até ${w.place} e as pessoas encontradas pelo caminho.`,
    game: (w) =>
      `${w.title} é um jogo (${w.genre}): guia ${w.the} por níveis cada vez mais rápidos e bate o teu recorde.`,
    software: (w) =>
      `${w.title} é uma pequena ferramenta (${w.genre}) para o dia a dia: rápida, offline e sem complicações.`,
    stream: (w) => `Em direto de ${w.place} (${w.genre}): ${w.title}, com comentários e repetições.`,
  },
};

/** What each demo game and tool is, per language: {title} and the genre in lower case. */
const OWN_DESCRIPTIONS: Record<
  TranslatedLocale,
  Record<OwnFile, (title: string, genre: string) => string>
> = {
  'fr-ca': {
    'brick-breaker': (t, g) =>
      `${t} est un jeu (${g})\u00a0: faites rebondir la balle sur votre raquette, détruisez chaque mur de briques et battez votre record.`,
    'garden-snake': (t, g) =>
      `${t} est un jeu (${g})\u00a0: guidez le serpent dans le jardin, mangez pour grandir et ne mordez jamais votre propre queue.`,
    'memory-pairs': (t, g) =>
      `${t} est un jeu (${g})\u00a0: retournez les cartes deux par deux et trouvez toutes les paires en un minimum de coups.`,
    pomodoro: (t) =>
      `${t} est un minuteur de concentration pour le terminal, avec périodes de travail, pauses, barre de progression et sonnerie. Léger et hors ligne, il fonctionne partout où Node.js 18 ou plus récent est installé.`,
    sumcheck: (t) =>
      `${t} calcule et vérifie des sommes de contrôle SHA-256, SHA-512, SHA-1 et MD5 au format sha256sum. Léger et hors ligne, il fonctionne partout où Node.js 18 ou plus récent est installé.`,
    unitconv: (t) =>
      `${t} convertit en ligne de commande longueurs, masses, volumes, vitesses, données et températures. Léger et hors ligne, il fonctionne partout où Node.js 18 ou plus récent est installé.`,
  },
  'de-de': {
    'brick-breaker': (t, g) =>
      `${t} ist ein Spiel (${g}): Lass den Ball vom Schläger abprallen, räume jede Steinmauer ab und schlage deinen Rekord.`,
    'garden-snake': (t, g) =>
      `${t} ist ein Spiel (${g}): Steuere die Schlange durch den Garten, friss, um zu wachsen, und beiß dir nie in den eigenen Schwanz.`,
    'memory-pairs': (t, g) =>
      `${t} ist ein Spiel (${g}): Decke immer zwei Karten auf und finde alle Paare mit so wenigen Zügen wie möglich.`,
    pomodoro: (t) =>
      `${t} ist ein Fokus-Timer für das Terminal mit Arbeitsphasen, Pausen, Fortschrittsbalken und Klingel. Klein und offline, läuft überall, wo Node.js 18 oder neuer läuft.`,
    sumcheck: (t) =>
      `${t} berechnet und prüft SHA-256-, SHA-512-, SHA-1- und MD5-Prüfsummen im sha256sum-Format. Klein und offline, läuft überall, wo Node.js 18 oder neuer läuft.`,
    unitconv: (t) =>
      `${t} rechnet auf der Kommandozeile Längen, Massen, Volumen, Geschwindigkeiten, Datenmengen und Temperaturen um. Klein und offline, läuft überall, wo Node.js 18 oder neuer läuft.`,
  },
  'it-it': {
    'brick-breaker': (t, g) =>
      `${t} è un gioco (${g}): fai rimbalzare la pallina sulla racchetta, abbatti ogni muro di mattoncini e batti il tuo record.`,
    'garden-snake': (t, g) =>
      `${t} è un gioco (${g}): guida il serpente nel giardino, mangia per crescere e non morderti mai la coda.`,
    'memory-pairs': (t, g) =>
      `${t} è un gioco (${g}): gira le carte due alla volta e trova tutte le coppie con il minor numero di mosse.`,
    pomodoro: (t) =>
      `${t} è un timer di concentrazione per il terminale, con periodi di lavoro, pause, barra di avanzamento e campanello. Leggero e offline, funziona ovunque ci sia Node.js 18 o successivo.`,
    sumcheck: (t) =>
      `${t} calcola e verifica checksum SHA-256, SHA-512, SHA-1 e MD5 nel formato di sha256sum. Leggero e offline, funziona ovunque ci sia Node.js 18 o successivo.`,
    unitconv: (t) =>
      `${t} converte da riga di comando lunghezze, masse, volumi, velocità, dati e temperature. Leggero e offline, funziona ovunque ci sia Node.js 18 o successivo.`,
  },
  'es-es': {
    'brick-breaker': (t, g) =>
      `${t} es un juego (${g}): haz rebotar la pelota en tu pala, derriba cada muro de ladrillos y supera tu récord.`,
    'garden-snake': (t, g) =>
      `${t} es un juego (${g}): guía a la serpiente por el jardín, come para crecer y no te muerdas nunca la cola.`,
    'memory-pairs': (t, g) =>
      `${t} es un juego (${g}): da la vuelta a las cartas de dos en dos y encuentra todas las parejas en el menor número de jugadas.`,
    pomodoro: (t) =>
      `${t} es un temporizador de concentración para el terminal, con periodos de trabajo, descansos, barra de progreso y campana. Ligero y sin conexión, funciona donde funcione Node.js 18 o posterior.`,
    sumcheck: (t) =>
      `${t} calcula y verifica sumas de comprobación SHA-256, SHA-512, SHA-1 y MD5 en el formato de sha256sum. Ligero y sin conexión, funciona donde funcione Node.js 18 o posterior.`,
    unitconv: (t) =>
      `${t} convierte desde la línea de comandos longitudes, masas, volúmenes, velocidades, datos y temperaturas. Ligero y sin conexión, funciona donde funcione Node.js 18 o posterior.`,
  },
  'pt-pt': {
    'brick-breaker': (t, g) =>
      `${t} é um jogo (${g}): faz a bola ressaltar na raquete, derruba cada muro de tijolos e bate o teu recorde.`,
    'garden-snake': (t, g) =>
      `${t} é um jogo (${g}): guia a cobra pelo jardim, come para crescer e nunca mordas a própria cauda.`,
    'memory-pairs': (t, g) =>
      `${t} é um jogo (${g}): vira as cartas duas a duas e encontra todos os pares no menor número de jogadas.`,
    pomodoro: (t) =>
      `${t} é um temporizador de concentração para o terminal, com períodos de trabalho, pausas, barra de progresso e campainha. Leve e offline, funciona onde quer que corra o Node.js 18 ou posterior.`,
    sumcheck: (t) =>
      `${t} calcula e verifica somas de verificação SHA-256, SHA-512, SHA-1 e MD5 no formato do sha256sum. Leve e offline, funciona onde quer que corra o Node.js 18 ou posterior.`,
    unitconv: (t) =>
      `${t} converte na linha de comandos comprimentos, massas, volumes, velocidades, dados e temperaturas. Leve e offline, funciona onde quer que corra o Node.js 18 ou posterior.`,
  },
  'ja-jp': {
    'brick-breaker': (t, g) =>
      `『${t}』は${g}ゲーム。パドルでボールを打ち返し、ブロックの壁をすべて崩して、自己ベストを更新しよう。`,
    'garden-snake': (t, g) =>
      `『${t}』は${g}ゲーム。ヘビを庭で操り、えさを食べて長くなろう。自分のしっぽをかまないように。`,
    'memory-pairs': (t, g) =>
      `『${t}』は${g}ゲーム。カードを2枚ずつめくり、できるだけ少ない手数ですべてのペアを見つけよう。`,
    pomodoro: (t) =>
      `『${t}』はターミナル用の集中タイマー。作業時間、休憩、進行バー、ベル付き。軽量でオフライン、Node.js 18以降が動く環境ならどこでも使えます。`,
    sumcheck: (t) =>
      `『${t}』はSHA-256、SHA-512、SHA-1、MD5のチェックサムをsha256sum形式で表示・検証するツール。軽量でオフライン、Node.js 18以降が動く環境ならどこでも使えます。`,
    unitconv: (t) =>
      `『${t}』は長さ、質量、体積、速度、データ量、温度をコマンドラインで換算するツール。軽量でオフライン、Node.js 18以降が動く環境ならどこでも使えます。`,
  },
  'my-ms': {
    'brick-breaker': (t, g) =>
      `${t} ialah permainan ${g}: lantunkan bola pada pemukul anda, robohkan setiap dinding bata dan pecahkan rekod terbaik anda.`,
    'garden-snake': (t, g) =>
      `${t} ialah permainan ${g}: pandu ular di sekeliling taman, makan untuk memanjang dan jangan sekali-kali menggigit ekor sendiri.`,
    'memory-pairs': (t, g) =>
      `${t} ialah permainan ${g}: terbalikkan kad dua demi dua dan cari setiap pasangan dengan langkah yang paling sedikit.`,
    pomodoro: (t) =>
      `${t} ialah pemasa fokus untuk terminal, dengan tempoh kerja, rehat, bar kemajuan dan loceng. Kecil dan luar talian, ia berjalan di mana-mana sahaja Node.js 18 atau lebih baharu berjalan.`,
    sumcheck: (t) =>
      `${t} mencetak dan mengesahkan hasil tambah semak SHA-256, SHA-512, SHA-1 dan MD5 dalam format sha256sum. Kecil dan luar talian, ia berjalan di mana-mana sahaja Node.js 18 atau lebih baharu berjalan.`,
    unitconv: (t) =>
      `${t} menukar panjang, jisim, isi padu, kelajuan, data dan suhu dari baris arahan. Kecil dan luar talian, ia berjalan di mana-mana sahaja Node.js 18 atau lebih baharu berjalan.`,
  },
};

/** The description in `locale`, built from the same picks as the English one. */
export function translateDescription(
  locale: TranslatedLocale,
  type: MediaType,
  title: string,
  parts: DescriptionParts,
): string {
  const genre = translateGenre(locale, parts.genre);
  const lower = genre.toLocaleLowerCase(locale);
  // A game or a tool says what it is: the game it launches, the tool it downloads.
  if (parts.own && (type === 'game' || type === 'software'))
    return OWN_DESCRIPTIONS[locale][parts.own](title, lower);
  if (isRomance(locale)) {
    const grammar = ROMANCE[locale];
    const [n, g] = at(grammar.words.nouns, parts.noun);
    return ROMANCE_DESCRIPTIONS[locale][type]({
      title,
      genre: lower,
      place: at(grammar.words.places, parts.place),
      a: grammar.a(g, n),
      the: grammar.the(g, n),
      of: grammar.of(g, n),
      agree: (masculine, feminine) => grammar.agree(g, masculine, feminine),
    });
  }
  switch (locale) {
    case 'de-de': {
      const noun = at(DE_NOUNS, parts.noun);
      const g = noun[1];
      const place = at(DE_PLACES, parts.place);
      return {
        movie: `${title} (${genre}): In ${place} verändert ${de.indefNom(g)} ${de.mixed('vergessen', g)} ${noun[0]} alles für eine Familie, die glaubte, schon alles gesehen zu haben.`,
        music: `${title} versammelt Stücke (${genre}), aufgenommen zwischen ${place} und der Straße, rund um das Motiv ${de.gen(g)} ${de.genitive(noun)}.`,
        ebook: `In ${title} (${genre}), das in ${place} beginnt, wirft ${de.indefNom(g)} ${de.mixed('verschwunden', g)} ${noun[0]} Fragen auf, die niemand stellen wollte.`,
        audiobook: `${title}, vorgelesen: ${genre} zum Zuhören über ${de.indefAcc(g)} ${de.oblique(noun)}, eine Reise nach ${place} und die Menschen unterwegs.`,
        game: `${title} ist ein Spiel (${genre}): Führe ${de.acc(g)} ${de.oblique(noun)} durch immer schnellere Level und schlage deinen Rekord.`,
        software: `${title} ist ein kleines Werkzeug (${genre}) für den Alltag: schnell, offline und ohne Ballast.`,
        stream: `Live aus ${place} (${genre}): ${title}, mit Kommentar und Wiederholungen.`,
      }[type];
    }
    case 'ja-jp': {
      const n = at(JA_NOUNS, parts.noun);
      const place = at(JA_PLACES, parts.place);
      return {
        movie: `『${title}』（${genre}）：${place}を舞台に、忘れられた${n}が、すべてを見てきたと思っていた家族の運命を変える。`,
        music: `『${title}』は、${place}と旅の途中で録音された${genre}の曲を集め、${n}のモチーフを軸に構成した作品。`,
        ebook: `『${title}』（${genre}）は${place}で始まる物語。消えた${n}が、誰も問いたくなかった疑問を呼び起こす。`,
        audiobook: `朗読版『${title}』：${n}をめぐる${genre}。${place}への旅と、道中で出会う人々の物語。`,
        game: `『${title}』は${genre}ゲーム。${n}を導いて、どんどん速くなるステージを進み、自己ベストを更新しよう。`,
        software: `『${title}』は日々の作業のための小さな${genre}ツール。高速、オフライン対応、無駄のない設計。`,
        stream: `${place}から${genre}を生中継：${title}。実況とリプレイ付き。`,
      }[type];
    }
    case 'my-ms': {
      const n = at(MS_NOUNS, parts.noun).toLocaleLowerCase('ms');
      const place = at(PLACES, parts.place);
      return {
        movie: `${title} (${lower}): di ${place}, sebuah ${n} yang dilupakan mengubah segalanya bagi sebuah keluarga yang menyangka telah melihat semuanya.`,
        music: `${title} menghimpunkan karya ${lower} yang dirakam antara ${place} dan perjalanan, berteraskan motif ${n}.`,
        ebook: `Dalam ${title} (${lower}), yang bermula di ${place}, sebuah ${n} yang hilang menimbulkan persoalan yang tidak mahu ditanya sesiapa.`,
        audiobook: `${title}, dibacakan: ${lower} untuk didengar tentang sebuah ${n}, perjalanan ke ${place} dan orang yang ditemui sepanjang jalan.`,
        game: `${title} ialah permainan ${lower}: pandu ${n} melalui tahap yang semakin laju dan pecahkan rekod terbaik anda.`,
        software: `${title} ialah alat ${lower} kecil untuk kerja harian: pantas, luar talian dan bebas serabut.`,
        stream: `Siaran langsung ${lower} dari ${place}: ${title}, dengan ulasan dan ulang tayang.`,
      }[type];
    }
  }
}

/** Episode titles and descriptions per language; {series} is the series' translated title, {n} the number. */
const EPISODES: Record<TranslatedLocale, { title: string; description: string }> = {
  'fr-ca': { title: '{series} : épisode {n}', description: 'Épisode {n} de {series}.' },
  'de-de': { title: '{series}: Folge {n}', description: 'Folge {n} von {series}.' },
  'it-it': { title: '{series}: episodio {n}', description: 'Episodio {n} di {series}.' },
  'pt-pt': { title: '{series}: episódio {n}', description: 'Episódio {n} de {series}.' },
  'es-es': { title: '{series}: episodio {n}', description: 'Episodio {n} de {series}.' },
  'ja-jp': { title: '{series} 第{n}話', description: '『{series}』第{n}話。' },
  'my-ms': { title: '{series}: Episod {n}', description: 'Episod {n} bagi {series}.' },
};

/** An episode's title and description in `locale`, from its series' translated title. */
export function translateEpisode(
  locale: TranslatedLocale,
  series: string,
  episode: number,
): { title: string; description: string } {
  // One pass, so braces in a series title are never read as placeholders.
  const fill = (template: string) =>
    template.replace(/\{(series|n)\}/g, (_match, name: string) => (name === 'n' ? String(episode) : series));
  const { title, description } = EPISODES[locale];
  return { title: fill(title), description: fill(description) };
}

export const isTranslatedLocale = (locale: string): locale is TranslatedLocale =>
  (TRANSLATED_LOCALES as readonly string[]).includes(locale);
