// The demo shop's catalogue: pure data, read by seed.ts (rows) and images.ts (pictures).
// Prices in whole FCFA; a variant is [name, price, stock (omitted = unlimited), active (omitted = true)].

/** The silhouette drawn for a picture. */
export type PictureKind =
  | 'perfume'
  | 'attar'
  | 'dropper'
  | 'rollon'
  | 'bottle'
  | 'spray'
  | 'pump'
  | 'jar'
  | 'tube'
  | 'soap'
  | 'bowl'
  | 'box';

export type VariantData = readonly [name: string, price: number, stock?: number | null, active?: boolean];

export type ProductData = {
  name: string;
  /** Short name printed on the picture's label. */
  label: string;
  /** SKU prefix; each variant's SKU adds a suffix made from its name. */
  sku: string;
  description: string;
  basePrice: number;
  /** How many days ago the product was added (drives "Nouveautés"). */
  daysAgo: number;
  variants: readonly VariantData[];
  /** Defaults to the category's kind. */
  kind?: PictureKind;
  isActive?: boolean;
  /** A second picture (another angle) for the gallery. */
  twoImages?: boolean;
};

export type CategoryData = {
  name: string;
  description: string;
  kind: PictureKind;
  /** Backdrop hue of the category's pictures (0–360). */
  hue: number;
  isActive?: boolean;
  products: readonly ProductData[];
  children?: readonly CategoryData[];
};

export type BannerData = {
  title: string;
  subtitle: string;
  linkUrl: string;
  kind: PictureKind;
  hue: number;
  isActive?: boolean;
};

