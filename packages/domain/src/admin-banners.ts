import { z } from 'zod';
import { BannerSchema, SearchTextSchema } from './catalog.ts';
import { isSafeBannerLink } from './links.ts';
import { booleanField, INT4_MAX, idSchema, optionalText, wholeNumber } from './primitives.ts';
import { savedAs } from './text.ts';
import { ImageUploadSchema } from './uploads.ts';

// The banners screen ('Gestion des Bannières'): request schemas shared
// by the API's validation and the banner form, and the shapes the API answers
// (docs/decisions/0020).

export const BANNER_TITLE_MAX_LENGTH = 120;
export const BANNER_SUBTITLE_MAX_LENGTH = 200;
export const BANNER_LINK_MAX_LENGTH = 2000;

export const BannerIdParamsSchema = z.object({ id: idSchema('ID de bannière invalide') });

export const BANNER_TITLE_REQUIRED = 'Le titre de la bannière est obligatoire';
export const BANNER_IMAGE_REQUIRED = "L'image de la bannière est obligatoire";
export const BANNER_LINK_INVALID =
  'Le lien doit être une adresse web (http:// ou https://) ou un chemin de la boutique commençant par /';
export const BANNER_POSITION_INVALID = 'La position doit être un nombre entier positif ou nul';

/** The redirect URL: optional ('' and spaces become null), else a safe link. */
export const BannerLinkSchema = optionalText(BANNER_LINK_MAX_LENGTH, BANNER_LINK_INVALID).refine(
  (value) => value === null || isSafeBannerLink(value),
  { error: BANNER_LINK_INVALID },
);

export const BannerPositionSchema = wholeNumber(BANNER_POSITION_INVALID).pipe(
  z.number().min(0, { error: BANNER_POSITION_INVALID }).max(INT4_MAX, { error: BANNER_POSITION_INVALID }),
);

const bannerFields = {
  title: z
    .string({ error: BANNER_TITLE_REQUIRED })
    .trim()
    .min(1, { error: BANNER_TITLE_REQUIRED })
    .max(BANNER_TITLE_MAX_LENGTH, {
      error: `Le titre ne peut pas dépasser ${BANNER_TITLE_MAX_LENGTH} caractères`,
    }),
  subtitle: optionalText(
    BANNER_SUBTITLE_MAX_LENGTH,
    `Le sous-titre ne peut pas dépasser ${BANNER_SUBTITLE_MAX_LENGTH} caractères`,
  ).optional(),
  link_url: BannerLinkSchema.optional(),
  position: BannerPositionSchema.optional(),
  is_active: booleanField('Le statut doit être actif ou inactif').optional(),
};

/** The banner form's fields without its picture: what the browser checks before sending. */
export const BannerFormSchema = z.object(bannerFields);

/** POST /admin/banners: JSON (image as a data URL) or multipart (image as a file); the image is required. */
export const CreateBannerInputSchema = z.object({
  ...bannerFields,
  image: z
    .unknown()
    .refine((value) => value !== undefined && value !== '', { error: BANNER_IMAGE_REQUIRED })
    .pipe(ImageUploadSchema),
});
export type CreateBannerInput = z.output<typeof CreateBannerInputSchema>;

/** PUT /admin/banners/:id: any of the fields (the toggle sends only is_active). */
export const UpdateBannerInputSchema = z.object({ ...bannerFields, image: ImageUploadSchema }).partial();
export type UpdateBannerInput = z.output<typeof UpdateBannerInputSchema>;

// What the API answers once a banner is saved.
export const bannerCreated = (title: string) => `Bannière « ${title} » créée avec succès`;
/** `switched`: the change only switched it on or off (switchedTo). */
export const bannerUpdated = (title: string, switched?: boolean) =>
  `Bannière « ${title} » ${savedAs(switched)} avec succès`;
export const bannerDeleted = (title: string) => `Bannière « ${title} » supprimée avec succès`;

export const BANNER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type BannerStatusFilter = (typeof BANNER_STATUS_FILTERS)[number];

export const AdminBannerListQuerySchema = z.object({
  search: SearchTextSchema.optional(),
  status: z.enum(BANNER_STATUS_FILTERS, { error: 'Filtre de statut inconnu' }).default('all'),
});
export type AdminBannerListQuery = z.infer<typeof AdminBannerListQuerySchema>;

export const AdminBannerSchema = BannerSchema.extend({ created_at: z.string() });
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

export const AdminBannerListSchema = z.object({
  /** The banners the search and status keep, by position. */
  banners: z.array(AdminBannerSchema),
  /** Over every banner, whatever the filters. */
  counters: z.object({ total: z.number(), active: z.number(), inactive: z.number() }),
});
export type AdminBannerList = z.infer<typeof AdminBannerListSchema>;

export const AdminBannerEnvelopeSchema = z.object({ banner: AdminBannerSchema });