export const catalog: readonly CategoryData[] = [
  {
    name: 'Parfums',
    description:
      'Des fragrances orientales et florales composées au Maroc, du oud précieux au musc le plus doux.',
    kind: 'perfume',
    hue: 36,
    products: [
      {
        name: "Parfum solide au musc et à l'ambre",
        label: 'Musc & Ambre solide',
        sku: 'PAR-SOL',
        kind: 'jar',
        description:
          "Un baume parfumé à base de cire d'abeille et d'huile d'argan, à glisser dans le sac. Il se dépose au creux du poignet et dans le cou pour un sillage chaud et discret.",
        basePrice: 4500,
        daysAgo: 12,
        variants: [
          ['15 g', 4500],
          ['30 g', 7500, 4],
        ],
      },
    ],
    children: [
      {
        name: "Parfums d'Orient",
        description:
          'Oud, encens et rose de Damas : des compositions intenses inspirées des souks de Marrakech et de Fès.',
        kind: 'perfume',
        hue: 28,
        products: [
          {
            name: 'Oud Royal de Marrakech',
            label: 'Oud Royal',
            sku: 'PAR-OUD',
            description:
              'Un oud boisé et fumé, adouci par une touche de safran et de rose. Sa tenue exceptionnelle en fait le parfum des grandes occasions. Concentration eau de parfum, flacon en verre taillé.',
            basePrice: 12000,
            daysAgo: 3,
            twoImages: true,
            variants: [
              ['30 ml', 12000],
              ['50 ml', 18500, 4],
              ['100 ml', 32000, 2],
            ],
          },
          {
            name: 'Rose de Taïf et Oud',
            label: 'Rose & Oud',
            sku: 'PAR-ROS',
            description:
              "La rencontre d'une rose opulente et d'un oud velouté, sur un fond de patchouli. Un parfum mixte, élégant du matin au soir.",
            basePrice: 11000,
            daysAgo: 18,
            twoImages: true,
            variants: [
              ['30 ml', 11000],
              ['50 ml', 17000],
              ['100 ml', 29500, 0],
            ],
          },
          {
            name: 'Nuit de Fès',
            label: 'Nuit de Fès',
            sku: 'PAR-FES',
            description:
              'Des notes de cuir, de tabac blond et de datte confite pour une soirée dans la médina. Un sillage profond, à porter par petites touches.',
            basePrice: 9500,
            daysAgo: 40,
            variants: [
              ['30 ml', 9500],
              ['50 ml', 14500],
            ],
          },
          {
            name: 'Encens de Mogador',
            label: 'Encens de Mogador',
            sku: 'PAR-ENC',
            description:
              "L'encens et la myrrhe portés par la brise marine d'Essaouira. Une fragrance méditative, résineuse et lumineuse à la fois.",
            basePrice: 10000,
            daysAgo: 65,
            variants: [
              ['30 ml', 10000],
              ['50 ml', 15500, 3],
              ['100 ml', 27000, null, false],
            ],
          },
          {
            name: 'Huile parfumée Bakhour',
            label: 'Bakhour',
            sku: 'PAR-BAK',
            kind: 'attar',
            description:
              'Une huile de parfum sans alcool, concentrée, aux accents de bois de santal et de bakhour. Quelques gouttes suffisent pour parfumer la peau ou les vêtements toute la journée.',
            basePrice: 6000,
            daysAgo: 9,
            variants: [
              ['6 ml', 6000],
              ['12 ml', 10500],
            ],
          },
        ],
      },
      {
        name: 'Eaux de parfum',
        description:
          "Des eaux de parfum fraîches et florales, fleur d'oranger, jasmin ou néroli, pour tous les jours.",
        kind: 'perfume',
        hue: 200,
        products: [
          {
            name: "Fleur d'oranger de Meknès",
            label: "Fleur d'oranger",
            sku: 'EDP-ORA',
            description:
              "Le parfum des vergers de Meknès au printemps : fleur d'oranger, petit grain et une pointe de miel. Frais, solaire et réconfortant.",
            basePrice: 8500,
            daysAgo: 6,
            twoImages: true,
            variants: [
              ['30 ml', 8500],
              ['50 ml', 12500],
              ['100 ml', 21000],
            ],
          },
          {
            name: "Jasmin de l'Atlas",
            label: 'Jasmin',
            sku: 'EDP-JAS',
            description:
              "Un jasmin sambac cueilli à l'aube, lumineux et légèrement fruité. Une fragrance florale et féminine qui rappelle les riads en fleurs.",
            basePrice: 8500,
            daysAgo: 27,
            variants: [
              ['30 ml', 8500],
              ['50 ml', 12500, 5],
              ['100 ml', 21000],
            ],
          },
          {
            name: 'Néroli et Cèdre',
            label: 'Néroli & Cèdre',
            sku: 'EDP-NER',
            description:
              "La fraîcheur pétillante du néroli posée sur le bois sec du cèdre de l'Atlas. Un parfum boisé hespéridé qui convient à tous.",
            basePrice: 9000,
            daysAgo: 50,
            variants: [
              ['50 ml', 9000],
              ['100 ml', 15500],
            ],
          },
          {
            name: "Figue de l'Oriental",
            label: 'Figue',
            sku: 'EDP-FIG',
            description:
              "Une figue verte et lactée, entre feuilles froissées et lait de figuier. Gourmande sans être sucrée, elle se porte toute l'année.",
            basePrice: 8000,
            daysAgo: 90,
            variants: [
              ['30 ml', 8000],
              ['50 ml', 12000],
              ['100 ml', 20000, 1],
            ],
          },
          {
            name: 'Vétiver des Dunes',
            label: 'Vétiver',
            sku: 'EDP-VET',
            isActive: false,
            description:
              'Un vétiver terreux éclairé par le pamplemousse, comme le sable chaud du désert au coucher du soleil. Édition retirée de la vente en attendant la prochaine récolte.',
            basePrice: 9500,
            daysAgo: 150,
            variants: [
              ['50 ml', 9500],
              ['100 ml', 16500],
            ],
          },
        ],
      },
      {
        name: 'Musc & Ambre',
        description: 'Des muscs blancs et des ambres chauds, doux et enveloppants, qui restent sur la peau.',
        kind: 'perfume',
        hue: 18,
        products: [
          {
            name: 'Musc Blanc Tahara',
            label: 'Musc Tahara',
            sku: 'MUS-BLA',
            kind: 'attar',
            description:
              'Le musc tahara traditionnel, crémeux et propre, qui sent bon le linge frais. Une huile parfumée très concentrée, sans alcool.',
            basePrice: 3500,
            daysAgo: 2,
            twoImages: true,
            variants: [
              ['6 ml', 3500],
              ['12 ml', 6000],
              ['Lot de 3', 9500],
            ],
          },
          {
            name: 'Ambre Noir',
            label: 'Ambre Noir',
            sku: 'MUS-AMB',
            description:
              'Un ambre profond aux notes de benjoin, de vanille et de labdanum. Chaud et sensuel, il laisse un sillage inoubliable.',
            basePrice: 9000,
            daysAgo: 33,
            variants: [
              ['30 ml', 9000],
              ['50 ml', 13500],
              ['100 ml', 23000, 3],
            ],
          },
          {
            name: "Musc d'Or",
            label: "Musc d'Or",
            sku: 'MUS-ORR',
            description:
              "Un musc doré, légèrement poudré, relevé d'une note d'iris. Une signature délicate pour le quotidien.",
            basePrice: 7500,
            daysAgo: 75,
            variants: [
              ['30 ml', 7500],
              ['50 ml', 11000],
            ],
          },
          {
            name: 'Musc Rose Poudré',
            label: 'Musc Rose',
            sku: 'MUS-ROS',
            description:
              'Un musc tendre enveloppé de pétales de rose et de violette. Doux comme une poudre de riz, idéal pour celles qui aiment les parfums discrets.',
            basePrice: 7500,
            daysAgo: 21,
            variants: [
              ['30 ml', 7500],
              ['50 ml', 11000],
              ['100 ml', 18500],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Huiles essentielles',
    description:
      'Des huiles essentielles 100 % pures et naturelles, distillées à partir des plantes aromatiques du Maroc.',
    kind: 'dropper',
    hue: 140,
    products: [
      {
        name: 'Huile essentielle de ciste ladanifère',
        label: 'Ciste ladanifère',
        sku: 'HE-CIS',
        description:
          "Issue des collines du Rif, cette huile à l'odeur ambrée est appréciée pour les soins de la peau. À utiliser diluée dans une huile végétale.",
        basePrice: 6500,
        daysAgo: 14,
        variants: [
          ['5 ml', 6500],
          ['10 ml', 11500, 2],
        ],
      },
    ],
    children: [
      {
        name: 'Huiles essentielles pures',
        description:
          "Une seule plante par flacon, distillée à la vapeur d'eau et chémotypée pour un usage en toute confiance.",
        kind: 'dropper',
        hue: 132,
        products: [
          {
            name: 'Huile essentielle de ravintsara',
            label: 'Ravintsara',
            sku: 'HE-RAV',
            description:
              "Le ravintsara de Madagascar, frais et légèrement camphré. Un allié de l'hiver, en diffusion ou en massage sur le haut du dos.",
            basePrice: 3500,
            daysAgo: 14,
            variants: [
              ['10 ml', 3500],
              ['30 ml', 8500],
            ],
          },
          {
            name: "Huile essentielle d'arbre à thé",
            label: 'Arbre à thé',
            sku: 'HE-TEA',
            description:
              'Le tea tree, purifiant et polyvalent, pour les petites imperfections de la peau. Une goutte sur un coton suffit.',
            basePrice: 3000,
            daysAgo: 22,
            variants: [
              ['10 ml', 3000],
              ['30 ml', 7500],
            ],
          },
          {
            name: 'Huile essentielle de géranium rosat',
            label: 'Géranium',
            sku: 'HE-GER',
            description:
              'Un géranium au parfum de rose, distillé dans la vallée du Dadès. Il rééquilibre les peaux mixtes et parfume délicatement les soins maison.',
            basePrice: 5500,
            daysAgo: 30,
            variants: [
              ['10 ml', 5500],
              ['30 ml', 13500],
            ],
          },
          {
            name: 'Huile essentielle de citron',
            label: 'Citron',
            sku: 'HE-CIT',
            description:
              'Pressée à froid à partir des zestes, elle sent le citron fraîchement coupé. Idéale en diffusion pour assainir et égayer la maison.',
            basePrice: 2500,
            daysAgo: 40,
            variants: [
              ['10 ml', 2500],
              ['30 ml', 6000],
            ],
          },
          {
            name: "Huile essentielle d'orange douce",
            label: 'Orange douce',
            sku: 'HE-ORA',
            description:
              "Des zestes d'oranges de Berkane pressés à froid pour une huile gourmande et apaisante. Les enfants en adorent le parfum en diffusion.",
            basePrice: 2500,
            daysAgo: 50,
            variants: [
              ['10 ml', 2500],
              ['30 ml', 6000],
            ],
          },
          {
            name: "Huile essentielle d'ylang-ylang",
            label: 'Ylang-ylang',
            sku: 'HE-YLA',
            description:
              'Une fleur solaire au parfum capiteux, venue des Comores. Elle sublime les huiles de massage et les cheveux secs.',
            basePrice: 6000,
            daysAgo: 18,
            variants: [
              ['10 ml', 6000],
              ['30 ml', 15000, 3],
            ],
          },
          {
            name: 'Huile essentielle de camomille romaine',
            label: 'Camomille',
            sku: 'HE-CAM',
            description:
              'Une huile précieuse et très douce, au parfum de pomme et de miel. Elle calme les peaux sensibles et les esprits agités.',
            basePrice: 12000,
            daysAgo: 9,
            variants: [
              ['5 ml', 12000],
              ['10 ml', 21000, 4],
            ],
          },
          {
            name: 'Huile essentielle de petit grain bigarade',
            label: 'Petit grain',
            sku: 'HE-PGB',
            description:
              'Distillée à partir des feuilles du bigaradier, cousine verte du néroli. Un parfum frais et boisé qui invite à la détente.',
            basePrice: 4000,
            daysAgo: 65,
            variants: [
              ['10 ml', 4000],
              ['30 ml', 9500],
            ],
          },
          {
            name: 'Huile essentielle de cannelle de Ceylan',
            label: 'Cannelle',
            sku: 'HE-CAN',
            description:
              'Une écorce de cannelle chaude et épicée, à manier avec précaution et toujours diluée. Quelques gouttes en diffusion parfument toute la maison.',
            basePrice: 4500,
            daysAgo: 75,
            variants: [['10 ml', 4500]],
          },
          {
            name: 'Huile essentielle de myrte verte',
            label: 'Myrte',
            sku: 'HE-MYR',
            description:
              "Le myrte des collines du Rif, doux et respiratoire. Une huile bien tolérée, appréciée en diffusion les soirs d'hiver.",
            basePrice: 5000,
            daysAgo: 90,
            variants: [
              ['10 ml', 5000],
              ['30 ml', 12000],
            ],
          },
          {
            name: 'Huile essentielle de sauge sclarée',
            label: 'Sauge sclarée',
            sku: 'HE-SAU',
            description:
              "Une sauge aux notes musquées et ambrées, douce pour la peau et l'esprit. Appréciée en massage du ventre, diluée dans une huile végétale.",
            basePrice: 4500,
            daysAgo: 110,
            variants: [
              ['10 ml', 4500],
              ['30 ml', 10500, 0],
            ],
          },
          {
            name: 'Huile essentielle de laurier noble',
            label: 'Laurier',
            sku: 'HE-LAU',
            description:
              'Un laurier méditerranéen aux notes épicées, apprécié en massage avant un examen ou une prise de parole. Toujours diluée dans une huile végétale.',
            basePrice: 5500,
            daysAgo: 130,
            variants: [
              ['10 ml', 5500],
              ['30 ml', 13000],
            ],
          },
          {
            name: 'Huile essentielle de romarin à verbénone',
            label: 'Romarin',
            sku: 'HE-ROM',
            description:
              "Un romarin cueilli dans l'Oriental marocain, réputé pour les soins du cuir chevelu. Son parfum frais et camphré réveille les sens.",
            basePrice: 3500,
            daysAgo: 8,
            twoImages: true,
            variants: [
              ['10 ml', 3500],
              ['30 ml', 8500],
            ],
          },
          {
            name: 'Huile essentielle de lavande vraie',
            label: 'Lavande vraie',
            sku: 'HE-LAV',
            description:
              "La lavande fine des plateaux de l'Atlas, douce et florale. Quelques gouttes sur l'oreiller favorisent un sommeil paisible.",
            basePrice: 4000,
            daysAgo: 45,
            variants: [
              ['10 ml', 4000],
              ['30 ml', 9500],
            ],
          },
          {
            name: 'Huile essentielle de menthe poivrée',
            label: 'Menthe poivrée',
            sku: 'HE-MEN',
            description:
              'Une menthe puissante et rafraîchissante, alliée des lendemains de voyage. Une goutte diluée sur les tempes apporte un coup de frais immédiat.',
            basePrice: 3000,
            daysAgo: 60,
            variants: [
              ['10 ml', 3000],
              ['30 ml', 7500],
            ],
          },
          {
            name: 'Huile essentielle de thym du Maroc',
            label: 'Thym',
            sku: 'HE-THY',
            description:
              "Un thym sauvage à l'odeur chaude et épicée, cueilli à la main dans le Haut Atlas. Une huile puissante, à réserver aux adultes.",
            basePrice: 3500,
            daysAgo: 120,
            variants: [
              ['10 ml', 3500],
              ['30 ml', 8500, 0],
            ],
          },
          {
            name: "Huile essentielle de cèdre de l'Atlas",
            label: "Cèdre de l'Atlas",
            sku: 'HE-CED',
            description:
              "Distillée à partir des copeaux du cèdre de l'Atlas, elle dégage un parfum boisé et rassurant. Parfaite en diffusion pour une ambiance chaleureuse.",
            basePrice: 3000,
            daysAgo: 35,
            variants: [
              ['10 ml', 3000],
              ['30 ml', 7000],
            ],
          },
          {
            name: 'Huile essentielle de néroli',
            label: 'Néroli',
            sku: 'HE-NER',
            description:
              "Une huile rare obtenue à partir des fleurs de bigaradier : il faut près d'une tonne de fleurs pour un litre. Son parfum délicat apaise et embellit la peau.",
            basePrice: 18000,
            daysAgo: 5,
            variants: [
              ['2 ml', 18000, 5],
              ['5 ml', 42000, 2],
            ],
          },
          {
            name: "Huile essentielle d'eucalyptus globulus",
            label: 'Eucalyptus',
            sku: 'HE-EUC',
            description:
              "L'huile des hivers sereins, au parfum frais et dégagé. Elle s'utilise en inhalation ou en diffusion dans la maison.",
            basePrice: 2500,
            daysAgo: 100,
            variants: [
              ['10 ml', 2500],
              ['30 ml', 6000],
              ['100 ml', 15000],
            ],
          },
          {
            name: "Huile essentielle d'armoise blanche",
            label: 'Armoise blanche',
            sku: 'HE-ARM',
            description:
              "Une plante emblématique des steppes marocaines, à l'odeur herbacée et camphrée. Elle est utilisée en petite quantité dans les mélanges pour le massage.",
            basePrice: 4000,
            daysAgo: 140,
            isActive: false,
            variants: [['10 ml', 4000]],
          },
        ],
      },
      {
        name: 'Synergies et roll-on',
        description: "Des mélanges prêts à l'emploi, dosés pour le sommeil, la respiration ou la détente.",
        kind: 'rollon',
        hue: 160,
        products: [
          {
            name: 'Roll-on Sommeil paisible',
            label: 'Sommeil paisible',
            sku: 'SYN-SOM',
            description:
              "Lavande, orange douce et petit grain dans une base d'huile de noyau d'abricot. À appliquer sur les poignets avant le coucher.",
            basePrice: 4500,
            daysAgo: 11,
            variants: [
              ['10 ml', 4500],
              ['Lot de 3', 12000],
            ],
          },
          {
            name: 'Roll-on Respiration',
            label: 'Respiration',
            sku: 'SYN-RES',
            description:
              'Eucalyptus, ravintsara et menthe pour dégager les voies respiratoires. Un geste simple à glisser dans toutes les poches.',
            basePrice: 4500,
            daysAgo: 55,
            variants: [
              ['10 ml', 4500],
              ['Lot de 3', 12000],
            ],
          },
          {
            name: 'Roll-on Tête légère',
            label: 'Tête légère',
            sku: 'SYN-TET',
            description:
              'Menthe poivrée et lavande dans une huile légère, à masser sur les tempes et la nuque. Un compagnon précieux pour les longues journées.',
            basePrice: 4500,
            daysAgo: 80,
            variants: [['10 ml', 4500, 4]],
          },
          {
            name: 'Synergie Diffusion Hammam',
            label: 'Diffusion Hammam',
            sku: 'SYN-HAM',
            kind: 'dropper',
            description:
              "Eucalyptus, cèdre et fleur d'oranger réunis pour recréer chez soi l'atmosphère apaisante du hammam. À verser dans un diffuseur, jamais sur la peau.",
            basePrice: 5500,
            daysAgo: 25,
            variants: [
              ['10 ml', 5500],
              ['30 ml', 13000],
            ],
          },
        ],
      },
      {
        name: 'Eaux florales',
        description:
          'Des hydrolats distillés artisanalement, à vaporiser sur le visage ou à utiliser en cuisine.',
        kind: 'spray',
        hue: 340,
        products: [
          {
            name: "Eau de rose de Kelâa M'Gouna",
            label: 'Eau de rose',
            sku: 'EF-ROS',
            description:
              'Distillée dans la vallée des roses, cette eau florale tonifie et rafraîchit le teint. Elle parfume aussi délicatement les pâtisseries.',
            basePrice: 3000,
            daysAgo: 4,
            twoImages: true,
            variants: [
              ['100 ml', 3000],
              ['250 ml', 6000],
              ['500 ml', 10500],
            ],
          },
          {
            name: "Eau de fleur d'oranger",
            label: "Fleur d'oranger",
            sku: 'EF-ORA',
            description:
              'Un hydrolat de fleurs de bigaradier, doux et apaisant pour les peaux sensibles. Incontournable pour les cornes de gazelle et le thé.',
            basePrice: 2500,
            daysAgo: 30,
            variants: [
              ['100 ml', 2500],
              ['250 ml', 5000],
              ['500 ml', 9000],
            ],
          },
          {
            name: 'Hydrolat de camomille',
            label: 'Camomille',
            sku: 'EF-CAM',
            description:
              'Une eau florale de camomille matricaire qui calme les rougeurs et les yeux fatigués. À conserver au frais après ouverture.',
            basePrice: 3500,
            daysAgo: 110,
            variants: [
              ['100 ml', 3500],
              ['250 ml', 7000],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Huiles végétales',
    description:
      "Des huiles pressées à froid : argan, figue de Barbarie, nigelle et d'autres trésors du terroir marocain.",
    kind: 'bottle',
    hue: 48,
    products: [
      {
        name: 'Huile de sésame vierge',
        label: 'Sésame',
        sku: 'HV-SES',
        description:
          "Une huile douce et nourrissante, pressée à froid à partir de graines de sésame blond. Elle s'utilise en massage comme en cuisine.",
        basePrice: 3000,
        daysAgo: 70,
        variants: [
          ['100 ml', 3000],
          ['250 ml', 6500],
        ],
      },
    ],
    children: [
      {
        name: "Huile d'argan",
        description:
          "L'or liquide du Maroc, pressé par des coopératives de femmes dans la région d'Essaouira.",
        kind: 'bottle',
        hue: 42,
        products: [
          {
            name: "Huile d'argan cosmétique bio",
            label: 'Argan bio',
            sku: 'HV-ARG',
            description:
              "Une huile d'argan pure, certifiée biologique, pressée à froid à partir d'amandons non torréfiés. Elle nourrit la peau, les cheveux et les ongles sans laisser de film gras.",
            basePrice: 5500,
            daysAgo: 1,
            twoImages: true,
            variants: [
              ['30 ml', 5500],
              ['50 ml', 8500],
              ['100 ml', 15000],
              ['250 ml', 34000, 3],
            ],
          },
          {
            name: "Huile d'argan alimentaire torréfiée",
            label: 'Argan alimentaire',
            sku: 'HV-ARA',
            description:
              "Les amandons sont légèrement torréfiés avant pression, ce qui donne à l'huile son goût de noisette. Un filet sur un couscous, une salade ou avec l'amlou.",
            basePrice: 7000,
            daysAgo: 20,
            variants: [
              ['250 ml', 7000],
              ['500 ml', 13000],
            ],
          },
          {
            name: "Huile d'argan parfumée à la rose",
            label: 'Argan à la rose',
            sku: 'HV-ARR',
            description:
              "Notre huile d'argan cosmétique délicatement parfumée à l'essence de rose de Damas. Un soin sec et soyeux pour le visage et le corps.",
            basePrice: 6500,
            daysAgo: 48,
            variants: [
              ['50 ml', 6500],
              ['100 ml', 11500],
            ],
          },
        ],
      },
      {
        name: 'Huiles précieuses',
        description:
          'Des huiles rares et concentrées, figue de Barbarie, nigelle ou rose musquée, pour des soins ciblés.',
        kind: 'dropper',
        hue: 330,
        products: [
          {
            name: 'Huile de figue de Barbarie',
            label: 'Figue de Barbarie',
            sku: 'HV-FIG',
            description:
              "Extraite des pépins du figuier de Barbarie, c'est l'une des huiles les plus précieuses au monde. Riche en vitamine E, elle est réputée pour lisser les ridules.",
            basePrice: 14000,
            daysAgo: 7,
            twoImages: true,
            variants: [
              ['15 ml', 14000, 5],
              ['30 ml', 25000, 3],
              ['50 ml', 39500, 1],
            ],
          },
          {
            name: 'Huile de nigelle',
            label: 'Nigelle',
            sku: 'HV-NIG',
            kind: 'bottle',
            description:
              'La fameuse habba sawda, pressée à froid à partir des graines de nigelle. Une huile au goût puissant, utilisée depuis des siècles pour la peau et les cheveux.',
            basePrice: 3500,
            daysAgo: 38,
            variants: [
              ['100 ml', 3500],
              ['250 ml', 7500],
            ],
          },
          {
            name: 'Huile de rose musquée',
            label: 'Rose musquée',
            sku: 'HV-RMU',
            description:
              "Une huile sèche d'un bel orangé, qui aide à estomper les cicatrices et les taches. Quelques gouttes le soir sur une peau propre suffisent.",
            basePrice: 6000,
            daysAgo: 85,
            variants: [
              ['15 ml', 6000],
              ['30 ml', 10500],
            ],
          },
          {
            name: 'Huile de ricin',
            label: 'Ricin',
            sku: 'HV-RIC',
            kind: 'bottle',
            description:
              "Une huile épaisse pressée à froid, alliée traditionnelle des cils, des sourcils et des pointes sèches. À appliquer avec un petit pinceau ou en bain d'huile.",
            basePrice: 2500,
            daysAgo: 130,
            variants: [
              ['50 ml', 2500],
              ['100 ml', 4000],
            ],
          },
        ],
      },
      {
        name: 'Huiles de massage',
        description:
          "Des huiles de massage parfumées, à base d'argan et d'amande douce, pour prolonger la détente.",
        kind: 'bottle',
        hue: 24,
        products: [
          {
            name: "Huile de massage relaxante à la fleur d'oranger",
            label: 'Massage relaxant',
            sku: 'HV-MAS',
            description:
              "Un mélange d'huile d'amande douce et d'argan parfumé à la fleur d'oranger. Sa texture glisse longtemps sans coller.",
            basePrice: 5000,
            daysAgo: 16,
            variants: [
              ['100 ml', 5000],
              ['250 ml', 10000],
            ],
          },
          {
            name: "Huile sèche pailletée à l'ambre",
            label: 'Huile sèche Ambre',
            sku: 'HV-SEC',
            description:
              "Une huile sèche aux reflets dorés qui illumine les épaules et les jambes. Son parfum d'ambre chaud tient toute la soirée.",
            basePrice: 6500,
            daysAgo: 10,
            variants: [
              ['50 ml', 6500],
              ['100 ml', 11000, 4],
            ],
          },
          {
            name: "Huile d'amande douce",
            label: 'Amande douce',
            sku: 'HV-AMD',
            description:
              "L'huile de base par excellence, douce pour les bébés comme pour les peaux sensibles. Elle sert aussi à diluer les huiles essentielles.",
            basePrice: 2500,
            daysAgo: 95,
            variants: [
              ['100 ml', 2500],
              ['250 ml', 5000],
              ['500 ml', 9000],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Savons artisanaux',
    description: 'Savon noir beldi, savons saponifiés à froid et ghassoul : les trésors du hammam marocain.',
    kind: 'soap',
    hue: 22,
    products: [
      {
        name: 'Savon surgras au karité',
        label: 'Karité',
        sku: 'SAV-KAR',
        description:
          'Un savon saponifié à froid, enrichi de 8 % de beurre de karité non saponifié. Il lave en douceur les peaux très sèches et celles des enfants.',
        basePrice: 2500,
        daysAgo: 58,
        variants: [
          ['100 g', 2500],
          ['Lot de 3', 6500],
        ],
      },
    ],
    children: [
      {
        name: 'Savon noir beldi',
        description: "La pâte onctueuse à l'huile d'olive, indispensable au gommage du hammam.",
        kind: 'bowl',
        hue: 30,
        products: [
          {
            name: "Savon noir beldi à l'huile d'olive",
            label: 'Savon noir beldi',
            sku: 'SAV-BEL',
            description:
              "Le savon noir traditionnel, préparé à partir d'huile d'olive et d'olives noires macérées. Appliqué sur la peau humide puis rincé, il prépare au gommage au gant kessa.",
            basePrice: 2500,
            daysAgo: 5,
            twoImages: true,
            variants: [
              ['250 g', 2500],
              ['500 g', 4500],
              ['1 kg', 8000],
            ],
          },
          {
            name: "Savon noir à l'eucalyptus",
            label: 'Savon noir eucalyptus',
            sku: 'SAV-EUC',
            description:
              "Notre savon noir beldi enrichi d'huile essentielle d'eucalyptus, pour une sensation de fraîcheur intense. Idéal après le sport ou au hammam.",
            basePrice: 3000,
            daysAgo: 42,
            variants: [
              ['250 g', 3000],
              ['500 g', 5500],
            ],
          },
          {
            name: 'Savon noir à la rose',
            label: 'Savon noir rose',
            sku: 'SAV-ROS',
            description:
              "Un savon noir délicatement parfumé à la rose de Kelâa M'Gouna. Il laisse la peau douce et subtilement parfumée.",
            basePrice: 3000,
            daysAgo: 66,
            variants: [
              ['250 g', 3000],
              ['500 g', 5500, 2],
            ],
          },
        ],
      },
      {
        name: 'Savons solides',
        description:
          'Des savons saponifiés à froid, riches en huiles végétales, découpés et séchés à la main.',
        kind: 'soap',
        hue: 36,
        products: [
          {
            name: "Savon à l'argan",
            label: 'Argan',
            sku: 'SAV-ARG',
            description:
              "Un savon doux à l'huile d'argan, qui nettoie sans dessécher. Sa mousse crémeuse convient au visage comme au corps.",
            basePrice: 2500,
            daysAgo: 13,
            twoImages: true,
            variants: [
              ['100 g', 2500],
              ['Lot de 3', 6500],
            ],
          },
          {
            name: "Savon au lait d'ânesse",
            label: "Lait d'ânesse",
            sku: 'SAV-ANE',
            description:
              "Un savon très doux, riche en lait d'ânesse frais, pour les peaux sensibles et matures. Son parfum léger est à peine perceptible.",
            basePrice: 3000,
            daysAgo: 36,
            variants: [
              ['100 g', 3000],
              ['Lot de 3', 8000],
            ],
          },
          {
            name: 'Savon à la nigelle',
            label: 'Nigelle',
            sku: 'SAV-NIG',
            description:
              "Un savon purifiant parsemé de graines de nigelle, pour les peaux mixtes à grasses. Il s'utilise matin et soir.",
            basePrice: 2500,
            daysAgo: 77,
            variants: [
              ['100 g', 2500],
              ['Lot de 3', 6500],
            ],
          },
          {
            name: 'Savon au ghassoul et à la lavande',
            label: 'Ghassoul lavande',
            sku: 'SAV-GHL',
            description:
              "L'argile du Moyen Atlas et la lavande réunies dans un savon qui purifie en douceur. Sa couleur brun rosé vient uniquement du ghassoul.",
            basePrice: 2500,
            daysAgo: 103,
            variants: [
              ['100 g', 2500],
              ['Lot de 3', 6500, null, false],
            ],
          },
          {
            name: "Savon au miel et à l'amande",
            label: 'Miel & amande',
            sku: 'SAV-MIE',
            description:
              "Un savon gourmand au miel de thym et à la poudre d'amande, légèrement exfoliant. Il laisse sur la peau un parfum de pâtisserie.",
            basePrice: 3000,
            daysAgo: 29,
            variants: [
              ['100 g', 3000],
              ['Lot de 3', 8000],
            ],
          },
        ],
      },
      {
        name: 'Ghassoul et rituels du hammam',
        description: "Argile de l'Atlas, gants et gommages pour vivre le rituel du hammam à la maison.",
        kind: 'bowl',
        hue: 14,
        products: [
          {
            name: "Ghassoul en poudre de l'Atlas",
            label: 'Ghassoul',
            sku: 'GHA-POU',
            description:
              "Une argile lavante extraite dans le Moyen Atlas, tamisée finement. Mélangée à un peu d'eau de rose, elle lave et purifie la peau et les cheveux.",
            basePrice: 2500,
            daysAgo: 22,
            variants: [
              ['250 g', 2500],
              ['500 g', 4500],
              ['1 kg', 8000],
            ],
          },
          {
            name: 'Ghassoul aux sept plantes',
            label: 'Ghassoul 7 plantes',
            sku: 'GHA-7PL',
            description:
              'La recette des hammams de Fès : ghassoul, rose, lavande, myrte, camomille, romarin et sauge. Un masque complet pour le corps et la chevelure.',
            basePrice: 3500,
            daysAgo: 52,
            variants: [
              ['250 g', 3500],
              ['500 g', 6500],
            ],
          },
          {
            name: "Gommage au sucre et à l'argan",
            label: 'Gommage argan',
            sku: 'GHA-GOM',
            kind: 'jar',
            description:
              "Des cristaux de sucre de canne enrobés d'huile d'argan et d'huile d'amande douce. Il exfolie et nourrit en un seul geste.",
            basePrice: 5000,
            daysAgo: 17,
            variants: [
              ['200 g', 5000],
              ['400 g', 9000],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Soins du visage et du corps',
    description: 'Crèmes, sérums et baumes formulés avec les huiles et les fleurs du Maroc.',
    kind: 'jar',
    hue: 350,
    products: [
      {
        name: "Déodorant à la pierre d'alun",
        label: "Pierre d'alun",
        sku: 'SOI-DEO',
        kind: 'tube',
        description:
          "Un déodorant minéral sans parfum ni alcool, en stick prêt à l'emploi. Il suffit de l'humidifier légèrement avant de l'appliquer.",
        basePrice: 2500,
        daysAgo: 88,
        variants: [
          ['60 g', 2500],
          ['120 g', 4000],
        ],
      },
    ],
    children: [
      {
        name: 'Soins du visage',
        description:
          "Des soins légers et efficaces pour un teint éclatant, à l'argan, à la figue de Barbarie et à la rose.",
        kind: 'jar',
        hue: 345,
        products: [
          {
            name: "Crème hydratante à l'argan",
            label: 'Crème hydratante',
            sku: 'SOI-CHA',
            description:
              "Une crème légère à l'huile d'argan et à l'aloe vera qui hydrate la peau toute la journée. Elle pénètre rapidement et sert de base idéale au maquillage.",
            basePrice: 8500,
            daysAgo: 2,
            twoImages: true,
            variants: [
              ['50 ml', 8500],
              ['100 ml', 14000],
            ],
          },
          {
            name: 'Crème de nuit au figuier de Barbarie',
            label: 'Crème de nuit',
            sku: 'SOI-CNF',
            description:
              "Un soin de nuit riche à l'huile de pépins de figue de Barbarie, qui régénère la peau pendant le sommeil. Au réveil, le teint est reposé et lumineux.",
            basePrice: 12500,
            daysAgo: 15,
            variants: [
              ['30 ml', 12500, 4],
              ['50 ml', 19000, 2],
            ],
          },
          {
            name: 'Sérum éclat à la rose',
            label: 'Sérum éclat',
            sku: 'SOI-SER',
            kind: 'dropper',
            description:
              "Un sérum à l'eau de rose et à l'acide hyaluronique d'origine végétale. Appliqué avant la crème, il repulpe et illumine le teint.",
            basePrice: 11000,
            daysAgo: 19,
            variants: [
              ['15 ml', 11000],
              ['30 ml', 19500],
            ],
          },
          {
            name: "Masque à l'argile rose",
            label: 'Masque argile rose',
            sku: 'SOI-MAR',
            description:
              "Un masque doux à l'argile rose et à l'eau de fleur d'oranger pour les peaux sensibles. Dix minutes suffisent pour un teint net et velouté.",
            basePrice: 5000,
            daysAgo: 63,
            variants: [
              ['75 ml', 5000],
              ['150 ml', 8500],
            ],
          },
          {
            name: "Baume à lèvres au miel et à l'argan",
            label: 'Baume à lèvres',
            sku: 'SOI-BAU',
            kind: 'tube',
            description:
              "Un baume nourrissant au miel, à la cire d'abeille et à l'huile d'argan. Il protège les lèvres du vent et du soleil.",
            basePrice: 2500,
            daysAgo: 44,
            variants: [
              ['1 tube', 2500],
              ['Lot de 3', 6500],
            ],
          },
          {
            name: 'Crème contour des yeux au cactus',
            label: 'Contour des yeux',
            sku: 'SOI-CYX',
            kind: 'tube',
            isActive: false,
            description:
              'Une crème fraîche au cactus et au bleuet qui atténue poches et cernes. Ce soin revient bientôt dans une nouvelle formule.',
            basePrice: 9500,
            daysAgo: 160,
            variants: [['15 ml', 9500]],
          },
        ],
      },
      {
        name: 'Soins du corps',
        description: 'Laits, beurres et crèmes fondantes pour une peau nourrie et délicatement parfumée.',
        kind: 'jar',
        hue: 20,
        products: [
          {
            name: 'Crème mains au karité',
            label: 'Crème mains',
            sku: 'SOI-CMK',
            kind: 'tube',
            description:
              "Une crème mains réparatrice au beurre de karité et à l'huile d'argan. Elle pénètre vite et protège les mains abîmées par le froid ou le travail.",
            basePrice: 3500,
            daysAgo: 9,
            variants: [
              ['50 ml', 3500],
              ['100 ml', 6000],
              ['Lot de 3', 9500],
            ],
          },
          {
            name: "Lait corporel à la fleur d'oranger",
            label: 'Lait corporel',
            sku: 'SOI-LAI',
            kind: 'pump',
            description:
              "Un lait fluide qui hydrate et parfume la peau d'une note fraîche de fleur d'oranger. À appliquer après la douche sur une peau encore humide.",
            basePrice: 6000,
            daysAgo: 24,
            variants: [
              ['200 ml', 6000],
              ['400 ml', 10500],
            ],
          },
          {
            name: 'Beurre de karité pur',
            label: 'Beurre de karité',
            sku: 'SOI-KAR',
            description:
              'Un beurre de karité brut, non raffiné, qui protège et nourrit la peau et les cheveux. Il fond au contact de la peau.',
            basePrice: 3000,
            daysAgo: 72,
            variants: [
              ['100 g', 3000],
              ['250 g', 6500],
              ['500 g', 11500],
            ],
          },
          {
            name: "Crème corps fondante à l'ambre",
            label: 'Crème corps ambre',
            sku: 'SOI-CCA',
            description:
              "Une crème riche au beurre de cacao, à l'huile d'argan et au parfum d'ambre chaud. Elle laisse la peau satinée et délicatement parfumée.",
            basePrice: 7500,
            daysAgo: 31,
            variants: [
              ['200 ml', 7500],
              ['400 ml', 13000, 0],
            ],
          },
        ],
      },
      {
        name: 'Soins des cheveux',
        description:
          'Shampoings, masques et huiles capillaires inspirés des secrets de beauté des femmes berbères.',
        kind: 'pump',
        hue: 280,
        products: [
          {
            name: "Masque capillaire à l'argan et au ricin",
            label: 'Masque capillaire',
            sku: 'CHE-MAS',
            kind: 'jar',
            description:
              "Un masque nourrissant pour cheveux secs et abîmés, à l'argan et au ricin. À laisser poser dix minutes avant le shampoing.",
            basePrice: 6500,
            daysAgo: 26,
            variants: [
              ['200 ml', 6500],
              ['500 ml', 13500],
            ],
          },
          {
            name: 'Shampoing doux au ghassoul',
            label: 'Shampoing ghassoul',
            sku: 'CHE-SHA',
            description:
              'Un shampoing sans sulfates au ghassoul et au romarin, qui lave en douceur les cheveux gras. Il laisse le cuir chevelu frais et léger.',
            basePrice: 5000,
            daysAgo: 47,
            variants: [
              ['250 ml', 5000],
              ['500 ml', 8500],
            ],
          },
          {
            name: 'Huile capillaire fortifiante à la nigelle',
            label: 'Huile capillaire',
            sku: 'CHE-HUI',
            kind: 'bottle',
            description:
              "Un mélange d'huiles de nigelle, de ricin et de romarin qui fortifie la chevelure. À masser sur le cuir chevelu une à deux fois par semaine.",
            basePrice: 5500,
            daysAgo: 82,
            variants: [
              ['100 ml', 5500],
              ['200 ml', 9500],
            ],
          },
        ],
      },
      {
        name: 'Masques et argiles',
        description: 'Des argiles pures à préparer soi-même, pour le visage, le corps et les cheveux.',
        kind: 'bowl',
        hue: 100,
        isActive: false,
        products: [
          {
            name: 'Argile verte surfine',
            label: 'Argile verte',
            sku: 'ARG-VER',
            description:
              'Une argile verte séchée au soleil et finement broyée, pour les peaux grasses. Cette rubrique est en cours de réorganisation.',
            basePrice: 2500,
            daysAgo: 170,
            variants: [
              ['250 g', 2500],
              ['500 g', 4500],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Coffrets cadeaux',
    description:
      'Des coffrets prêts à offrir, emballés avec soin, pour faire découvrir les trésors du Maroc.',
    kind: 'box',
    hue: 355,
    products: [
      {
        name: 'Coffret Découverte Souk',
        label: 'Découverte Souk',
        sku: 'COF-DEC',
        description:
          "Quatre miniatures pour découvrir la boutique : huile d'argan, eau de rose, musc tahara et savon noir. Le cadeau idéal pour une première fois.",
        basePrice: 12000,
        daysAgo: 4,
        twoImages: true,
        variants: [],
      },
    ],
    children: [
      {
        name: 'Coffrets parfum',
        description: 'Nos parfums phares réunis dans de beaux écrins, pour elle comme pour lui.',
        kind: 'box',
        hue: 270,
        products: [
          {
            name: 'Coffret Mille et Une Nuits',
            label: 'Mille et Une Nuits',
            sku: 'COF-MIL',
            description:
              "Un écrin comprenant l'Oud Royal en 50 ml, un musc tahara et un petit brûle-parfum en laiton. Un cadeau somptueux pour les grandes occasions.",
            basePrice: 35000,
            daysAgo: 6,
            variants: [],
          },
          {
            name: 'Coffret Trio de Musc',
            label: 'Trio de Musc',
            sku: 'COF-MUS',
            description:
              "Trois huiles parfumées de 6 ml : musc blanc, musc d'or et musc rose. De quoi changer de parfum selon l'humeur du jour.",
            basePrice: 9500,
            daysAgo: 34,
            variants: [
              ['Coffret', 9500],
              ['Lot de 3 coffrets', 26000, 2],
            ],
          },
          {
            name: 'Coffret Senteurs de Fès',
            label: 'Senteurs de Fès',
            sku: 'COF-FES',
            description:
              'Nuit de Fès en 30 ml et sa crème corps parfumée assortie, dans une boîte brodée à la main. Une attention raffinée pour lui.',
            basePrice: 15000,
            daysAgo: 57,
            variants: [],
          },
        ],
      },
      {
        name: 'Coffrets hammam',
        description: 'Tout le nécessaire pour un rituel du hammam complet, à la maison ou à offrir.',
        kind: 'box',
        hue: 24,
        products: [
          {
            name: 'Coffret Rituel du Hammam',
            label: 'Rituel du Hammam',
            sku: 'COF-HAM',
            description:
              'Savon noir beldi, ghassoul, gant kessa et eau de rose réunis dans un panier en osier. Tout pour un hammam traditionnel à la maison.',
            basePrice: 15000,
            daysAgo: 3,
            twoImages: true,
            variants: [
              ['Classique', 15000],
              ['Prestige', 24500, 3],
            ],
          },
          {
            name: 'Coffret Hammam Découverte',
            label: 'Hammam Découverte',
            sku: 'COF-HDE',
            description:
              'Une version réduite du rituel : savon noir, gant kessa et ghassoul en petits formats. Idéal pour une première expérience.',
            basePrice: 8000,
            daysAgo: 41,
            variants: [],
          },
        ],
      },
      {
        name: 'Coffrets soins',
        description: 'Des duos et trios de soins choisis pour se faire du bien ou faire plaisir.',
        kind: 'box',
        hue: 150,
        products: [
          {
            name: "Coffret Or d'Argan",
            label: "Or d'Argan",
            sku: 'COF-ARG',
            description:
              "Huile d'argan bio, crème hydratante à l'argan et savon à l'argan dans un coffret en bois de thuya. Un trio nourrissant pour le visage et le corps.",
            basePrice: 22000,
            daysAgo: 11,
            variants: [],
          },
          {
            name: 'Coffret Douceur de Rose',
            label: 'Douceur de Rose',
            sku: 'COF-ROS',
            description:
              "Eau de rose, savon noir à la rose et huile d'argan parfumée à la rose, noués d'un ruban de satin. Un cadeau tout en délicatesse.",
            basePrice: 16500,
            daysAgo: 23,
            variants: [
              ['Coffret', 16500],
              ['Avec carte personnalisée', 17500],
            ],
          },
        ],
      },
      {
        name: 'Éditions limitées',
        description: 'Des coffrets de saison, disponibles en petite quantité pour les fêtes.',
        kind: 'box',
        hue: 45,
        isActive: false,
        products: [
          {
            name: 'Coffret Aïd Prestige',
            label: 'Aïd Prestige',
            sku: 'COF-AID',
            description:
              "Un coffret doré réunissant oud, musc et bakhour, préparé pour les fêtes de l'Aïd. Il reviendra pour la prochaine édition.",
            basePrice: 45000,
            daysAgo: 180,
            variants: [['Coffret', 45000, 0]],
          },
        ],
      },
    ],
  },
];

export const banners: readonly BannerData[] = [
  {
    title: "Parfums d'Orient",
    subtitle: 'Oud, ambre et musc : des sillages envoûtants composés au Maroc.',
    linkUrl: '/catalog/parfums',
    kind: 'perfume',
    hue: 30,
  },
  {
    title: "L'or liquide du Maroc",
    subtitle: "Huile d'argan pure, pressée à froid par des coopératives de femmes.",
    linkUrl: '/catalog/huiles-vegetales/huile-d-argan',
    kind: 'bottle',
    hue: 44,
  },
  {
    title: 'Le rituel du hammam',
    subtitle: 'Savon noir beldi, ghassoul et eau de rose pour une peau douce comme la soie.',
    linkUrl: '/catalog/savons-artisanaux',
    kind: 'bowl',
    hue: 20,
  },
  {
    title: "Offrez l'authentique",
    subtitle: 'Des coffrets cadeaux prêts à offrir, dès 8 000 FCFA.',
    linkUrl: '/catalog/coffrets-cadeaux',
    kind: 'box',
    hue: 350,
  },
  {
    title: "Soldes d'été",
    subtitle: "Jusqu'à -30 % sur une sélection de soins du visage.",
    linkUrl: '/catalog/soins-du-visage-et-du-corps',
    kind: 'jar',
    hue: 190,
    isActive: false,
  },
];

/** A variant's SKU: the product's prefix and a suffix made from the variant's name ('30 ml' → '30ML'). */
export function variantSku(productSku: string, variantName: string): string {
  const suffix = variantName
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/\bDE\b|\bAVEC\b/g, '')
    .replace(/[^A-Z0-9]+/g, '');
  return `${productSku}-${suffix}`;
}
